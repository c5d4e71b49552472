"""The MCP client against real servers (mcp-server-time, mcp-server-git, server-everything):
listing, naming, risk, content, errors, environment, restarts and shutdown."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_servers import (
    environ_of,
    everything_server,
    logged_stdin,
    python_server,
    server_pids,
)

from zeroclaw_daemon.config import parse_config
from zeroclaw_daemon.errors import ToolExecutionError
from zeroclaw_daemon.tools.base import RiskClass, ToolContext
from zeroclaw_daemon.tools.mcp import McpHub, McpTool, ServerState
from zeroclaw_daemon.tools.mcp.server import McpServer

CTX = ToolContext("conv", "turn", "call")
WAIT_S = 30.0
# The SDK passes these through from the daemon's environment; none is a secret.
SDK_BASE_ENV = {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}


def hub_for(tables: list[dict[str, Any]], **kwargs: Any) -> McpHub:
    import tomli_w
    cfg = parse_config(tomli_w.dumps({"tools": {"mcp": tables}}))
    return McpHub(cfg.tools.mcp, **kwargs)


async def wait_state(server: McpServer, state: ServerState) -> None:
    with anyio.fail_after(WAIT_S):
        while server.state is not state:  # noqa: ASYNC110 (the supervisor has no event per state)
            await anyio.sleep(0.02)


async def test_tools_are_namespaced_with_their_schemas_and_exec_risk() -> None:
    """Each tool is <server>__<tool> with the server's input schema; an untrusted server's
    tools are exec even with readOnlyHint, a trusted one's read-only tools are read."""
    time_server = python_server("mcp-server-time")
    async with hub_for([{"name": "time", "command": time_server},
                        {"name": "trusted", "command": time_server,
                         "trust_annotations": True}]) as hub:
        tools = hub.tools()
    assert {"time__get_current_time", "time__convert_time", "trusted__get_current_time",
            "trusted__convert_time"} == set(tools)
    current = tools["time__get_current_time"]
    assert ["timezone"] == current.parameters["required"]
    assert RiskClass.EXEC is current.risk
    assert RiskClass.READ is tools["trusted__get_current_time"].risk
    assert "mcp-server" not in current.name and "'time'" in current.description


async def test_a_result_is_flattened_and_an_error_result_fails() -> None:
    """A good result is the server's text; isError raises ToolExecutionError (no receipt)."""
    async with hub_for([{"name": "time", "command": python_server("mcp-server-time")}]) as hub:
        tool = hub.tools()["time__get_current_time"]
        output = await tool.run({"timezone": "Etc/UTC"}, CTX)
        assert "Etc/UTC" == json.loads(output.text)["timezone"]
        with pytest.raises(ToolExecutionError) as caught:
            await tool.run({"timezone": "Not/AZone"}, CTX)
    assert "reported an error" in caught.value.message and "Not/AZone" in caught.value.message


