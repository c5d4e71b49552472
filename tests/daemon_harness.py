"""Run the real daemon as a subprocess: temp config, free port, a test NOTIFY_SOCKET.

    with start_daemon(tmp_path) as daemon:
        daemon.wait_notify("READY=1")
        httpx.post(daemon.url("/v1/turns"), json=...)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()

The gateway listens on ``127.0.0.1:0``; the harness learns the port from the
daemon's ``STATUS=... gateway listening on HOST:PORT`` notify line (the same
line systemd shows in ``systemctl status``). Every wait has a timeout.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextlib import ExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import tomli_w
from ngircd_fixture import IrcTestClient, NgircdServer

LISTENING_RE = re.compile(r"gateway listening on \[?([0-9a-fA-F.:]+)\]?:(\d+)")
DEFAULT_TIMEOUT_S = 20.0

# A script for the scripted model that the lifecycle tests drive.
TEST_SCRIPT = {
    "default": {"reply": "No rule for: {user}"},
    "rule": [
        {"match": "^list files", "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
         "reply": "The directory holds:\n{result:1}\n\n[receipt: {receipt:1}]"},
        {"match": "^how many files",
         "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
         "reply": "I listed the directory with list_dir: there are 42 files in it. "
                  "[receipt: {receipt:1}]"},
        {"match": "^slow", "steps": [[{"tool": "shell", "args": {"argv": ["sleep", "2"]}}]],
         "reply": "Slept. [receipt: {receipt:1}]"},
        # Load tests: a turn that stays in flight a while (0.3 s shell call) and earns two
        # receipts; the reply quotes the message so each answer can be matched to its request.
        {"match": "^load ",
         "steps": [[{"tool": "shell", "args": {"argv": ["sleep", "0.3"]}},
                    {"tool": "list_dir", "args": {"path": "."}}]],
         "reply": "Answer to {user}: I listed the directory with list_dir:\n{result:2}\n\n"
                  "[receipt: {receipt:1}] [receipt: {receipt:2}]"},
        {"match": "^very slow",
         "steps": [[{"tool": "shell", "args": {"argv": ["sleep", "30"]}}]],
         "reply": "Slept long. [receipt: {receipt:1}]"},
    ],
}


def daemon_config(tmp_path: Path, **sections: Mapping[str, Any]) -> dict[str, Any]:
    """A config for a daemon under test: scripted model, gateway on 127.0.0.1:0,
    everything else in ``tmp_path``. ``sections`` are merged over it, table by table."""
    workdir = tmp_path / "work"
    workdir.mkdir(exist_ok=True)
    for name in ("alpha.txt", "beta.txt", "gamma.txt"):
        (workdir / name).write_text(f"{name}\n", encoding="utf-8")
    script = tmp_path / "script.toml"
    script.write_text(tomli_w.dumps(TEST_SCRIPT), encoding="utf-8")
    config: dict[str, Any] = {
        "daemon": {"state_dir": str(tmp_path / "state"), "drain_timeout_s": 10.0},
        "logging": {"filter": "info", "format": "console"},
        "provider": {"kind": "scripted", "script": str(script)},
        "agent": {"autonomy": "full"},
        "tools": {"shell": {"allow": ["ls", "echo", "sleep"], "workdir": str(workdir)},
                  "files": {"root": str(workdir)},
                  "http_get": {"enabled": False}},
        "channels": {"gateway": {"listen": "127.0.0.1:0"}},
    }
    for name, values in sections.items():
        _merge(config.setdefault(name, {}), values)
    return config


def _merge(target: dict[str, Any], update: Mapping[str, Any]) -> None:
    for key, value in update.items():
        if isinstance(value, Mapping) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value


def write_config(path: Path, config: Mapping[str, Any]) -> Path:
    path.write_text(tomli_w.dumps(dict(config)), encoding="utf-8")
    return path


def daemon_argv(config_path: Path) -> list[str]:
    """``python -m zeroclaw_daemon daemon --config X``: the command a user runs, through
    the ``zeroclaw`` group (which sets logging up before the daemon does)."""
    return [sys.executable, "-m", "zeroclaw_daemon", "daemon", "--config", str(config_path)]


class NotifyListener:
    """The service manager's side of sd_notify: a datagram socket collecting messages."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.messages: list[dict[str, str]] = []
        self._cond = threading.Condition()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.bind(str(path))
        self._sock.settimeout(0.2)
        self._closed = False
        self._thread = threading.Thread(target=self._read, name="notify-listener", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._closed:
            try:
                data = self._sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            fields = dict(line.split("=", 1) for line in data.decode().split("\n") if "=" in line)
            with self._cond:
                self.messages.append(fields)
                self._cond.notify_all()

    def wait_for(self, predicate: Callable[[dict[str, str]], bool], *, after: int = 0,
                 timeout: float = DEFAULT_TIMEOUT_S) -> tuple[int, dict[str, str]]:
        """The first message at index >= ``after`` matching ``predicate``, and its index."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for index in range(after, len(self.messages)):
                    if predicate(self.messages[index]):
                        return index, self.messages[index]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(f"no matching notify message in {timeout} s; "
                                       f"got {self.messages}")
                self._cond.wait(remaining)

    def close(self) -> None:
        self._closed = True
        self._thread.join(2)
        self._sock.close()


@dataclass
class DaemonProcess:
    """A running daemon subprocess and what it said."""

    proc: subprocess.Popen[bytes]
    notify: NotifyListener
    config_path: Path
    log_path: Path
    host: str = ""
    port: int = 0
    ready_index: int = -1
    env: dict[str, str] = field(default_factory=dict)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def url(self, path: str) -> str:
        return f"http://{self.host}:{self.port}{path}"

    def send_signal(self, signum: int) -> None:
        self.proc.send_signal(signum)

    def wait_notify(self, field_value: str, *, after: int = 0,
                    timeout: float = DEFAULT_TIMEOUT_S) -> tuple[int, dict[str, str]]:
        """The first message carrying ``KEY=value`` (e.g. "READY=1") at index >= ``after``."""
        key, _, value = field_value.partition("=")
        return self.notify.wait_for(lambda m: m.get(key) == value, after=after,
                                    timeout=timeout)

    def wait_ready(self, *, after: int = 0, timeout: float = DEFAULT_TIMEOUT_S) -> dict[str, str]:
        """Wait for READY=1 and learn the gateway's port from its STATUS line."""
        try:
            index, message = self.wait_notify("READY=1", after=after, timeout=timeout)
        except TimeoutError:
            raise TimeoutError(f"daemon not ready; exit={self.proc.poll()} "
                               f"log:\n{self.log_text()}") from None
        self.ready_index = index
        match = LISTENING_RE.search(message.get("STATUS", ""))
        if match:
            self.host, self.port = match.group(1), int(match.group(2))
        return message

    def wait_exit(self, timeout: float = DEFAULT_TIMEOUT_S) -> int:
        return self.proc.wait(timeout=timeout)

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_turns_in_flight(self, count: int, timeout: float = 10.0) -> None:
        """Poll /healthz until at least ``count`` turns are in flight."""
        deadline = time.monotonic() + timeout
        while httpx.get(self.url("/healthz"), timeout=5).json()["turns_in_flight"] < count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"fewer than {count} turns in flight after {timeout} s")
            time.sleep(0.05)

    def wait_log(self, pattern: str, timeout: float = DEFAULT_TIMEOUT_S) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            match = regex.search(self.log_text())
            if match:
                return match
            if time.monotonic() > deadline:
                raise TimeoutError(f"{pattern!r} not logged in {timeout} s:\n{self.log_text()}")
            time.sleep(0.05)

    def rewrite_config(self, config: Mapping[str, Any] | None = None, *,
                       text: str | None = None) -> None:
        """Replace the config file (atomically, as an editor or config manager would)."""
        body = text if text is not None else tomli_w.dumps(dict(config or {}))
        tmp = self.config_path.with_suffix(".tmp")
        tmp.write_text(body, encoding="utf-8")
        os.replace(tmp, self.config_path)


