"""The processes bench/gateway.py puts under load: the daemon and the bare baseline app.

Both are subprocesses on 127.0.0.1 ports the kernel picked; both are stopped
with SIGTERM (then SIGKILL after a bound) by whoever started them.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import tomli_w

SCRIPT = {
    "default": {"reply": "No rule for: {user}"},
    "rule": [{"match": "list files", "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
              "reply": "The directory holds:\n{result:1}\n\n[receipt: {receipt:1}]"}],
}
SERVER_CODE = ("import sys; from zeroclaw_daemon.daemon.service import run_daemon; "
               "sys.exit(run_daemon(sys.argv[1], use_uvloop=sys.argv[2] == 'uvloop'))")
READY_TIMEOUT_S = 30.0


def rss_kib(pid: int) -> int:
    """Resident set size of ``pid`` in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for pid {pid}")


def established_connections(port: int) -> int:
    """TCP connections in ESTABLISHED state whose local port is ``port`` (Linux /proc)."""
    wanted = f":{port:04X}"
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table, encoding="ascii") as lines:
            next(lines)
            for line in lines:
                fields = line.split(None, 4)
                if fields[1].endswith(wanted) and fields[3] == "01":
                    count += 1
    return count


# --- the server -----------------------------------------------------------------------------


@dataclass
class Server:
    """A daemon subprocess on a loopback port."""

    proc: subprocess.Popen[bytes]
    port: int
    workdir: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(timeout=10)


def write_config(workdir: Path, max_concurrent_turns: int,
                 ledger_max_entries: int | None = None) -> Path:
    files = workdir / "files"
    files.mkdir()
    for index in range(10):
        (files / f"file-{index:02d}.txt").write_text(f"{index}\n", encoding="utf-8")
    script = workdir / "script.toml"
    script.write_text(tomli_w.dumps(SCRIPT), encoding="utf-8")
    config = {
        "daemon": {"state_dir": str(workdir / "state"), "drain_timeout_s": 10.0,
                   "max_concurrent_turns": max_concurrent_turns},
        "logging": {"filter": "warn"},
        "provider": {"kind": "scripted", "script": str(script)},
        "tools": {"files": {"root": str(files)}, "shell": {"enabled": False},
                  "http_get": {"enabled": False}},
        # Every bench client is 127.0.0.1: lift the per-client limits, this measures throughput.
        "channels": {"gateway": {"listen": "127.0.0.1:0",
                                 "max_concurrent_turns_per_client": 100_000,
                                 "turns_per_minute_per_client": 100_000_000}},
    }
    if ledger_max_entries is not None:
        config["agent"] = {"tool_receipts": {"ledger_max_entries": ledger_max_entries}}
    path = workdir / "zeroclaw.toml"
    path.write_text(tomli_w.dumps(config), encoding="utf-8")
    return path


def start_server(loop: str, workdir: Path, max_concurrent_turns: int,
                 ledger_max_entries: int | None = None) -> Server:
    """Start the daemon; wait for READY=1 and read the port from its STATUS line."""
    config = write_config(workdir, max_concurrent_turns, ledger_max_entries)
    notify_path = workdir / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.bind(str(notify_path))
        env = {**os.environ, "NOTIFY_SOCKET": str(notify_path)}
        for name in ("ZEROCLAW_LOG", "RUST_LOG", "WATCHDOG_USEC"):
            env.pop(name, None)
        proc = subprocess.Popen([sys.executable, "-c", SERVER_CODE, str(config), loop],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                env=env, cwd=workdir)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or proc.poll() is not None:
                proc.kill()
                raise RuntimeError(f"daemon ({loop}) did not become ready")
            notify.settimeout(remaining)
            try:
                message = notify.recv(4096).decode()
            except TimeoutError:
                continue
            fields = dict(line.split("=", 1) for line in message.split("\n") if "=" in line)
            if fields.get("READY") == "1":
                port = int(fields["STATUS"].rsplit(":", 1)[1].split(";")[0])
                return Server(proc, port, workdir)


def start_bare_app(loop: str, http: str) -> tuple[subprocess.Popen[bytes], int]:
    """The bare Starlette baseline (bench/_bare_app.py); its port from its first line."""
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("_bare_app.py")),
                             loop, http], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    ready = threading.Event()
    port: list[int] = []

    def read_port() -> None:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if line.strip().isdigit():
            port.append(int(line))
        ready.set()

    threading.Thread(target=read_port, daemon=True).start()
    if not ready.wait(READY_TIMEOUT_S) or not port:
        proc.kill()
        proc.wait(10)
        raise RuntimeError("the bare Starlette app did not start")
    return proc, port[0]


def stop_process(proc: subprocess.Popen[bytes]) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(timeout=10)
