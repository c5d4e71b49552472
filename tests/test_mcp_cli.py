"""``zeroclaw agent`` and ``zeroclaw mcp list`` with a real MCP server, in subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import tomli_w
from mcp_servers import python_server

TIMEOUT_S = 120


def write_config(tmp_path: Path, servers: list[dict[str, Any]]) -> Path:
    script = tmp_path / "script.toml"
    script.write_text(tomli_w.dumps({"default": {"reply": "none"}, "rule": [{
        "match": "^time", "steps": [[{"tool": "time__get_current_time",
                                      "args": {"timezone": "Etc/UTC"}}]],
        "reply": "It said:\n{result:1}\n\n[receipt: {receipt:1}]"}]}), encoding="utf-8")
    config = {"daemon": {"state_dir": str(tmp_path / "state")},
              "logging": {"filter": "warn"},
              "provider": {"kind": "scripted", "script": str(script)},
              "agent": {"autonomy": "full", "tool_receipts": {"show_in_response": True}},
              "tools": {"mcp": servers}}
    path = tmp_path / "zeroclaw.toml"
    path.write_text(tomli_w.dumps(config), encoding="utf-8")
    return path


def zeroclaw(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ZEROCLAW_LOG", "RUST_LOG")}
    return subprocess.run([sys.executable, "-m", "zeroclaw_daemon", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def test_agent_one_shot_calls_an_mcp_tool_with_a_receipt(tmp_path: Path) -> None:
    """zeroclaw agent -m: the MCP tool runs and its result carries a receipt."""
    config = write_config(tmp_path, [{"name": "time",
                                      "command": python_server("mcp-server-time")}])
    done = zeroclaw(["agent", "-c", str(config), "-m", "time please"], tmp_path)
    assert 0 == done.returncode, done.stderr
    assert '"timezone": "Etc/UTC"' in done.stdout
    assert "time__get_current_time: zc-receipt-" in done.stdout  # the receipts block


def test_mcp_list_shows_state_and_tools(tmp_path: Path) -> None:
    """mcp list: a ready server with its namespaced tools and risk, an unavailable one
    with its reason (exit 1), a disabled one; --json says the same."""
    time_server = python_server("mcp-server-time")
    config = write_config(tmp_path, [
        {"name": "time", "command": time_server, "trust_annotations": True},
        {"name": "gone", "command": str(tmp_path / "no-such-server"), "connect_timeout_s": 2},
        {"name": "off", "command": time_server, "enabled": False},
    ])
    text = zeroclaw(["mcp", "list", "-c", str(config)], tmp_path)
    assert 1 == text.returncode, text.stderr
    assert "time  stdio  ready  2 tools" in text.stdout
    assert "  time__get_current_time  [read]" in text.stdout
    assert "gone  stdio  unavailable  (command not found:" in text.stdout
    assert "off  stdio  disabled" in text.stdout
    listed = json.loads(zeroclaw(["mcp", "list", "--json", "-c", str(config)],
                                 tmp_path).stdout)
    states = {server["name"]: server["state"] for server in listed["servers"]}
    assert {"time": "ready", "gone": "unavailable", "off": "disabled"} == states


def test_mcp_list_requires_the_secrets_servers_name(tmp_path: Path) -> None:
    """An env_from variable that is not set: exit 78 naming its path, not its value."""
    config = write_config(tmp_path, [{"name": "time", "command": python_server("mcp-server-time"),
                                      "env_from": {"TOKEN": "ZC_UNSET_MCP_TOKEN_7"}}])
    done = zeroclaw(["mcp", "list", "-c", str(config)], tmp_path)
    assert 78 == done.returncode
    assert "tools.mcp[0].env_from.TOKEN" in done.stderr and "ZC_UNSET_MCP_TOKEN_7" in done.stderr
