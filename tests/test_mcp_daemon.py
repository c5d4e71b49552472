"""MCP tools through the whole daemon (a subprocess, gateway on loopback, scripted model)
against real MCP servers: receipts that verify, error results without one, a schema
violation refused before the call, a hanging call cut at its timeout, a server killed
mid-conversation and restarted, and SIGTERM stopping every server."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import tomli_w
from daemon_harness import DaemonProcess, daemon_config, start_daemon
from mcp_servers import cmdline, everything_server, logged_stdin, python_server, server_pids

WAIT_S = 60.0
HANG_TIMEOUT_S = 2.0
RESTART_WAIT_S = 4.0
CITED = "\n{result:1}\n\n[receipt: {receipt:1}]"


def rule(match: str, tool: str, args: dict[str, Any], reply: str) -> dict[str, Any]:
    return {"match": match, "steps": [[{"tool": tool, "args": args}]], "reply": reply}


SCRIPT = {
    "default": {"reply": "No rule for: {user}"},
    "rule": [
        rule("^time now", "time__get_current_time", {"timezone": "Etc/UTC"},
             "The time server said:" + CITED),
        rule("^bad zone", "time__get_current_time", {"timezone": "Not/AZone"},
             "It said: {result:1}"),
        rule("^wrong type", "logged__get_current_time", {"timezone": 5},
             "It said: {result:1}"),
        rule("^logged time", "logged__get_current_time", {"timezone": "Europe/Paris"},
             "It said:" + CITED),
        rule("^hang", "ev__trigger-long-running-operation", {"duration": 30, "steps": 3},
             "It said: {result:1}"),
        rule("^echo", "ev__echo", {"message": "after the hang"}, "Echo:" + CITED),
    ],
}


@pytest.fixture(scope="module")
def mcp_daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    """A daemon with three servers: time (plain), logged (time, stdin teed to a file),
    ev (server-everything, stdin teed, 2 s call timeout)."""
    tmp_path = tmp_path_factory.mktemp("mcp-daemon")
    ev_command, ev_args, ev_env = logged_stdin(everything_server(), tmp_path / "ev.stdin")
    logged_command, logged_args, logged_env = logged_stdin(python_server("mcp-server-time"),
                                                           tmp_path / "logged.stdin")
    script = tmp_path / "mcp-script.toml"
    script.write_text(tomli_w.dumps(SCRIPT), encoding="utf-8")
    config = daemon_config(tmp_path, provider={"script": str(script)}, tools={"mcp": [
        {"name": "time", "command": python_server("mcp-server-time"),
         "restart_initial_s": RESTART_WAIT_S},
        {"name": "logged", "command": logged_command, "args": logged_args,
         "env": logged_env},
        {"name": "ev", "command": ev_command, "args": ev_args, "env": ev_env,
         "timeout_s": HANG_TIMEOUT_S},
    ]})
    with start_daemon(tmp_path, config, timeout=WAIT_S) as daemon:
        yield daemon


def turn(daemon: DaemonProcess, message: str, conversation: str = "mcp") -> dict[str, Any]:
    response = httpx.post(daemon.url("/v1/turns"), json={
        "conversation_id": conversation, "message": message}, timeout=WAIT_S)
    assert 200 == response.status_code, response.text
    body: dict[str, Any] = response.json()
    return body


def verify(daemon: DaemonProcess, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(daemon.url("/v1/receipts/verify"), json=body, timeout=WAIT_S)
    assert 200 == response.status_code, response.text
    answer: dict[str, Any] = response.json()
    return answer


def cited_result(reply: str, prefix: str) -> str:
    """The tool result the scripted reply quotes (exactly what the receipt signs)."""
    return reply.split(prefix + "\n", 1)[1].split("\n\n[receipt: ", 1)[0]


def mcp_state(daemon: DaemonProcess, server: str) -> str:
    health = httpx.get(daemon.url("/healthz"), timeout=WAIT_S).json()
    state: str = health["mcp"][server]["state"]
    return state


def wait_state(daemon: DaemonProcess, server: str, wanted: set[str]) -> str:
    deadline = time.monotonic() + WAIT_S
    while (state := mcp_state(daemon, server)) not in wanted:
        assert time.monotonic() < deadline, f"{server} stayed {state}"
        time.sleep(0.05)
    return state


def stdin_messages(daemon: DaemonProcess, name: str) -> list[dict[str, Any]]:
    log = daemon.config_path.parent / f"{name}.stdin"
    return [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]


def wait_stdin(daemon: DaemonProcess, name: str, method: str,
               count: int = 1) -> list[dict[str, Any]]:
    """The server's stdin once it holds ``count`` messages of ``method`` (tee writes its
    copy concurrently with the server's answer, so the copy may lag the reply)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        messages = stdin_messages(daemon, name)
        if sum(1 for m in messages if m.get("method") == method) >= count:
            return messages
        assert time.monotonic() < deadline, f"no {method} on {name}'s stdin: {messages}"
        time.sleep(0.05)