async def test_allow_list_offers_only_named_tools(tmp_path: Path) -> None:
    """allow = [...] keeps only those tools of a server (here mcp-server-git's)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    await anyio.run_process(["git", "init", "-q", str(repo)])
    async with hub_for([{"name": "git", "command": python_server("mcp-server-git"),
                         "args": ["--repository", str(repo)],
                         "allow": ["git_status"]}]) as hub:
        tools = hub.tools()
        assert ["git__git_status"] == list(tools)
        output = await tools["git__git_status"].run({"repo_path": str(repo)}, CTX)
    assert "branch" in output.text.lower()


async def test_server_environment_is_only_what_the_config_names() -> None:
    """The server's environment: env values, env_from copies, the SDK's non-secret basics;
    no other variable of the daemon (here a planted secret) reaches it."""
    environ = {"ZC_DAEMON_SECRET": "daemon-secret-value", "ZC_SOURCE": "copied-value"}
    os.environ["ZC_DAEMON_SECRET"] = "daemon-secret-value"
    try:
        async with hub_for([{"name": "ev", "command": everything_server(),
                             "env": {"ZC_NAMED": "named-value"},
                             "env_from": {"ZC_COPIED": "ZC_SOURCE"}}],
                           environ=environ) as hub:
            output = await hub.tools()["ev__get-env"].run({}, CTX)
            pids = server_pids(os.getpid(), "mcp-server-everything")
            environs = [environ_of(pid) for pid in pids]
    finally:
        del os.environ["ZC_DAEMON_SECRET"]
    seen = json.loads(output.text)
    assert {"ZC_NAMED": "named-value", "ZC_COPIED": "copied-value"}.items() <= seen.items()
    assert set(seen) <= SDK_BASE_ENV | {"ZC_NAMED", "ZC_COPIED"}
    assert environs and all("ZC_DAEMON_SECRET" not in env for env in environs)


async def test_binary_content_is_described_not_pasted() -> None:
    """An image block becomes one line with its type and size; its base64 is not shown."""
    async with hub_for([{"name": "ev", "command": everything_server()}]) as hub:
        output = await hub.tools()["ev__get-tiny-image"].run({}, CTX)
    assert "[image: image/png," in output.text and "not shown]" in output.text
    assert "iVBOR" not in output.text  # the PNG signature in base64


async def test_killed_server_is_refused_then_restarted() -> None:
    """A stdio server killed with SIGKILL: calls are refused with the reason while it is
    down, then it is restarted with backoff and calls work again."""
    time_server = python_server("mcp-server-time")
    async with hub_for([{"name": "time", "command": time_server,
                         "restart_initial_s": 1.0}]) as hub:
        server = hub.servers["time"]
        tool = hub.tools()["time__get_current_time"]
        (pid,) = server_pids(os.getpid(), time_server)
        os.kill(pid, signal.SIGKILL)
        await wait_state(server, ServerState.RESTARTING)
        with pytest.raises(ToolExecutionError) as caught:
            await tool.run({"timezone": "Etc/UTC"}, CTX)
        assert "is unavailable" in caught.value.message
        await wait_state(server, ServerState.READY)
        output = await tool.run({"timezone": "Etc/UTC"}, CTX)
        assert 1 == server.restarts
        assert [pid] != server_pids(os.getpid(), time_server)
    assert "Etc/UTC" in output.text


async def test_cancelled_call_sends_notifications_cancelled(tmp_path: Path) -> None:
    """A call cut by a timeout cancels the request on the server (notifications/cancelled
    on its stdin), and the server then answers the next call."""
    log = tmp_path / "stdin.log"
    command, args, env = logged_stdin(everything_server(), log)
    async with hub_for([{"name": "ev", "command": command, "args": args, "env": env}]) as hub:
        tools = hub.tools()
        with anyio.move_on_after(2.0) as scope:
            await tools["ev__trigger-long-running-operation"].run(
                {"duration": 30, "steps": 3}, CTX)
        assert scope.cancelled_caught
        output = await tools["ev__echo"].run({"message": "still here"}, CTX)
        # tee copies stdin concurrently with the server reading it: wait for the copy.
        with anyio.fail_after(WAIT_S):
            while b"notifications/cancelled" not in log.read_bytes():  # noqa: ASYNC110
                await anyio.sleep(0.05)
    assert "still here" in output.text
    sent = [json.loads(line) for line in log.read_text().splitlines() if line.endswith("}")]
    assert "notifications/cancelled" in [message.get("method") for message in sent]


async def test_leaving_the_hub_stops_every_server() -> None:
    """After the hub's block no server process is left."""
    time_server = python_server("mcp-server-time")
    async with hub_for([{"name": "a", "command": time_server},
                        {"name": "b", "command": time_server}]):
        assert 2 == len(server_pids(os.getpid(), time_server))
    assert [] == server_pids(os.getpid(), time_server)


async def test_missing_command_offers_no_tools_and_says_why() -> None:
    """A server that cannot start: no tools, state restarting, the reason recorded."""
    async with hub_for([{"name": "gone", "command": "/nonexistent/mcp-server",
                         "connect_timeout_s": 2}]) as hub:
        status = hub.status()[0]
        assert {} == hub.tools()
    assert "restarting" == status.state and "command not found" in status.last_error


@pytest.fixture
def everything_http() -> Iterator[str]:
    """server-everything in streamable HTTP mode on a free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([everything_server(), "streamableHttp"],
                            env={**os.environ, "PORT": str(port)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + WAIT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail("server-everything (streamableHttp) did not start")
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.kill()
        proc.wait(timeout=10)


async def test_streamable_http_server(everything_http: str) -> None:
    """transport = "http": tools are listed and called over streamable HTTP, network risk;
    the header value comes from the named environment variable."""
    async with hub_for([{"name": "web", "transport": "http", "url": everything_http,
                         "headers_env": {"X-Test-Token": "ZC_HTTP_TOKEN"}}],
                       environ={"ZC_HTTP_TOKEN": "t0ken"}) as hub:
        tools = hub.tools()
        output = await tools["web__echo"].run({"message": "over http"}, CTX)
    assert isinstance(tools["web__echo"], McpTool)
    assert RiskClass.NETWORK is tools["web__echo"].risk
    assert "over http" in output.text


async def test_supervised_autonomy_asks_for_mcp_tools_unless_trusted_read_only() -> None:
    """Under supervised autonomy without an approval flow an MCP tool is denied; a tool
    with readOnlyHint from a server whose hints are trusted runs."""
    from zeroclaw_daemon.agent.policy import Policy
    time_server = python_server("mcp-server-time")
    async with hub_for([{"name": "plain", "command": time_server},
                        {"name": "trusted", "command": time_server,
                         "trust_annotations": True}]) as hub:
        tools = hub.tools()
    policy = Policy("supervised")
    denied = await policy.check(tools["plain__get_current_time"], "", None)
    allowed = await policy.check(tools["trusted__get_current_time"], "", None)
    assert not denied.allowed and "requires approval" in denied.reason
    assert allowed.allowed


async def test_server_aliases_reach_its_tools_for_the_auditor() -> None:
    """``aliases`` of a [[tools.mcp]] table are every one of its tools' aliases, and with
    the server's description make the tool's ``about`` the auditor reads."""
    time_server = python_server("mcp-server-time")
    async with hub_for([{"name": "clock", "command": time_server,
                         "aliases": ["timezone", "tz"]}]) as hub:
        tools = hub.tools()
    tool = tools["clock__convert_time"]
    assert ("timezone", "tz") == tool.aliases
    assert tool.about().endswith("(tool 'convert_time' of MCP server 'clock') timezone tz")
