"""A full daemon session at TRACE, every channel and tool: the receipt key shows up nowhere.

How the key is obtained (the choice the scan depends on). The key is not
observable from outside the daemon, by design, and no production switch may
make it so (an env var or a test build that writes it out would be exactly the
leak this test hunts). So the daemon runs *in this process*: the real service
entry point (:meth:`zeroclaw_daemon.daemon.service.Daemon.main`, what
``zeroclaw daemon`` runs after loading the config) on the test's event loop,
with its real signal receiver (the test sends SIGHUP and SIGTERM to its own
pid), real sd_notify datagrams, the real gateway on a loopback socket, the real
Telegram channel against ``tests/fakes/telegram_server.py`` and the real IRC
channel against a real ngircd, real subprocess tools and the real SQLite audit
database. The test then reads the key from the signer's private slot, as
``test_key_hygiene`` does. Reading the memory of a daemon subprocess would
prove the same with far more machinery; the one difference left is the event
loop (asyncio here, uvloop in production), which does not touch the key.

What is scanned, for every encoding in :func:`test_key_hygiene.key_encodings`
(raw, hex both cases and halves, base64 and base64url with and without
padding, reprs): every JSON log line (filter ``trace``, from ZEROCLAW_LOG and
the config, kept across the reload; stdlib loggers such as uvicorn and httpx
included), every file under the test's directory (state_dir's audit.db and its
WAL/SHM, the config, the workdir the tools wrote), every HTTP response body and
header the gateway sent, every request the Telegram fake received and message it
accepted, every IRC line a second user in the channel saw, the sd_notify
datagrams, the reprs of the running objects, and every regular file the process
holds open (``/proc/self/fd``, read while the daemon runs). A positive control
proves the scanner finds the key when it is there.

Core dumps: ``test_daemon_lifecycle.test_no_core_dumps`` checks RLIMIT_CORE is 0
in the real daemon subprocess (``/proc/PID/limits``), because a core dump is a
copy of the process memory, and the process memory is the one place the key lives.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import tomli_w
from daemon_harness import LISTENING_RE, NotifyListener, write_config
from key_session_harness import (
    BOT_NICK,
    GATEWAY_TOKEN,
    IRC_CHANNEL,
    SESSION_TIMEOUT_S,
    TELEGRAM_TOKEN,
    WAIT_S,
    GatewayRecorder,
    KeyScan,
    irc_turn,
    irc_wanted,
    page_server,
    scan_open_files,
    session_config,
    session_script,
    telegram_turn,
)
from ngircd_fixture import IrcTestClient, NgircdServer
from test_key_hygiene import key_encodings, read_key

from tests.fakes.telegram_server import FakeTelegram, serve_fake_telegram
from zeroclaw_daemon.daemon.sdnotify import SdNotifier
from zeroclaw_daemon.daemon.service import Daemon, load_daemon_config
from zeroclaw_daemon.logs import reset_logging


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy", "NOTIFY_SOCKET", "WATCHDOG_USEC", "RUST_LOG"):
        monkeypatch.delenv(name, raising=False)


def test_the_scanner_finds_a_planted_key() -> None:
    """Positive control: each encoding of a key planted in a blob is a hit."""
    key = bytes(range(1, 33))
    for encoded in key_encodings(key):
        scan = KeyScan(key)
        scan.scan("planted", b"log line " + encoded + b" end")
        assert 1 <= len(scan.hits)
    clean = KeyScan(key)
    clean.scan("clean", b"nothing to see " + bytes(range(33, 65)))
    assert [] == clean.hits


@pytest.mark.usefixtures("clean_logging")
async def test_full_daemon_session_leaks_no_key(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Gateway, Telegram and IRC turns using every tool, verifies, errors and a SIGHUP, at
    TRACE: the key is in no log line, file, response, peer's view or open file."""
    assert threading.current_thread() is threading.main_thread()  # signal delivery
    # A fresh process's logging: what earlier tests configured must not write into the log.
    reset_logging()
    use_irc = irc_wanted()
    monkeypatch.setenv("ZEROCLAW_LOG", "trace")
    monkeypatch.setenv("ZC_HYGIENE_GATEWAY_TOKEN", GATEWAY_TOKEN)
    monkeypatch.setenv("ZC_HYGIENE_TELEGRAM_TOKEN", TELEGRAM_TOKEN)
    log_path = tmp_path / "daemon.log"
    figures: dict[str, Any] = {"irc": use_irc}
    with contextlib.ExitStack() as stack:
        stack.callback(reset_logging)
        # The daemon logs to "whatever sys.stderr is", here and after the reload.
        log_file = stack.enter_context(log_path.open("w", encoding="utf-8", buffering=1))
        monkeypatch.setattr(sys, "stderr", log_file)
        server: NgircdServer | None = None
        if use_irc:
            irc_dir = tmp_path / "irc"
            irc_dir.mkdir()
            server = NgircdServer(irc_dir)
            server.start()
            stack.callback(server.stop)
        fake = stack.enter_context(serve_fake_telegram(TELEGRAM_TOKEN))
        page_url = stack.enter_context(page_server())
        script = tmp_path / "script.toml"
        script.write_text(tomli_w.dumps(session_script(page_url)), encoding="utf-8")
        config = session_config(tmp_path, script, fake.base_url,
                                server.port if server else None)
        config_path = write_config(tmp_path / "zeroclaw.toml", config)
        notify = NotifyListener(tmp_path / "notify.sock")
        stack.callback(notify.close)
        cfg = load_daemon_config(config_path)  # config and logging, as run_daemon does
        daemon = Daemon(cfg, config_path, notifier=SdNotifier(str(notify.path), {}))
        exit_codes: list[int] = []

        stopped = anyio.Event()

        async def run_daemon() -> None:
            exit_codes.append(await daemon.main())
            stopped.set()

        with anyio.fail_after(SESSION_TIMEOUT_S):
            async with anyio.create_task_group() as tg:
                tg.start_soon(run_daemon)
                result = await session(tmp_path, daemon, notify, fake, server, config,
                                       config_path, exit_codes, stopped)
        log_file.flush()
    scan = KeyScan(result.key)
    log_text = log_path.read_text(encoding="utf-8")
    log_lines = log_text.splitlines()
    levels = {json.loads(line).get("level") for line in log_lines}
    scan.scan("log", log_text.encode())
    files = [path for path in tmp_path.rglob("*") if path.is_file()]  # noqa: ASYNC240 (after the daemon stopped)
    for path in files:
        scan.scan_file(f"file {path.relative_to(tmp_path)}", path)
    scan.scan("gateway responses", b"\n".join(result.responses))
    scan.scan("telegram requests", json.dumps(
        [[c.method, c.params] for c in fake.calls], default=str).encode())
    scan.scan("telegram messages", json.dumps([m.text for m in fake.sent]).encode())
    scan.scan("irc lines", "\n".join(result.irc_lines).encode())
    scan.scan("sd_notify", json.dumps(notify.messages).encode())
    scan.scan("reprs", "\n".join(result.reprs).encode())
    for where, size in result.open_file_sources.items():
        scan.sources[where] = size
    scan.hits.extend(result.open_file_hits)
    figures.update({
        "log_lines": len(log_lines), "log_bytes": len(log_text.encode()),
        "files": len(files), "file_bytes": sum(p.stat().st_size for p in files),
        "open_files": result.open_files, "responses": result.response_count,
        "telegram_calls": len(fake.calls), "irc_lines": len(result.irc_lines),
        "sources": len(scan.sources), "bytes_scanned": scan.bytes_scanned,
    })
    print(f"\nkey hygiene session: {figures}")
    print(scan.sources)
    assert [] == scan.hits
    assert [0] == exit_codes
    assert {"TRACE", "DEBUG", "INFO"} <= levels  # TRACE really was on, before and after reload
    assert 2 <= log_text.count("Tool receipt generated")
    assert "Config reloaded" in log_text
    for secret in (GATEWAY_TOKEN, TELEGRAM_TOKEN):
        assert secret not in log_text
    assert {"audit.db"} <= {path.name for path in files}
    assert result.open_files >= 1
    assert result.checks == result.expected_checks