def test_mcp_result_carries_a_receipt_that_verifies(mcp_daemon: DaemonProcess) -> None:
    """An MCP call earns a receipt; the gateway verifies it against the exact text the
    model saw (the flattened MCP content), and refuses it for any other text."""
    body = turn(mcp_daemon, "time now")
    [line] = body["receipts"]
    assert "time__get_current_time" == line["tool"]
    result = cited_result(body["reply"], "The time server said:")
    assert "Etc/UTC" == json.loads(result)["timezone"]
    args = {"timezone": "Etc/UTC"}
    base = {"receipt": line["receipt"], "tool": "time__get_current_time", "args": args}
    assert verify(mcp_daemon, {**base, "result": result})["valid"] is True
    assert verify(mcp_daemon, {**base, "result": result + " "})["valid"] is False
    tokens = verify(mcp_daemon, {"text": body["reply"], "conversation_id": "mcp"})["tokens"]
    assert ["valid"] == [token["verdict"] for token in tokens]
    assert "verified" == body["audit"]["trust"]


def test_error_result_earns_no_receipt(mcp_daemon: DaemonProcess) -> None:
    """isError from the server: the model sees the error text, no receipt exists."""
    body = turn(mcp_daemon, "bad zone")
    assert [] == body["receipts"]
    assert "Error (failed): the MCP tool reported an error" in body["reply"]
    assert "Not/AZone" in body["reply"] and "No receipt was issued." in body["reply"]


def test_schema_violation_is_refused_before_the_call(mcp_daemon: DaemonProcess) -> None:
    """Arguments that break the server's input schema never reach the server."""
    body = turn(mcp_daemon, "wrong type")
    assert [] == body["receipts"]
    assert "Error (invalid): invalid arguments: argument 'timezone': expected string" in \
        body["reply"]
    good = turn(mcp_daemon, "logged time")  # the same server, a valid call: it arrives
    assert 1 == len(good["receipts"])
    calls = [m["params"]["arguments"] for m in wait_stdin(mcp_daemon, "logged", "tools/call")
             if m.get("method") == "tools/call"]
    assert [{"timezone": "Europe/Paris"}] == calls


def test_hanging_call_is_cut_at_the_timeout(mcp_daemon: DaemonProcess) -> None:
    """A call running past timeout_s ends as a timeout without a receipt, the request is
    cancelled on the server, and the server answers the next call."""
    body = turn(mcp_daemon, "hang")  # a 30 s operation
    assert [] == body["receipts"]
    assert f"did not finish within {HANG_TIMEOUT_S:g} s" in body["reply"]
    wait_stdin(mcp_daemon, "ev", "notifications/cancelled")
    after = turn(mcp_daemon, "echo")
    assert 1 == len(after["receipts"]) and "after the hang" in after["reply"]


def test_killed_server_is_refused_then_restarted(mcp_daemon: DaemonProcess) -> None:
    """SIGKILL to a server mid-conversation: the next call is refused with a clear error
    and no receipt; after the restart calls earn receipts again, and the receipt from
    before the crash still verifies."""
    before = turn(mcp_daemon, "time now", conversation="crash")
    time_server = python_server("mcp-server-time")
    # The plain server is the daemon's child; "logged" runs under /bin/sh (tee).
    plain = [pid for pid in server_pids(mcp_daemon.pid, time_server)
             if _parent(pid) == mcp_daemon.pid and cmdline(pid)[0] != "/bin/sh"]
    assert 1 == len(plain), plain
    os.kill(plain[0], signal.SIGKILL)
    wait_state(mcp_daemon, "time", {"restarting"})
    refused = turn(mcp_daemon, "time now", conversation="crash")
    assert [] == refused["receipts"]
    assert "MCP server 'time' is unavailable" in refused["reply"]
    assert "No receipt was issued." in refused["reply"]
    wait_state(mcp_daemon, "time", {"ready"})
    after = turn(mcp_daemon, "time now", conversation="crash")
    assert 1 == len(after["receipts"])
    old = verify(mcp_daemon, {"text": before["receipts"][0]["receipt"],
                              "conversation_id": "crash"})
    assert ["valid"] == [token["verdict"] for token in old["tokens"]]
    health = httpx.get(mcp_daemon.url("/healthz"), timeout=WAIT_S).json()
    assert 1 == health["mcp"]["time"]["restarts"]


def test_sigterm_stops_every_server(mcp_daemon: DaemonProcess) -> None:
    """SIGTERM: the daemon exits 0 and no MCP server process outlives it."""
    servers = list(server_pids(mcp_daemon.pid, ""))
    assert len(servers) >= 3
    mcp_daemon.send_signal(signal.SIGTERM)
    assert 0 == mcp_daemon.wait_exit(timeout=WAIT_S)
    deadline = time.monotonic() + WAIT_S
    while alive := [pid for pid in servers if _alive(pid)]:
        assert time.monotonic() < deadline, f"still running: {alive}"
        time.sleep(0.05)


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as handle:
        return int(handle.read().rpartition(b")")[2].split()[1])


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rpartition(b")")[2].split()[0] != b"Z"
    except OSError:
        return False
