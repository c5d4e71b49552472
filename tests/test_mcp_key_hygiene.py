"""The receipt key never reaches an MCP server: not its environment, not its stdin, not
its stderr, and no MCP turn puts it in a log, file or response.

As in ``test_key_hygiene_daemon`` the real daemon (``Daemon.main``) runs in this process
so the test can read the key from the signer; its MCP servers are real subprocesses
(mcp-server-time and server-everything) whose stdin is teed to a file. Scanned for every
encoding of the key: the JSON log at TRACE, every file under the test directory (the
servers' stdin copies and stderr files, audit.db), every gateway response, and
``/proc/PID/environ`` of every server process, read while they run. The servers'
environments must also hold none of the daemon's secrets (the gateway token, a planted
variable) beyond what the config names.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import tomli_w
from daemon_harness import LISTENING_RE, NotifyListener, write_config
from mcp_servers import children_of, environ_of, everything_server, logged_stdin, python_server
from test_key_hygiene import read_key
from test_key_hygiene_daemon import KeyScan

from zeroclaw_daemon.daemon.sdnotify import SdNotifier
from zeroclaw_daemon.daemon.service import Daemon, load_daemon_config
from zeroclaw_daemon.logs import reset_logging

WAIT_S = 60.0
GATEWAY_TOKEN = "gw-mcp-token-3c9e1a7f5b"
PLANTED_NAME = "ZC_PLANTED_DAEMON_SECRET"
PLANTED_VALUE = "planted-daemon-secret-8d2f"


def script() -> dict[str, Any]:
    def rule(match: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"match": match, "steps": [[{"tool": tool, "args": args}]],
                "reply": "It said:\n{result:1}\n\n[receipt: {receipt:1}]"}

    return {"default": {"reply": "No rule for: {user}"}, "rule": [
        rule("^time", "time__get_current_time", {"timezone": "Etc/UTC"}),
        rule("^bad zone", "time__get_current_time", {"timezone": "Not/AZone"}),
        rule("^env", "ev__get-env", {}),
        rule("^echo", "ev__echo", {"message": "echo from the hygiene run"}),
        rule("^invalid", "ev__echo", {"message": 7}),
    ]}


@pytest.mark.usefixtures("clean_logging")
async def test_mcp_servers_never_see_the_key(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """MCP turns at TRACE (results, an error, an invalid call, a SIGHUP restarting the
    servers): the key is in no server environment, stdin, stderr, log, file or response."""
    assert threading.current_thread() is threading.main_thread()  # signal delivery
    reset_logging()
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "RUST_LOG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ZEROCLAW_LOG", "trace")
    monkeypatch.setenv("ZC_MCP_GATEWAY_TOKEN", GATEWAY_TOKEN)
    monkeypatch.setenv(PLANTED_NAME, PLANTED_VALUE)
    time_cmd, time_args, time_env = logged_stdin(python_server("mcp-server-time"),
                                                 tmp_path / "time.stdin")
    ev_cmd, ev_args, ev_env = logged_stdin(everything_server(), tmp_path / "ev.stdin")
    script_path = tmp_path / "script.toml"
    script_path.write_text(tomli_w.dumps(script()), encoding="utf-8")
    config = {
        "daemon": {"state_dir": str(tmp_path / "state"), "store_payloads": True},
        "logging": {"filter": "trace", "format": "json"},
        "provider": {"kind": "scripted", "script": str(script_path)},
        "agent": {"autonomy": "full", "tool_receipts": {"show_in_response": True}},
        "tools": {"http_get": {"enabled": False}, "mcp": [
            {"name": "time", "command": time_cmd, "args": time_args, "env": time_env},
            {"name": "ev", "command": ev_cmd, "args": ev_args, "env": ev_env},
        ]},
        "channels": {"gateway": {"listen": "127.0.0.1:0",
                                 "auth_token_env": "ZC_MCP_GATEWAY_TOKEN"}},
    }
    config_path = write_config(tmp_path / "zeroclaw.toml", config)
    log_path = tmp_path / "daemon.log"
    responses: list[bytes] = []
    environs: list[dict[str, str]] = []
    exit_codes: list[int] = []
    with contextlib.ExitStack() as stack:
        stack.callback(reset_logging)
        log_file = stack.enter_context(log_path.open("w", encoding="utf-8", buffering=1))
        monkeypatch.setattr(sys, "stderr", log_file)
        notify = NotifyListener(tmp_path / "notify.sock")
        stack.callback(notify.close)
        cfg = load_daemon_config(config_path)
        daemon = Daemon(cfg, config_path, notifier=SdNotifier(str(notify.path), {}))
        stopped = anyio.Event()

        async def run() -> None:
            exit_codes.append(await daemon.main())
            stopped.set()

        with anyio.fail_after(WAIT_S * 2):
            async with anyio.create_task_group() as tg:
                tg.start_soon(run)
                key = await drive(daemon, notify, responses, environs)
                os.kill(os.getpid(), signal.SIGTERM)
                with anyio.fail_after(WAIT_S):
                    await stopped.wait()
        log_file.flush()
    scan = KeyScan(key)
    log_text = log_path.read_text(encoding="utf-8")
    scan.scan("log", log_text.encode())
    files = [path for path in tmp_path.rglob("*") if path.is_file()]  # noqa: ASYNC240 (after the daemon stopped)
    for path in files:
        scan.scan_file(f"file {path.relative_to(tmp_path)}", path)
    scan.scan("gateway responses", b"\n".join(responses))
    for index, env in enumerate(environs):
        scan.scan(f"server environ #{index}", json.dumps(env).encode())
    print(f"\nmcp key hygiene: {scan.sources}")
    assert [] == scan.hits
    assert [0] == exit_codes
    names = {path.name for path in files}
    assert {"time.stdin", "ev.stdin", "mcp-time.stderr", "mcp-ev.stderr"} <= names
    assert b"tools/call" in (tmp_path / "ev.stdin").read_bytes()
    assert len(environs) >= 4  # sh, tee and the server, for each of two servers
    for env in environs:
        assert PLANTED_NAME not in env and "ZC_MCP_GATEWAY_TOKEN" not in env
        assert GATEWAY_TOKEN not in json.dumps(env) and PLANTED_VALUE not in json.dumps(env)
    assert 3 <= log_text.count("Tool receipt generated")


def server_environs() -> list[dict[str, str]]:
    """The environment of every process this one started (the MCP servers and wrappers)."""
    found = []
    for pid in children_of(os.getpid()):
        with contextlib.suppress(OSError):
            found.append(environ_of(pid))
    return found


async def drive(daemon: Daemon, notify: NotifyListener, responses: list[bytes],
                environs: list[dict[str, str]]) -> bytes:
    """Run the MCP turns, a SIGHUP and more turns; read the server environments."""
    _, ready = await anyio.to_thread.run_sync(
        lambda: notify.wait_for(lambda m: m.get("READY") == "1", timeout=WAIT_S))
    match = LISTENING_RE.search(ready.get("STATUS", ""))
    assert match is not None, ready
    assert daemon._ctx is not None and daemon._ctx.receipt_scope is not None
    key = read_key(daemon._ctx.receipt_scope)
    headers = {"Authorization": f"Bearer {GATEWAY_TOKEN}"}
    async with httpx.AsyncClient(base_url=f"http://{match.group(1)}:{match.group(2)}",
                                 headers=headers, trust_env=False, timeout=WAIT_S) as client:

        async def turn(message: str) -> dict[str, Any]:
            response = await client.post("/v1/turns", json={"conversation_id": "hyg",
                                                            "message": message})
            responses.append(response.content)
            assert 200 == response.status_code, response.text
            body: dict[str, Any] = response.json()
            return body

        receipts = 0
        for message in ("time", "env", "echo", "bad zone", "invalid"):
            receipts += len((await turn(message))["receipts"])
        assert 3 == receipts  # the error and the invalid call earn none
        env_reply = (await turn("env"))["reply"]
        assert PLANTED_NAME not in env_reply and GATEWAY_TOKEN not in env_reply
        environs.extend(server_environs())
        seen = len(notify.messages)
        os.kill(os.getpid(), signal.SIGHUP)  # a reload starts the servers anew
        await anyio.to_thread.run_sync(lambda: notify.wait_for(
            lambda m: m.get("READY") == "1", after=seen, timeout=WAIT_S))
        for message in ("time", "echo"):
            assert 1 == len((await turn(message))["receipts"])
        environs.extend(server_environs())
        health = await client.get("/healthz")
        responses.append(health.content)
    return key
