#!/usr/bin/env python3
"""Boots the VM image of scripts/build-vm-image.sh for real with plain qemu-system-x86_64 (TCG by
default: KVM is never assumed) and checks, over the virtio-serial port, everything up to "the host
can talk to terrarium-agent": agent.ready, ping, info, exec with separate stdout and stderr and an
exit code, a pty, that a disconnect ends the connection's jobs and a reconnect gets a new
agent.ready, the login shell on the serial console, the network when the VM has a NIC, and that
system.poweroff ends QEMU.

    tst_vmimage_boot.py IMAGE_DIR AGENT [--runs N] [--accel tcg] [--no-network] [--verbose]

AGENT is the terrarium-agent the image must have been built with (its sha256 is in the
manifest). Prints "ok: ..." per check and "figure: NAME VALUE UNIT" lines (boot time: QEMU start
to agent.ready), then "N passed, N failed". Exit status 0 when everything passed, 1 when
something failed, 77 when it cannot run here (no qemu-system-x86_64 or qemu-img).
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

SKIP = 77


class Failure(Exception):
    pass


class Lines:
    """Newline-delimited JSON over a stream socket."""

    def __init__(self, sock, name):
        self.sock = sock
        self.name = name
        self.buffer = b""

    def next(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"{self.name}: nothing within {timeout:.0f} s")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                raise Failure(f"{self.name}: the connection closed")
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        if os.environ.get("TERRARIUM_VMCHECK_TRACE"):
            print(f"  {self.name} <- {line[:200].decode(errors='replace')}")
        return json.loads(line)


class Agent:
    """One connection to the agent's port."""

    def __init__(self, path, timeout):
        self.sock = connect(path, timeout)
        self.lines = Lines(self.sock, "agent")
        self.next_id = 1
        # Every connection starts with agent.hello, and everything before its answer belongs
        # to an earlier connection (see PROTOCOL.md).
        self.send("agent.hello", ident=0)
        self.ready_at = None
        deadline = time.monotonic() + timeout
        while True:
            message = self.lines.next(max(0.1, deadline - time.monotonic()))
            if message.get("method") == "agent.ready" and self.ready_at is None:
                self.ready_at = time.monotonic()
            if message.get("id") == 0 and "result" in message:
                self.ready = message["result"]
                self.ready_at = self.ready_at or time.monotonic()
                break

    def send(self, method, params=None, ident=None):
        message = {"jsonrpc": "2.0", "method": method}
        if ident is not None:
            message["id"] = ident
        if params is not None:
            message["params"] = params
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def call(self, method, params=None, timeout=30):
        ident = self.next_id
        self.next_id += 1
        self.send(method, params, ident)
        notes = []
        while True:
            message = self.lines.next(timeout)
            if message.get("id") == ident:
                if "error" in message:
                    raise Failure(f"{method}: error {message['error']}")
                return message["result"], notes
            notes.append(message)
            if message.get("method") == "exec.output":
                self.send("exec.ack", {"job": message["params"]["job"],
                                       "bytes": len(base64.b64decode(message["params"]["data"]))})

    def exec(self, command, timeout=60):
        result, notes = self.call("exec", {"command": command}, timeout)
        out = {"stdout": b"", "stderr": b""}
        for note in notes:
            if note.get("method") == "exec.output":
                out[note["params"]["stream"]] += base64.b64decode(note["params"]["data"])
        return result, out["stdout"].decode(errors="replace"), out["stderr"].decode(errors="replace")

    def close(self):
        self.sock.close()


def connect(path, timeout):
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            return sock
        except (FileNotFoundError, ConnectionRefusedError):
            sock.close()
            if time.monotonic() > deadline:
                raise Failure(f"cannot connect to {path} within {timeout:.0f} s")
            time.sleep(0.01)


class Check:
    def __init__(self, verbose):
        self.passed = 0
        self.failed = 0
        self.verbose = verbose

    def that(self, condition, what, detail=""):
        if condition:
            self.passed += 1
            print(f"ok: {what}")
        else:
            self.failed += 1
            print(f"FAIL: {what}" + (f" ({detail})" if detail else ""))
        sys.stdout.flush()
        return condition


