"""`zeroclaw agent` end to end in a subprocess: one-shot, REPL, exit codes, start-up log."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import tomli_w

RULES = [
    {"match": "hello", "reply": "The shell said: {result:1}",
     "steps": [{"tool": "shell", "args": {"argv": ["echo", "hello"]}}]},
]


def write_config(tmp_path: Path, agent: Mapping[str, Any] | None = None,
                 provider: Mapping[str, Any] | None = None) -> Path:
    (tmp_path / "script.toml").write_text(tomli_w.dumps({"rule": RULES}))
    data: dict[str, Any] = {
        "daemon": {"state_dir": "state"},
        "provider": dict(provider or {"kind": "scripted", "script": "script.toml"}),
        "agent": {"autonomy": "full", "tool_receipts": {"show_in_response": True,
                                                        "audit": {"mode": "off"}},
                  **(agent or {})},
        "tools": {"shell": {"allow": ["echo"]}, "http_get": {"enabled": False}},
    }
    path = tmp_path / "zeroclaw.toml"
    path.write_text(tomli_w.dumps(data))
    return path


def run_agent(args: Sequence[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run `zeroclaw agent ARGS` in a fresh interpreter."""
    env = {k: v for k, v in os.environ.items() if k not in ("ZEROCLAW_LOG", "RUST_LOG",
                                                            "ZEROCLAW_CONFIG")}
    command = [sys.executable, "-m", "zeroclaw_daemon", "agent", *args]
    return subprocess.run(command, cwd=cwd, env=env, input=stdin, capture_output=True,
                          text=True, timeout=60, check=False)


def test_one_shot_prints_reply_and_receipts(tmp_path: Path) -> None:
    """`agent -m` runs one turn, prints reply and block, logs receipts on, exits 0."""
    config = write_config(tmp_path)
    done = run_agent(["-m", "say hello", "--config", str(config)], tmp_path)
    assert 0 == done.returncode, done.stderr
    lines = done.stdout.splitlines()
    assert ["The shell said: hello", "", "---", "Tool receipts:"] == lines[:4]
    assert lines[4].startswith("  shell: zc-receipt-")
    assert 5 == len(lines)
    start = [line for line in done.stderr.splitlines() if "Tool receipts enabled" in line]
    assert 1 == len(start)
    assert " INFO zeroclaw_runtime::agent: Tool receipts enabled entry_point=agent" in start[0]
    with sqlite3.connect(tmp_path / "state" / "audit.db") as db:
        rows = db.execute("SELECT tool, status, receipt FROM tool_events").fetchall()
    assert [("shell", "ok", lines[4].removeprefix("  shell: "))] == rows


def test_receipts_disabled_logs_it_and_prints_none(tmp_path: Path) -> None:
    """With receipts off the start-up log says so and no zc-receipt text is printed."""
    config = write_config(tmp_path, {"tool_receipts": {"enabled": False,
                                                       "show_in_response": True}})
    done = run_agent(["-m", "say hello", "-c", str(config)], tmp_path)
    assert (0, "The shell said: hello\n\n") == (done.returncode, done.stdout)
    assert "Tool receipts disabled entry_point=agent" in done.stderr
    assert "zc-receipt" not in done.stdout + done.stderr


def test_repl_runs_a_turn_per_line_with_fresh_scopes(tmp_path: Path) -> None:
    """Without -m: one turn per stdin line until EOF, each signed by a fresh scope."""
    config = write_config(tmp_path)
    done = run_agent(["-c", str(config)], tmp_path, stdin="say hello\n\nhello again\n")
    assert 0 == done.returncode, done.stderr
    assert 2 == done.stdout.count("The shell said: hello")
    with sqlite3.connect(tmp_path / "state" / "audit.db") as db:
        scopes = [row[0] for row in db.execute("SELECT scope_id FROM tool_events ORDER BY id")]
    assert 2 == len(scopes)
    assert scopes[0] != scopes[1]


def test_default_config_path_is_used(tmp_path: Path) -> None:
    """Without --config, config/zeroclaw.toml under the working directory is loaded."""
    (tmp_path / "config").mkdir()
    config = write_config(tmp_path / "config")
    assert config.exists()
    done = run_agent(["-m", "say hello"], tmp_path)
    assert 0 == done.returncode, done.stderr
    assert done.stdout.startswith("The shell said: hello\n")


def test_config_error_exits_78(tmp_path: Path) -> None:
    """A bad config is reported on stderr with exit code 78."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[agent]\nautonomy = "yolo"\n')
    done = run_agent(["-m", "hi", "-c", str(bad)], tmp_path)
    assert 78 == done.returncode
    assert "agent.autonomy" in done.stderr
    assert "" == done.stdout


def test_provider_failure_is_honest_and_exits_1(tmp_path: Path) -> None:
    """An unreachable model endpoint gives an honest reply and exit code 1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: connections are refused
    config = write_config(tmp_path, provider={
        "kind": "openai", "base_url": f"http://127.0.0.1:{port}/v1", "model": "m",
        "max_retries": 0, "timeout_s": 5.0})
    done = run_agent(["-m", "hi", "-c", str(config)], tmp_path)
    assert 1 == done.returncode, done.stderr
    assert done.stdout.startswith("The model provider failed: ")
    assert done.stdout.rstrip().endswith("No tools ran for this message.")
    assert "Traceback" not in done.stderr
