#!/usr/bin/env python3
"""An independent control API client (python3-websockets, not Qt) for tst_app_control.

Usage: control_client.py URL TOKEN GOAL [--stall SECONDS] [--send-token]
URL is ws://HOST:PORT, or unix:PATH for the server's Unix socket. Authenticates without sending
the token (docs/CONTROL_API.md): the server must prove it knows the token for the address
connected to before anything else is sent; on the Unix socket the server's process must be the
user's own (SO_PEERCRED). Refused, or a server that cannot prove it: prints
"ERROR <code> <message>" and exits 1. Then starts a run of GOAL, subscribes to it from seq 1,
answers every approval with "once", and prints one line per event type it saw, then
"END <status> <first seq>-<last seq> <count>". With --stall it reads nothing for SECONDS after
subscribing (a slow client): told it lags, it prints "LAGGING <last seq>" and subscribes again
from the next seq. With --send-token it sends the token itself in an Authorization header
instead, as clients before the challenge did (taken on the Unix socket only). Exits 0 when the
run ended with every seq seen once and in order.
"""
import asyncio
import hashlib
import hmac
import json
import os
import secrets
import socket
import struct
import sys

import websockets


def proof(token, role, server_nonce, client_nonce, endpoint):
    message = "|".join(["terrarium-control-v1", role, server_nonce, client_nonce, endpoint])
    return hmac.new(token.encode(), message.encode(), hashlib.sha256).hexdigest()


def endpoint_of(address):
    # What the client connected to, as the server names its own address: "127.0.0.1:7424",
    # "[::1]:7424".
    host, port = address[0], address[1]
    return "[%s]:%d" % (host, port) if ":" in host else "%s:%d" % (host, port)


async def open_socket(url, headers):
    kwargs = {"max_size": None}
    if headers:
        kwargs["extra_headers"] = headers
    if url.startswith("unix:"):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(url[len("unix:"):])
        # Only a server of this user's may hear anything, even the nonce.
        _, uid, _ = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                        struct.calcsize("3i")))
        if uid != os.geteuid():
            sock.close()
            raise PermissionError("the socket is served by uid %d, not by you" % uid)
        opener = lambda **kw: websockets.unix_connect(None, "ws://localhost/", sock=sock, **kw)
    else:
        opener = lambda **kw: websockets.connect(url, **kw)
    try:
        return await opener(**kwargs)
    except TypeError:  # websockets >= 14 (Debian 13) names the headers additional_headers
        if headers:
            kwargs["additional_headers"] = kwargs.pop("extra_headers")
        return await opener(**kwargs)


async def authenticate(ws, url, token, hello):
    """None once authenticated, else why not."""
    endpoint = "unix" if url.startswith("unix:") else endpoint_of(ws.remote_address)
    nonce = secrets.token_hex(32)
    await ws.send(json.dumps({"v": 1, "id": "challenge", "type": "auth.challenge",
                              "nonce": nonce}))
    reply = json.loads(await ws.recv())
    if reply["type"] == "error":
        return "%s %s" % (reply["code"], reply["message"])
    expected = proof(token, "server", hello.get("challenge", ""), nonce, endpoint)
    # Nothing more before the server has proved it knows the token, for this very address.
    if not hmac.compare_digest(expected, str(reply.get("proof", ""))):
        return "authentication the server at %s did not prove it knows the token" % endpoint
    await ws.send(json.dumps({"v": 1, "id": "auth", "type": "auth",
                              "proof": proof(token, "client", hello["challenge"], nonce,
                                             endpoint)}))
    reply = json.loads(await ws.recv())
    if reply["type"] == "error":
        return "%s %s" % (reply["code"], reply["message"])
    return None


async def main(url, token, goal, stall, send_token):
    headers = {"Authorization": "Bearer " + token} if send_token else None
    try:
        ws = await open_socket(url, headers)
    except PermissionError as refusal:
        print("ERROR permission", refusal)
        return 1
    hello = json.loads(await ws.recv())
    if hello["type"] == "error":  # refused at once: a wrong token in the header
        print("ERROR", hello["code"], hello["message"])
        return 1
    assert hello["type"] == "hello", hello
    if not hello["authenticated"]:
        refused = await authenticate(ws, url, token, hello)
        if refused:
            print("ERROR", refused)
            await ws.close()
            return 1
    await ws.send(json.dumps({"v": 1, "id": "start", "type": "run.start", "goal": goal}))
    run_id = None
    seqs = []
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 120))
        if message["type"] == "result" and message.get("id") == "start":
            run_id = message["run_id"]
            await ws.send(json.dumps({"v": 1, "id": "sub", "type": "run.subscribe",
                                      "run_id": run_id, "from_seq": 1}))
            if stall:
                await asyncio.sleep(stall)
        elif message["type"] == "error":
            print("ERROR", message["code"], message["message"])
            return 1
        elif message["type"] == "lagging":
            last = message["last_seq"]
            print("LAGGING", last)
            await ws.send(json.dumps({"v": 1, "id": "again", "type": "run.subscribe",
                                      "run_id": run_id, "from_seq": last + 1}))
        elif message["type"] == "event":
            event = message["event"]
            seqs.append(event["seq"])
            print("EVENT", event["type"])
            if event["type"] == "approval_required":
                await ws.send(json.dumps({
                    "v": 1, "id": "ok", "type": "approval.answer", "run_id": run_id,
                    "step_id": event["payload"]["step_id"], "decision": "once"}))
            if event["type"] == "workflow_complete":
                print("END", event["payload"]["status"], "%d-%d" % (seqs[0], seqs[-1]),
                      len(seqs))
                await ws.close()
                return 0 if seqs == list(range(1, len(seqs) + 1)) else 1


if __name__ == "__main__":
    arguments = sys.argv[1:]
    send_token = "--send-token" in arguments
    if send_token:
        arguments.remove("--send-token")
    stall = float(arguments[4]) if len(arguments) > 4 and arguments[3] == "--stall" else 0
    sys.exit(asyncio.run(main(arguments[0], arguments[1], arguments[2], stall, send_token)))