class Vm:
    def __init__(self, image, manifest, work, accel, network):
        self.work = work
        self.agent_socket = os.path.join(work, "agent.sock")
        self.serial_socket = os.path.join(work, "serial.sock")
        self.overlay = os.path.join(work, "overlay.qcow2")
        self.log_path = os.path.join(work, "qemu.log")
        for path in (self.agent_socket, self.serial_socket, self.overlay):
            if os.path.exists(path):
                os.unlink(path)
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-F", "qcow2", "-b",
                        os.path.join(image, manifest["files"]["disk"]), self.overlay], check=True)
        command = ["qemu-system-x86_64", "-machine", f"q35,accel={accel}", "-m", "512",
                   "-smp", "1", "-nographic", "-nodefaults", "-no-user-config",
                   "-kernel", os.path.join(image, manifest["files"]["kernel"])]
        if manifest["files"].get("initrd"):
            command += ["-initrd", os.path.join(image, manifest["files"]["initrd"])]
        command += ["-append", manifest["cmdline"],
                    "-drive", f"file={self.overlay},if=virtio,format=qcow2",
                    "-device", "virtio-serial",
                    "-chardev", f"socket,id=agent,path={self.agent_socket},server=on,wait=off",
                    "-device", "virtserialport,chardev=agent,name=" + manifest["agent"]["port"],
                    "-chardev", f"socket,id=serial,path={self.serial_socket},server=on,wait=off,"
                                f"logfile={work}/serial.log",
                    "-serial", "chardev:serial"]
        if network:
            # The guest only ever talks to 10.0.2.2 here, which slirp maps to this machine's
            # loopback.
            command += ["-netdev", "user,id=net0", "-device", "virtio-net-pci,netdev=net0"]
        self.log = open(self.log_path, "w")
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=subprocess.STDOUT)

    def wait(self, timeout):
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()

    def serial_tail(self, lines=30):
        try:
            with open(os.path.join(self.work, "serial.log"), errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""


def console_check(vm, check):
    """The login shell on ttyS0 answers."""
    sock = connect(vm.serial_socket, 5)
    try:
        sock.sendall(b"\recho console-$((6*7))\r")
        seen = b""
        deadline = time.monotonic() + 20
        while b"console-42" not in seen and time.monotonic() < deadline:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                data = sock.recv(4096)
            except socket.timeout:
                continue
            if not data:
                break
            seen += data
        check.that(b"console-42" in seen, "the serial console runs a shell",
                   seen[-200:].decode(errors="replace"))
    finally:
        sock.close()


def network_check(agent, check):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(30)
    port = listener.getsockname()[1]
    try:
        result, out, err = agent.exec(
            "cat /etc/resolv.conf; hostname -I; "
            f"python3 -c \"import socket; socket.create_connection(('10.0.2.2', {port}), 10)"
            ".sendall(b'from-guest')\"")
        check.that(result["exit_code"] == 0 and "nameserver 10.0.2.3" in out
                   and "10.0.2.15" in out, "the NIC is up with 10.0.2.15 and DNS 10.0.2.3",
                   out + err)
        try:
            conn, _ = listener.accept()
            conn.settimeout(10)
            data = conn.recv(100)
            conn.close()
        except socket.timeout:
            data = b""
        check.that(data == b"from-guest", "the guest reaches the host through the gateway",
                   repr(data))
    finally:
        listener.close()


def boot_once(image, manifest, work, args, check, full):
    """One boot; returns the seconds from QEMU start to agent.ready, or None."""
    try:
        vm = Vm(image, manifest, work, args.accel, network=full and args.network)
    except (OSError, subprocess.CalledProcessError) as error:
        check.that(False, "QEMU starts", error)
        return None
    try:
        agent = Agent(vm.agent_socket, 120)
        boot = agent.ready_at - vm.started
        check.that(agent.ready.get("pid") == 1, f"agent.ready after {boot:.2f} s", agent.ready)
        if not full:
            result, _ = agent.call("system.poweroff")
            check.that(vm.wait(30) == 0, "system.poweroff ends QEMU")
            return boot

        result, _ = agent.call("ping")
        check.that(result == {"pong": True}, "ping")
        info, _ = agent.call("info")
        check.that(info.get("hostname") == "terrarium" and info.get("pid") == 1
                   and info.get("kernel") == manifest["kernel"]["release"]
                   and info.get("user") == "root", "info", info)

        result, out, err = agent.exec("echo to-stdout; echo to-stderr >&2; exit 3")
        check.that(result["exit_code"] == 3 and out == "to-stdout\n" and err == "to-stderr\n",
                   "exec: separate stdout and stderr, exit code", (result, out, err))

        # Built as root or in a user namespace: either way the files belong to root inside.
        result, out, _ = agent.exec("stat -c '%U:%G %a' /usr/bin/bash /usr/bin/passwd /etc/shadow")
        check.that(out.split("\n")[:3] == ["root:root 755", "root:root 4755", "root:shadow 640"],
                   "owners and modes in the image", out)

        installed = manifest["agent"].get("installed_sha256")
        result, out, _ = agent.exec("sha256sum /sbin/terrarium-agent")
        check.that(installed is None or out.split(" ")[0] == installed,
                   "the image runs the agent of its manifest", out)

        result, notes = agent.call("pty.open", {"command": "tty; echo pty-$((6*7)); exit 5"})
        pty = result["pty"]
        data = b""
        exit_code = None
        for note in notes:
            if note.get("method") == "pty.output":
                data += base64.b64decode(note["params"]["data"])
        while exit_code is None:
            note = agent.lines.next(30)
            if note.get("method") == "pty.output" and note["params"]["pty"] == pty:
                data += base64.b64decode(note["params"]["data"])
            elif note.get("method") == "pty.exit" and note["params"]["pty"] == pty:
                exit_code = note["params"]["exit_code"]
        check.that(b"/dev/pts/" in data and b"pty-42" in data and exit_code == 5,
                   "pty.open runs a command on a terminal", (data, exit_code))

        # A job still running when the host goes away is ended with the connection, whether the
        # host comes back after a while (the agent sees the port close) or at once (agent.hello
        # tells it).
        for pause, how in ((2.0, "after a pause"), (0.0, "at once")):
            agent.send("exec", {"argv": ["sleep", "1000"]}, 1000)
            started = agent.lines.next(30)
            sleeper = started.get("params", {}).get("pid", 0)
            agent.close()
            time.sleep(pause)
            reconnect_started = time.monotonic()
            agent = Agent(vm.agent_socket, 30)
            check.that(True, f"a reconnect {how} gets an answer to agent.hello after "
                             f"{agent.ready_at - reconnect_started:.2f} s")
            result, out, _ = agent.exec(
                f"for i in $(seq 50); do [ -e /proc/{sleeper} ] || break; sleep 0.1; done; "
                f"[ -e /proc/{sleeper} ] && echo alive || echo gone")
            check.that(sleeper > 1 and out.strip() == "gone",
                       f"the job of the connection lost {how} was ended", out)
            result, _ = agent.call("ping")
            check.that(result == {"pong": True}, f"ping after the reconnect {how}")

        console_check(vm, check)
        if args.network:
            network_check(agent, check)

        asked = time.monotonic()
        result, _ = agent.call("system.poweroff")
        check.that(result == {}, "system.poweroff answers {}")
        status = vm.wait(60)
        check.that(status == 0, f"QEMU exits after system.poweroff "
                                f"({time.monotonic() - asked:.2f} s)",
                   f"status {status}\n--- serial console ---\n{vm.serial_tail()}")
        return boot
    except (Failure, OSError, KeyError, json.JSONDecodeError) as error:
        check.that(False, "the VM works", f"{error}\n--- serial console ---\n{vm.serial_tail()}")
        return None
    finally:
        vm.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("image")
    parser.add_argument("agent")
    parser.add_argument("--runs", type=int, default=1,
                        help="boots in all; the extra ones only measure the time to agent.ready")
    parser.add_argument("--accel", default="tcg", help="QEMU accelerator (default tcg)")
    parser.add_argument("--no-network", dest="network", action="store_false",
                        help="boot the full check without a NIC")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    args.image = os.path.abspath(args.image)

    for tool in ("qemu-system-x86_64", "qemu-img"):
        if not shutil.which(tool):
            print(f"skip: {tool} is not installed (Debian: apt install qemu-system-x86 qemu-utils)")
            return SKIP
    check = Check(args.verbose)
    try:
        with open(os.path.join(args.image, "manifest.json")) as file:
            manifest = json.load(file)
        with open(args.agent, "rb") as file:
            agent_sha = hashlib.sha256(file.read()).hexdigest()
    except (OSError, ValueError) as error:
        print(f"FAIL: cannot read the image or the agent: {error}")
        print("0 passed, 1 failed")
        return 1
    if not check.that(manifest["agent"].get("source_sha256") == agent_sha,
                      "the image was built with this agent",
                      f"rebuild it: scripts/build-vm-image.sh --output {args.image} "
                      f"--agent {args.agent}"):
        print(f"{check.passed} passed, {check.failed} failed")
        return 1

    work = tempfile.mkdtemp(prefix="terrarium-vmcheck-")
    boots = []
    try:
        for run in range(args.runs):
            boot = boot_once(args.image, manifest, work, args, check, full=run == 0)
            if boot is not None:
                boots.append(boot)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if boots:
        print(f"figure: boot_to_agent_ready_median {statistics.median(boots):.2f} s")
        print(f"figure: boot_to_agent_ready_runs {' '.join(f'{b:.2f}' for b in boots)} s")
    print(f"{check.passed} passed, {check.failed} failed")
    return 0 if check.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