@dataclass
class SessionResult:
    key: bytes
    responses: list[bytes]
    response_count: int
    irc_lines: list[str]
    reprs: list[str]
    open_files: int
    open_file_sources: dict[str, int]
    open_file_hits: list[str]
    checks: dict[str, Any]
    expected_checks: dict[str, Any]


async def session(tmp_path: Path, daemon: Daemon, notify: NotifyListener, fake: FakeTelegram,
                  server: NgircdServer | None, config: dict[str, Any], config_path: Path,
                  exit_codes: list[int], stopped: anyio.Event) -> SessionResult:
    """Drive the running daemon through every channel and tool, reload it, stop it."""
    _, ready = await anyio.to_thread.run_sync(
        lambda: notify.wait_for(lambda m: m.get("READY") == "1", timeout=WAIT_S))
    match = LISTENING_RE.search(ready.get("STATUS", ""))
    assert match is not None, ready
    host, port = match.group(1), int(match.group(2))
    assert daemon._ctx is not None and daemon._ctx.receipt_scope is not None
    scope = daemon._ctx.receipt_scope
    key = read_key(scope)
    assert bytes(32) != key and 32 == len(key)
    checks: dict[str, Any] = {}
    expected: dict[str, Any] = {}
    alice = bob = None
    if server is not None:
        alice, bob = IrcTestClient(server.port, "alice"), IrcTestClient(server.port, "bob")
    try:
        if alice is not None and bob is not None:
            for user in (alice, bob):
                await user.connect()
                await user.join(IRC_CHANNEL)
            await alice.wait_for_member(IRC_CHANNEL, BOT_NICK, timeout_s=WAIT_S)
        async with httpx.AsyncClient(base_url=f"http://{host}:{port}", trust_env=False,
                                     timeout=WAIT_S) as client:
            gateway = GatewayRecorder(client)
            # --- gateway: every tool, errors, verifies ---
            tools_seen: list[str] = []
            for message in ("list files", "run echo", "read notes", "write notes",
                            "fetch page", "delegate"):
                body = await gateway.turn("hyg-1", message)
                tools_seen.extend(r["tool"] for r in body["receipts"])
            checks["gateway tools"] = sorted(set(tools_seen))
            expected["gateway tools"] = sorted({"list_dir", "shell", "read_file", "write_file",
                                                "http_get", "delegate"})
            first = await gateway.turn("hyg-1", "list files")
            token = first["receipts"][0]["receipt"]
            error_turns = {}
            for message in ("missing file", "denied", "forge"):
                body = await gateway.turn("hyg-2", message)
                error_turns[message] = ([r["tool"] for r in body["receipts"]],
                                        sorted({f["type"] for f in body["audit"]["findings"]}))
            checks["error turns earn no receipts"] = sorted(
                m for m, (tools, _) in error_turns.items() if tools)
            expected["error turns earn no receipts"] = []
            # A background task runs detached; its follow-up (texts and receipts) is read
            # back so the scan covers it too.
            background = await gateway.turn("hyg-2", "background task")
            checks["background delegate receipt"] = [r["tool"] for r in background["receipts"]]
            expected["background delegate receipt"] = ["delegate"]
            followups = await gateway.request("GET", "/v1/conversations/hyg-2/followups",
                                              params={"wait": 8})
            checks["background follow-up"] = [f["status"] for f in
                                              followups.json()["followups"]]
            expected["background follow-up"] = ["finished"]
            checks["forged flagged"] = "forged_receipt" in error_turns["forge"][1]
            expected["forged flagged"] = True
            verdicts = await gateway.request("POST", "/v1/receipts/verify", json={
                "text": f"see [receipt: {token}] and zc-receipt-9-bad", "conversation_id":
                "hyg-1"})
            checks["verify text"] = [t["verdict"] for t in verdicts.json()["tokens"]]
            expected["verify text"] = ["valid", "malformed"]
            # The exact text list_dir returned (what the receipt signs), out of the reply.
            listing = first["reply"].split("I listed with list_dir:\n", 1)[1].split(
                "\n\n[receipt: ", 1)[0]
            for result, valid in ((listing, True), ("tampered", False)):
                response = await gateway.request("POST", "/v1/receipts/verify", json={
                    "receipt": token, "tool": "list_dir", "args": {"path": "."},
                    "result": result})
                checks[f"verify structured {valid}"] = response.json().get("valid")
                expected[f"verify structured {valid}"] = valid
            # The OpenAI-compatible API, whole and streamed, and two of its refusals.
            for stream in (False, True):
                completion = await gateway.request("POST", "/v1/chat/completions", json={
                    "model": "zeroclaw-scripted", "stream": stream,
                    "messages": [{"role": "user", "content": "list files"}]})
                checks[f"openai stream={stream}"] = (completion.status_code,
                                                    "zc-receipt-" in completion.text)
                expected[f"openai stream={stream}"] = (200, True)
            checks["openai refusals"] = [
                (await gateway.request("POST", "/v1/chat/completions", json={
                    "model": "zeroclaw-scripted", "n": 2,
                    "messages": [{"role": "user", "content": "hi"}]})).status_code,
                (await gateway.request("GET", "/v1/models", auth=False)).status_code]
            expected["openai refusals"] = [400, 401]
            statuses = [
                (await gateway.request("POST", "/v1/turns", content=b"{bad", headers={
                    "Content-Type": "application/json"})).status_code,
                (await gateway.request("POST", "/v1/turns", content=b"{}")).status_code,
                (await gateway.request("POST", "/v1/turns", auth=False, json={
                    "conversation_id": "x", "message": "list files"})).status_code,
                (await gateway.request("POST", "/v1/turns", auth=False,
                                       headers={"Authorization": "Bearer wrong"},
                                       json={"conversation_id": "x", "message": "hi"})
                 ).status_code,
                (await gateway.request("POST", "/v1/receipts/verify", json={"receipt": 1})
                 ).status_code,
                (await gateway.request("GET", "/nowhere")).status_code,
                (await gateway.request("GET", "/healthz")).status_code,
                (await gateway.request("GET", "/metrics")).status_code,
            ]
            checks["error statuses"] = statuses
            expected["error statuses"] = [400, 415, 401, 401, 422, 404, 200, 200]
            # --- Telegram ---
            for text, needle in (("list files", "I listed"), ("run echo", "hello-from-shell"),
                                 ("fetch page", "hygiene page"), ("delegate", "sub-agent"),
                                 ("missing file", "file says")):
                await telegram_turn(fake, text, needle)
            # --- IRC (few lines: the channel sends one a second after a burst of four) ---
            if alice is not None:
                await irc_turn(alice, "irc echo", "hello-from-irc")
                await alice.expect(lambda ln: ln.nick == BOT_NICK and "shell: zc-receipt-"
                                   in ln.params[-1], timeout_s=WAIT_S)  # the receipts block
            # --- SIGHUP with a changed, valid config ---
            scope_id = scope.id
            config["agent"]["system_prompt"] = "You are ZeroClaw (hygiene run, reloaded)."
            config["agent"]["tool_receipts"] = {"show_in_response": False,
                                                "audit": {"mode": "log"}}
            write_config(config_path, config)
            seen = len(notify.messages)
            os.kill(os.getpid(), signal.SIGHUP)
            _, reloaded = await anyio.to_thread.run_sync(lambda: notify.wait_for(
                lambda m: m.get("READY") == "1", after=seen, timeout=WAIT_S))
            checks["reloaded"] = reloaded.get("STATUS", "").startswith("Reloaded")
            expected["reloaded"] = True
            checks["same key after reload"] = (scope_id, key) == (
                daemon._ctx.receipt_scope.id, read_key(daemon._ctx.receipt_scope))
            expected["same key after reload"] = True
            await gateway.turn("hyg-1", "run echo")
            await telegram_turn(fake, "read notes", "milk")
            if alice is not None:
                await irc_turn(alice, "irc echo", "hello-from-irc")
            old = await gateway.request("POST", "/v1/receipts/verify", json={
                "text": token, "conversation_id": "hyg-1"})
            checks["old receipt after reload"] = [t["verdict"] for t in old.json()["tokens"]]
            expected["old receipt after reload"] = ["valid"]
            # --- the process's open files, while everything is open ---
            fd_scan = KeyScan(key)
            open_files = scan_open_files(fd_scan)
            ctx = daemon._ctx
            reprs = [repr(daemon), repr(ctx), repr(scope), str(scope), repr(scope._signer),
                     repr(scope.ledger), repr(ctx.redactor), repr(ctx.health()),
                     ctx.metrics_text().decode(), *(repr(s.channel) for s in
                                                    daemon.supervisors.values())]
        # --- SIGTERM: drain and stop ---
        seen = len(notify.messages)
        assert not exit_codes, "the daemon stopped early; its signal receiver is gone"
        os.kill(os.getpid(), signal.SIGTERM)
        with anyio.fail_after(WAIT_S):
            await stopped.wait()
        checks["stopping"] = any(m.get("STOPPING") == "1" for m in notify.messages[seen:])
        expected["stopping"] = True
        if alice is not None and bob is not None:
            await bob.drain(0.3)  # the bot's QUIT and anything still on the way
    finally:
        for user in (alice, bob):
            if user is not None:
                await user.close()
    irc_lines = [line.raw for user in (alice, bob) if user is not None for line in user.received]
    if bob is not None:
        checks["bob saw the bot"] = any(line.nick == BOT_NICK and line.command == "PRIVMSG"
                                        for line in bob.received)
        expected["bob saw the bot"] = True
    return SessionResult(key=key, responses=gateway.captured,
                         response_count=gateway.count, irc_lines=irc_lines,
                         reprs=reprs, open_files=open_files,
                         open_file_sources=fd_scan.sources, open_file_hits=fd_scan.hits,
                         checks=checks, expected_checks=expected)
