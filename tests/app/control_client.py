#!/usr/bin/env python3
"""An independent control API client (python3-websockets, not Qt) for tst_app_control.

Usage: control_client.py URL TOKEN GOAL [--stall SECONDS]
URL is ws://HOST:PORT, or unix:PATH for the server's Unix socket. Authenticates with an
Authorization header (refused: prints "ERROR <code> <message>" and exits 1), starts a run of
GOAL, subscribes to it from seq 1, answers every approval with "once", and prints one line per
event type it saw, then "END <status> <first seq>-<last seq> <count>". With --stall it reads nothing for SECONDS after
subscribing (a slow client): told it lags, it prints "LAGGING <last seq>" and subscribes again
from the next seq. Exits 0 when the run ended with every seq seen once and in order.
"""
import asyncio
import json
import sys

import websockets


async def connect(url, token):
    headers = {"Authorization": "Bearer " + token}
    if url.startswith("unix:"):
        opener = lambda **kwargs: websockets.unix_connect(url[len("unix:"):], "ws://localhost/",
                                                          **kwargs)
    else:
        opener = lambda **kwargs: websockets.connect(url, **kwargs)
    try:  # websockets >= 14 (Debian 13)
        return await opener(additional_headers=headers, max_size=None)
    except TypeError:  # websockets 10 (Debian 12)
        return await opener(extra_headers=headers, max_size=None)


async def main(url, token, goal, stall):
    socket = await connect(url, token)
    hello = json.loads(await socket.recv())
    if hello["type"] == "error":  # refused: the token is wrong
        print("ERROR", hello["code"], hello["message"])
        return 1
    assert hello["type"] == "hello" and hello["authenticated"], hello
    await socket.send(json.dumps({"v": 1, "id": "start", "type": "run.start", "goal": goal}))
    run_id = None
    seqs = []
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 120))
        if message["type"] == "result" and message.get("id") == "start":
            run_id = message["run_id"]
            await socket.send(json.dumps({"v": 1, "id": "sub", "type": "run.subscribe",
                                          "run_id": run_id, "from_seq": 1}))
            if stall:
                await asyncio.sleep(stall)
        elif message["type"] == "error":
            print("ERROR", message["code"], message["message"])
            return 1
        elif message["type"] == "lagging":
            last = message["last_seq"]
            print("LAGGING", last)
            await socket.send(json.dumps({"v": 1, "id": "again", "type": "run.subscribe",
                                          "run_id": run_id, "from_seq": last + 1}))
        elif message["type"] == "event":
            event = message["event"]
            seqs.append(event["seq"])
            print("EVENT", event["type"])
            if event["type"] == "approval_required":
                await socket.send(json.dumps({
                    "v": 1, "id": "ok", "type": "approval.answer", "run_id": run_id,
                    "step_id": event["payload"]["step_id"], "decision": "once"}))
            if event["type"] == "workflow_complete":
                print("END", event["payload"]["status"], "%d-%d" % (seqs[0], seqs[-1]),
                      len(seqs))
                await socket.close()
                return 0 if seqs == list(range(1, len(seqs) + 1)) else 1


if __name__ == "__main__":
    stall = float(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--stall" else 0
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], stall)))
