"""The full-session key scan's parts: the session's script and config, the scanner, the
peers it records (see test_key_hygiene_daemon)."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from ngircd_fixture import IrcTestClient, ngircd_binary
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from test_key_hygiene import key_encodings

from tests.fakes import serve_app
from tests.fakes.telegram_server import FakeTelegram

SESSION_TIMEOUT_S = 90.0  # a backstop; the session takes a few seconds
WAIT_S = 20.0
GATEWAY_TOKEN = "gw-token-7f3a9c1e5b2d4a6f8e0c"
TELEGRAM_TOKEN = "7000000001:AAF-hygiene-bot-token_0123456789"
TELEGRAM_USER = 4242
IRC_CHANNEL = "#zeroclaw"
BOT_NICK = "zcbot"
PAGE_TEXT = "hygiene page\nline two of the page\n"
# Files bigger than this among the open files are read only up to it (none are, in practice).
MAX_FD_READ_BYTES = 256 * 1024 * 1024


def session_script(page_url: str) -> dict[str, Any]:
    """One rule per tool (delegate both ways), plus a failing call, a denied call and a
    forged receipt, so every path of the middleware and the audit runs."""
    def rule(match: str, tool: str, args: dict[str, Any], reply: str) -> dict[str, Any]:
        return {"match": match, "steps": [[{"tool": tool, "args": args}]], "reply": reply}

    cited = "\n{result:1}\n\n[receipt: {receipt:1}]"
    return {
        "default": {"reply": "No rule for: {user}"},
        "rule": [
            rule("^list files", "list_dir", {"path": "."}, "I listed with list_dir:" + cited),
            rule("^run echo", "shell", {"argv": ["echo", "hello-from-shell"]},
                 "The shell printed:" + cited),
            # One line: IRC paces replies at a line a second (flood protection).
            rule("^irc echo", "shell", {"argv": ["echo", "hello-from-irc"]},
                 "Shell said {head:1:1} [receipt: {receipt:1}]"),
            rule("^read notes", "read_file", {"path": "notes.txt"}, "notes.txt says:" + cited),
            rule("^write notes", "write_file",
                 {"path": "out/written.txt", "content": "written by zeroclaw\n"},
                 "I wrote out/written.txt:" + cited),
            rule("^fetch page", "http_get", {"url": page_url}, "The page says:" + cited),
            rule("^delegate", "delegate", {"task": "list files"},
                 "The sub-agent answered:" + cited),
            rule("^background", "delegate", {"task": "list files", "background": True},
                 "Started in the background:" + cited),
            rule("^missing file", "read_file", {"path": "missing.txt"},
                 "The file says: {result:1} [receipt: {receipt:1}]"),
            rule("^denied", "shell", {"argv": ["python3", "-c", "print(1)"]},
                 "Python printed: {result:1}"),
            {"match": "^forge", "reply": "All checked. [receipt: {forged}]"},
        ],
    }


def session_config(tmp_path: Path, script: Path, telegram_base: str,
                   irc_port: int | None) -> dict[str, Any]:
    workdir = tmp_path / "work"
    workdir.mkdir(exist_ok=True)
    for name in ("alpha.txt", "beta.txt"):
        (workdir / name).write_text(f"{name}\n", encoding="utf-8")
    (workdir / "notes.txt").write_text("remember the milk\n", encoding="utf-8")
    channels: dict[str, Any] = {
        "gateway": {"listen": "127.0.0.1:0", "auth_token_env": "ZC_HYGIENE_GATEWAY_TOKEN"},
        "telegram": {"enabled": True, "bot_token_env": "ZC_HYGIENE_TELEGRAM_TOKEN",
                     "api_base": telegram_base, "allowed_users": [str(TELEGRAM_USER)],
                     "poll_timeout_s": 1},
    }
    if irc_port is not None:
        channels["irc"] = {"enabled": True, "server": "127.0.0.1", "port": irc_port,
                           "nick": BOT_NICK, "channels": [IRC_CHANNEL],
                           "allowed_users": ["*"]}
    return {
        # store_payloads: args, results and replies go into the audit DB too, so the
        # database scan covers everything a turn touched.
        "daemon": {"state_dir": str(tmp_path / "state"), "drain_timeout_s": 10.0,
                   "store_payloads": True},
        "logging": {"filter": "trace", "format": "json"},
        "provider": {"kind": "scripted", "script": str(script)},
        "agent": {"autonomy": "full", "system_prompt": "You are ZeroClaw (hygiene run).",
                  "tool_receipts": {"show_in_response": True}},
        "tools": {"shell": {"allow": ["echo", "ls"], "workdir": str(workdir)},
                  "files": {"root": str(workdir)},
                  "http_get": {"enabled": True, "allow_private": True, "timeout_s": 10.0}},
        "channels": channels,
    }


@dataclass
class KeyScan:
    """Scans blobs for every encoding of the key; counts what it looked at."""

    key: bytes
    sources: dict[str, int] = field(default_factory=dict)  # where -> bytes scanned
    hits: list[str] = field(default_factory=list)

    def scan(self, where: str, blob: bytes) -> None:
        self.sources[where] = self.sources.get(where, 0) + len(blob)
        for index, encoded in enumerate(key_encodings(self.key)):
            if encoded in blob:
                self.hits.append(f"{where} (encoding #{index})")

    def scan_file(self, where: str, path: Path) -> None:
        with path.open("rb") as handle:
            self.scan(where, handle.read(MAX_FD_READ_BYTES))

    @property
    def bytes_scanned(self) -> int:
        return sum(self.sources.values())


def scan_open_files(scan: KeyScan) -> int:
    """Read every regular file this process holds open; how many there were."""
    count = 0
    for name in os.listdir("/proc/self/fd"):
        fd_path = Path("/proc/self/fd") / name
        try:
            if not stat.S_ISREG(os.stat(fd_path).st_mode):
                continue
            target = os.readlink(fd_path)
            scan.scan_file(f"open file {target}", fd_path)
        except (FileNotFoundError, PermissionError):
            continue  # closed meanwhile (the listing's own fd, a finished request)
        count += 1
    return count


@dataclass
class GatewayRecorder:
    """Makes gateway requests and keeps every response's status line, headers and body."""

    client: httpx.AsyncClient
    captured: list[bytes] = field(default_factory=list)
    count: int = 0

    async def request(self, method: str, path: str, *, auth: bool = True,
                      **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", {}))
        if auth:
            headers["Authorization"] = f"Bearer {GATEWAY_TOKEN}"
        response = await self.client.request(method, path, headers=headers, **kwargs)
        self.count += 1
        self.captured.append(f"{response.status_code} {response.reason_phrase}".encode())
        self.captured.extend(b"%s: %s" % pair for pair in response.headers.raw)
        self.captured.append(response.content)
        return response

    async def turn(self, conversation: str, message: str) -> dict[str, Any]:
        response = await self.request("POST", "/v1/turns", json={
            "conversation_id": conversation, "message": message})
        assert 200 == response.status_code, response.text
        body: dict[str, Any] = response.json()
        return body


@contextlib.contextmanager
def page_server() -> Iterator[str]:
    """A loopback page for http_get."""
    async def page(request: Request) -> PlainTextResponse:
        return PlainTextResponse(PAGE_TEXT)

    with serve_app(Starlette(routes=[Route("/page", page)])) as base_url:
        yield f"{base_url}/page"


async def irc_turn(alice: IrcTestClient, text: str, needle: str) -> str:
    """Say ``text`` to the bot in the channel; the first bot line containing ``needle``."""
    await alice.say(IRC_CHANNEL, f"{BOT_NICK}: {text}")
    line = await alice.expect(lambda ln: ln.command == "PRIVMSG" and ln.nick == BOT_NICK
                              and needle in ln.params[-1], timeout_s=WAIT_S)
    return line.params[-1]


async def telegram_turn(fake: FakeTelegram, text: str, needle: str) -> str:
    """Send ``text`` as the allowed user; the first later bot message containing ``needle``."""
    already = len(fake.sent)
    fake.add_text_message(user_id=TELEGRAM_USER, text=text)
    with anyio.fail_after(WAIT_S):
        while True:
            for message in fake.sent[already:]:
                if needle in message.text:
                    return message.text
            await anyio.sleep(0.02)


def irc_wanted() -> bool:
    """IRC runs when ngircd is installed; in CI its absence is a failure, not a skip."""
    if ngircd_binary() is not None:
        return True
    if os.environ.get("CI"):
        pytest.fail("ngircd is not installed in CI (apt-get install -y ngircd)")
    return False
