"""`zeroclaw agent`'s REPL in a subprocess: its commands never reach the model; on a real
terminal (a pty) it hints how to leave, recalls lines with the arrow keys, keeps a
history file, and Ctrl-D leaves."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tomli_w

SCRIPT = {
    "default": {"reply": "No rule for: {user}"},
    "rule": [{"match": "hello", "reply": "The shell said: {result:1}",
              "steps": [{"tool": "shell", "args": {"argv": ["echo", "hello"]}}]}],
}
PTY_WAIT_S = 30.0


def write_config(tmp_path: Path) -> Path:
    (tmp_path / "script.toml").write_text(tomli_w.dumps(SCRIPT), encoding="utf-8")
    path = tmp_path / "zeroclaw.toml"
    path.write_text(tomli_w.dumps({
        "daemon": {"state_dir": "state"},
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "tool_receipts": {"audit": {"mode": "off"}}},
        "tools": {"shell": {"allow": ["echo"]}, "http_get": {"enabled": False}},
    }), encoding="utf-8")
    return path


def child_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("ZEROCLAW_LOG", "RUST_LOG", "ZEROCLAW_CONFIG")}
    env.update({"XDG_STATE_HOME": str(tmp_path / "xdg"), "TERM": "xterm",
                "ZEROCLAW_LOG": "warn"})
    return env


def piped(tmp_path: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "zeroclaw_daemon", "agent", "-c",
               str(write_config(tmp_path))]
    return subprocess.run(command, cwd=tmp_path, env=child_env(tmp_path), input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("leave", ["exit", "quit", "/exit", "/quit", "  EXIT  "])
def test_leave_words_end_the_repl_without_a_turn(tmp_path: Path, leave: str) -> None:
    """exit, quit, /exit and /quit end the REPL (exit 0): neither they nor what follows
    reach the model."""
    done = piped(tmp_path, f"{leave}\nsay hello\n")
    assert 0 == done.returncode, done.stderr
    assert "" == done.stdout


def test_help_and_unknown_commands_are_answered_locally(tmp_path: Path) -> None:
    """/help lists the commands and /frobnicate is refused, both on stderr and never sent
    to the model; the next message is a normal turn."""
    done = piped(tmp_path, "/help\n/frobnicate now\nsay hello\n")
    assert 0 == done.returncode, done.stderr
    assert "/exit, /quit" in done.stderr and "Ctrl-D" in done.stderr
    assert "unknown command /frobnicate; /help lists the commands" in done.stderr
    assert "No rule for" not in done.stdout
    assert 1 == done.stdout.count("The shell said: hello")


def read_until(master: int, needle: bytes, seen: bytearray, count: int = 1) -> None:
    """Read the pty into ``seen`` until ``needle`` occurs ``count`` times (bounded)."""
    deadline = time.monotonic() + PTY_WAIT_S
    while seen.count(needle) < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"{needle!r} x{count} not seen; got {bytes(seen)!r}")
        ready, _, _ = select.select([master], [], [], remaining)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            if not chunk:
                raise TimeoutError(f"terminal closed before {needle!r}; got {bytes(seen)!r}")
            seen.extend(chunk)


def test_terminal_repl_hints_recalls_lines_and_leaves_on_ctrl_d(tmp_path: Path) -> None:
    """On a pty: the hint names /help, /exit and Ctrl-D; the up arrow recalls the last
    line (a second turn); Ctrl-D exits 0; the history file holds the line, mode 0600."""
    config = write_config(tmp_path)
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "zeroclaw_daemon", "agent", "-c", str(config)],
        cwd=tmp_path, env=child_env(tmp_path), stdin=slave, stdout=slave, stderr=slave,
        close_fds=True)
    os.close(slave)
    seen = bytearray()
    try:
        read_until(master, b"> ", seen)
        os.write(master, b"say hello\r")
        read_until(master, b"The shell said: hello", seen)
        read_until(master, b"> ", seen, count=2)
        os.write(master, b"\x1b[A\r")  # up arrow: the line before, then Enter
        read_until(master, b"The shell said: hello", seen, count=2)
        read_until(master, b"> ", seen, count=3)
        os.write(master, b"\x04")  # Ctrl-D on an empty line
        code = proc.wait(timeout=PTY_WAIT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        os.close(master)
    history = tmp_path / "xdg" / "zeroclaw" / "agent_history"
    assert 0 == code
    assert b"/help lists commands; /exit or Ctrl-D leaves" in seen
    assert "say hello" in history.read_text(encoding="utf-8")
    assert 0o600 == history.stat().st_mode & 0o777