@contextmanager
def start_daemon(tmp_path: Path, config: Mapping[str, Any] | None = None, *,
                 env: Mapping[str, str] | None = None, wait_ready: bool = True,
                 timeout: float = DEFAULT_TIMEOUT_S) -> Iterator[DaemonProcess]:
    """Start the daemon on ``config`` (default :func:`daemon_config`); kill it at the end."""
    config_path = write_config(tmp_path / "zeroclaw.toml", config or daemon_config(tmp_path))
    notify = NotifyListener(tmp_path / "notify.sock")
    log_path = tmp_path / "daemon.log"
    child_env = {k: v for k, v in os.environ.items()
                 if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID",
                              "ZEROCLAW_LOG", "RUST_LOG", "STATE_DIRECTORY")}
    child_env.update({"NOTIFY_SOCKET": str(notify.path), "PYTHONUNBUFFERED": "1"})
    child_env.update(env or {})
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(daemon_argv(config_path), stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT, env=child_env,
                                cwd=tmp_path)
    daemon = DaemonProcess(proc, notify, config_path, log_path, env=child_env)
    try:
        if wait_ready:
            daemon.wait_ready(timeout=timeout)
        yield daemon
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        notify.close()


IRC_BOT_NICK = "zcbot"
IRC_CHANNEL = "#zeroclaw"


@asynccontextmanager
async def daemon_with_irc_user(
        tmp_path: Path, make_config: Callable[..., dict[str, Any]],
) -> AsyncIterator[tuple[IrcTestClient, DaemonProcess]]:
    """A real ngircd, the user ``alice`` joined to #zeroclaw, and a daemon on
    ``make_config(tmp_path, channels={"irc": ...})`` whose bot ``zcbot`` has joined it too
    (alice allowed); the daemon is killed, alice leaves and ngircd stops at the end."""
    irc_dir = tmp_path / "irc"
    irc_dir.mkdir()
    server = NgircdServer(irc_dir)
    await anyio.to_thread.run_sync(server.start)
    user = IrcTestClient(server.port, "alice")
    config = make_config(tmp_path, channels={"irc": {
        "enabled": True, "server": "127.0.0.1", "port": server.port, "nick": IRC_BOT_NICK,
        "channels": [IRC_CHANNEL], "allowed_users": ["alice"]}})
    try:
        await user.connect()
        await user.join(IRC_CHANNEL)
        with ExitStack() as stack:
            daemon = await anyio.to_thread.run_sync(stack.enter_context,
                                                    start_daemon(tmp_path, config))
            await user.wait_for_member(IRC_CHANNEL, IRC_BOT_NICK, timeout_s=15)
            yield user, daemon
    finally:
        await user.close()
        await anyio.to_thread.run_sync(server.stop)
