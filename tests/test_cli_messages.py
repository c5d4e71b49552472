"""What the CLI says: every error starts with `error:`, and `receipts verify` says which
conversation it judged against and what each verdict means."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from daemon_harness import start_daemon

ZEROCLAW = [sys.executable, "-m", "zeroclaw_daemon"]


def zeroclaw(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("ZEROCLAW_LOG", "RUST_LOG", "ZEROCLAW_CONFIG")}
    return subprocess.run([*ZEROCLAW, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env, check=False)


@pytest.mark.parametrize(("args", "code"), [
    (("config", "check", "--bogus"), 2),                      # click's usage error
    (("nosuch",), 2),                                         # click's unknown command
    (("config", "check", "a.toml", "--config", "b.toml"), 2),  # our UsageError
    (("config", "check", "missing.toml"), 78),                # a config problem
    (("receipts", "verify", "--url", "http://127.0.0.1:9", "x"), 1),  # a ClickException
])
def test_every_error_says_error_in_lower_case(tmp_path: Path, args: tuple[str, ...],
                                               code: int) -> None:
    """Usage errors, click exceptions and our own errors all print `error: ...` (never
    click's `Error:`) with their exit code."""
    done = zeroclaw(*args, cwd=tmp_path)
    assert code == done.returncode
    messages = [line for line in done.stderr.splitlines() if "rror:" in line]
    assert messages and all(line.startswith("error: ") for line in messages), done.stderr


def test_verify_explains_verdicts_and_names_the_conversation(tmp_path: Path) -> None:
    """A real receipt checked against another conversation reads foreign, an altered one
    forged; stderr names the conversation and says forged may mean another process's
    receipt; without --conversation it says 'valid' covers any conversation."""
    with start_daemon(tmp_path) as daemon:
        reply = httpx.post(daemon.url("/v1/turns"), timeout=20,
                           json={"conversation_id": "c1", "message": "list files"})
        receipt = reply.json()["receipts"][0]["receipt"]
        # A character inside the MAC (the last one also carries padding bits).
        altered = receipt[:-5] + ("A" if receipt[-5] != "A" else "B") + receipt[-4:]
        text = f"see [receipt: {receipt}] and [receipt: {altered}]"
        judged = zeroclaw("receipts", "verify", "--url", daemon.url(""), "--conversation",
                          "c2", text, cwd=tmp_path)
        anywhere = zeroclaw("receipts", "verify", "--url", daemon.url(""), receipt,
                            cwd=tmp_path)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert 1 == judged.returncode
    assert [f"foreign   {receipt} (list_dir)", f"forged    {altered}"] == \
        judged.stdout.splitlines()
    assert "against conversation 'c2'" in judged.stderr
    assert "forged: not issued by this daemon's key" in judged.stderr
    assert "another process, such as `zeroclaw agent`" in judged.stderr
    assert "foreign: issued by this daemon, for another conversation than 'c2'" in \
        judged.stderr
    assert (0, f"valid     {receipt} (list_dir)\n") == (anywhere.returncode, anywhere.stdout)
    assert "for no particular conversation" in anywhere.stderr
    assert "--conversation ID" in anywhere.stderr
