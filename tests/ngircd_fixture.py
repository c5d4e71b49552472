"""A real ngircd on 127.0.0.1 for tests, and a raw IRC client to play the user.

:class:`NgircdServer` writes a minimal config (no PAM, ident or DNS; no
per-IP limit; penalties off so test clients are not throttled) into a work
directory and runs ``ngircd -n -f CONFIG`` on a free port; it can be killed and
restarted on the same port. Run as root, ngircd drops to ``nobody`` by itself
after reading its config. :class:`IrcTestClient` is a deliberately small client
of its own (it does not reuse the code under test): it registers, answers
PING, joins, sends, and records every line it receives with its byte length.

Install on Debian/Ubuntu: ``apt-get install -y ngircd`` (the package's own
service need not run; these tests start their own server).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest
from anyio.abc import SocketStream

START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0
SERVER_NAME = "irc.zeroclaw.test"


def ngircd_binary() -> str | None:
    """Path of the ngircd executable, or None when it is not installed."""
    found = shutil.which("ngircd")
    if found:
        return found
    return "/usr/sbin/ngircd" if os.access("/usr/sbin/ngircd", os.X_OK) else None


def openssl_binary() -> str | None:
    """Path of the openssl command line tool (used to make a test certificate)."""
    return shutil.which("openssl")


requires_ngircd = pytest.mark.skipif(
    ngircd_binary() is None,
    reason="ngircd is not installed (apt-get install -y ngircd); IRC tests need a real server",
)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class NgircdServer:
    """One ngircd process on 127.0.0.1:``port`` with a generated config."""

    def __init__(self, workdir: Path, port: int | None = None, *,
                 ping_timeout_s: int = 120, tls: bool = False,
                 password: str | None = None) -> None:
        binary = ngircd_binary()
        if binary is None:
            raise RuntimeError("ngircd is not installed")
        self.binary = binary
        self.port = port or free_port()
        self.workdir = workdir
        self.config_path = workdir / "ngircd.conf"
        self.log_path = workdir / "ngircd.log"
        # With tls, a self-signed certificate for 127.0.0.1; clients trust ``cert_path``.
        self.password = password
        self.tls_port: int | None = free_port() if tls else None
        self.cert_path = workdir / "cert.pem"
        self.key_path = workdir / "key.pem"
        if tls:
            self._make_certificate()
        self.config_path.write_text(self._config(ping_timeout_s), encoding="utf-8")
        self._process: subprocess.Popen[bytes] | None = None

    def _make_certificate(self) -> None:
        openssl = openssl_binary()
        if openssl is None:
            raise RuntimeError("openssl is not installed")
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-keyout", str(self.key_path), "-out", str(self.cert_path),
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
            check=True, capture_output=True, timeout=60,
        )

    def _config(self, ping_timeout_s: int) -> str:
        tls_section = [] if self.tls_port is None else [
            "[SSL]",
            f"CertFile = {self.cert_path}",
            f"KeyFile = {self.key_path}",
            f"Ports = {self.tls_port}",
        ]
        return "\n".join([
            "[Global]",
            f"Name = {SERVER_NAME}",
            "Info = zeroclaw test server",
            "AdminInfo1 = zeroclaw tests",
            "AdminInfo2 = 127.0.0.1",
            "AdminEMail = tests@zeroclaw.invalid",
            "Listen = 127.0.0.1",
            f"Ports = {self.port}",
            "MotdPhrase = zeroclaw test server",
            "PidFile =",
            *([f"Password = {self.password}"] if self.password else []),
            "[Limits]",
            "MaxConnectionsIP = 0",
            "MaxNickLength = 30",
            # ngircd's floor is 5 s for both.
            f"PingTimeout = {max(5, ping_timeout_s)}",
            "PongTimeout = 5",
            # 0 turns ngircd's per-command penalty off: the channel's own pacing is under test.
            "MaxPenaltyTime = 0",
            "[Options]",
            "PAM = no",
            "Ident = no",
            "DNS = no",
            *tls_section,
            "",
        ])

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start ngircd and wait until it accepts connections."""
        if self.running:
            raise RuntimeError("ngircd is already running")
        log = self.log_path.open("ab")
        try:
            self._process = subprocess.Popen(
                [self.binary, "-n", "-f", str(self.config_path)],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            )
        finally:
            log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if not self.running:
                raise RuntimeError(f"ngircd exited at start:\n{self.log_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError(
                        f"ngircd did not listen in time:\n{self.log_text()}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: the server vanishes without a goodbye to its clients."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL when it does not exit in time."""
        self._end(signal.SIGTERM)

    def restart(self) -> None:
        """Kill and start again on the same port."""
        self.kill()
        self.start()

    def _end(self, signum: int) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        if process.poll() is None:
            process.send_signal(signum)
            try:
                process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(STOP_TIMEOUT_S)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""


@pytest.fixture
def ngircd(tmp_path: Path) -> Iterator[NgircdServer]:
    """A running ngircd on a free loopback port, stopped after the test."""
    server = NgircdServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@dataclass(frozen=True, slots=True)
class Line:
    """A line the test client received: parsed enough for assertions, and its wire size."""

    raw: str
    wire_bytes: int  # including CRLF, as it came off the socket
    prefix: str
    command: str
    params: tuple[str, ...]

    @property
    def nick(self) -> str:
        return self.prefix.split("!", 1)[0]


def _parse(raw: str, wire_bytes: int) -> Line:
    rest, prefix = raw, ""
    if rest.startswith(":"):
        prefix, _, rest = rest[1:].partition(" ")
    trailing: list[str] = []
    if " :" in rest:
        rest, tail = rest.split(" :", 1)
        trailing = [tail]
    words = rest.split()
    return Line(raw, wire_bytes, prefix, words[0].upper() if words else "",
                tuple(words[1:] + trailing))


class IrcTestClient:
    """A raw-socket IRC user: ``await client.connect()``, then join/say/expect."""

    def __init__(self, port: int, nick: str) -> None:
        self.port = port
        self.nick = nick
        self.password: str | None = None
        self.received: list[Line] = []
        self._unseen: list[Line] = []
        self._buffer = b""
        self._stream: SocketStream | None = None

    async def connect(self, timeout_s: float = 10.0) -> None:
        with anyio.fail_after(timeout_s):
            self._stream = await anyio.connect_tcp("127.0.0.1", self.port)
            self._buffer = b""
            self._unseen = []
            if self.password is not None:
                await self.send(f"PASS {self.password}")
            await self.send(f"NICK {self.nick}")
            await self.send(f"USER {self.nick} 0 * :test user {self.nick}")
            await self.expect(lambda line: line.command == "001")

    async def connect_when_up(self, timeout_s: float = 10.0) -> None:
        """Connect, retrying while the server is still starting."""
        with anyio.fail_after(timeout_s):
            while True:
                try:
                    await self.connect(timeout_s)
                    return
                except OSError:
                    await anyio.sleep(0.05)

    async def send(self, line: str) -> None:
        assert self._stream is not None, "not connected"
        await self._stream.send(line.encode("utf-8") + b"\r\n")

    async def say(self, target: str, text: str) -> None:
        await self.send(f"PRIVMSG {target} :{text}")

    async def join(self, channel: str, timeout_s: float = 10.0) -> None:
        await self.send(f"JOIN {channel}")
        await self.expect(lambda line: line.command == "JOIN" and line.nick == self.nick,
                          timeout_s)

    async def wait_for_member(self, channel: str, nick: str, timeout_s: float = 10.0) -> None:
        """Wait until ``nick`` is in ``channel`` (asks NAMES until it shows)."""
        with anyio.fail_after(timeout_s):
            while True:
                await self.send(f"NAMES {channel}")
                names: set[str] = set()
                while True:
                    line = await self.expect(lambda ln: ln.command in ("353", "366"))
                    if line.command == "366":
                        break
                    names.update(name.lstrip("~&@%+") for name in line.params[-1].split())
                if nick in names:
                    return
                await anyio.sleep(0.1)

    async def expect(self, predicate: Callable[[Line], bool], timeout_s: float = 10.0) -> Line:
        """The next not-yet-seen line matching ``predicate`` (earlier ones are skipped)."""
        with anyio.fail_after(timeout_s):
            while True:
                while self._unseen:
                    line = self._unseen.pop(0)
                    if predicate(line):
                        return line
                await self._read_more()

    async def privmsgs_from(self, nick: str, count: int, timeout_s: float = 10.0
                            ) -> list[Line]:
        """The next ``count`` PRIVMSG lines sent by ``nick``."""
        return [await self.expect(lambda line: line.command == "PRIVMSG" and line.nick == nick,
                                  timeout_s) for _ in range(count)]

    async def _read_more(self) -> None:
        assert self._stream is not None, "not connected"
        data = await self._stream.receive(65536)
        self._buffer += data
        *complete, self._buffer = self._buffer.split(b"\n")
        for raw in complete:
            wire_bytes = len(raw) + 1
            text = raw.rstrip(b"\r").decode("utf-8", errors="replace")
            if not text:
                continue
            line = _parse(text, wire_bytes)
            if line.command == "PING":
                await self.send(f"PONG :{line.params[-1] if line.params else ''}")
                continue
            self.received.append(line)
            self._unseen.append(line)

    async def drain(self, seconds: float) -> None:
        """Read (and record) whatever arrives for ``seconds``."""
        with anyio.move_on_after(seconds):
            while True:
                try:
                    await self._read_more()
                except (anyio.EndOfStream, anyio.BrokenResourceError, OSError):
                    return

    async def close(self) -> None:
        if self._stream is not None:
            stream, self._stream = self._stream, None
            gone = (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError)
            with anyio.CancelScope(shield=True), anyio.move_on_after(1.0):
                with contextlib.suppress(*gone):
                    await stream.send(b"QUIT :bye\r\n")
                await stream.aclose()
