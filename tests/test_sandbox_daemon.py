"""The issue's attacks through the whole daemon: gateway, scripted model, real subprocesses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest
import tomli_w
from daemon_harness import daemon_config, start_daemon

TURN_TIMEOUT_S = 20.0


def attack_script(marker: Path) -> dict[str, Any]:
    """A scripted model that, prompt-injected, tries each escape the issue lists."""
    def rule(match: str, argv: list[str]) -> dict[str, Any]:
        return {"match": match, "steps": [[{"tool": "shell", "args": {"argv": argv}}]],
                "reply": "Tool said: {result:1}"}

    return {
        "default": {"reply": "no rule"},
        "rule": [
            rule("^alias", ["git", "-c", f"alias.x=!touch {marker}", "x"]),
            rule("^environ", ["cat", "/proc/{pid}/environ"]),
            rule("^passwd head", ["head", "-c", "200", "/etc/passwd"]),
            rule("^passwd grep", ["grep", "-r", "root:x:0", "/etc/passwd"]),
            rule("^git status", ["git", "status", "--short"]),
            {"match": "^plant",
             "steps": [[{"tool": "write_file",
                         "args": {"path": ".git/config",
                                  "content": f"[core]\n\tfsmonitor = touch {marker}\n"}}]],
             "reply": "Tool said: {result:1}"},
        ],
    }


def turn(daemon: Any, message: str) -> dict[str, Any]:
    response = httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                          json={"conversation_id": "attacker", "message": message})
    assert 200 == response.status_code, response.text
    body: dict[str, Any] = response.json()
    return body


def test_prompt_injected_model_cannot_escape_the_sandbox(tmp_path: Path) -> None:
    """Under `autonomy = "full"` with git, cat, head and grep allowed: the alias injection,
    /proc/<daemon>/environ, files outside the root and a planted .git/config are all
    refused with no receipt, nothing runs, and the secret in the daemon's environment
    never reaches a reply; an honest git call in the same daemon still works."""
    marker = tmp_path / "PWNED"
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", "init", "-q"], cwd=work, env=env, check=True)
    script = attack_script(marker)
    config = daemon_config(tmp_path, agent={"autonomy": "full"}, tools={
        "shell": {"allow": ["git", "cat", "head", "grep", "echo"], "workdir": str(work)},
        "files": {"root": str(work)}})
    config["provider"]["script"] = str(tmp_path / "attack.toml")
    secret = "sk-test-" + "7" * 24
    (tmp_path / "attack.toml").write_text(tomli_w.dumps(script), encoding="utf-8")
    with start_daemon(tmp_path, config, env={"ZC_PROVIDER_KEY": secret}) as daemon:
        # The environ rule names the daemon's own pid, as an injected prompt would.
        text = (tmp_path / "attack.toml").read_text(encoding="utf-8")
        (tmp_path / "attack.toml").write_text(text.replace("{pid}", str(daemon.pid)),
                                              encoding="utf-8")
        daemon.send_signal(signal.SIGHUP)
        daemon.wait_log("Config reloaded|Reloaded")
        replies = {name: turn(daemon, name) for name in
                   ("alias", "environ", "passwd head", "passwd grep", "plant")}
        honest = turn(daemon, "git status")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
        log = daemon.log_text()
    for name, body in replies.items():
        assert "Error (denied)" in body["reply"], (name, body["reply"])
        assert [] == body["receipts"], name
        assert secret not in body["reply"]
        assert "root:x:0" not in body["reply"]
    assert not marker.exists()
    assert not (work / ".git" / "config").read_text(encoding="utf-8").count("fsmonitor")
    assert [] != honest["receipts"]
    assert "Error" not in honest["reply"]
    assert "non_dumpable=true" in log


NON_DUMPABLE_PROBE = textwrap.dedent("""
    import ctypes, os, sys, time
    from zeroclaw_daemon.security.hardening import is_dumpable, mark_non_dumpable
    # Imports first: after dropping to nobody, /root (where Python lives) is unreadable.
    os.setresgid(65534, 65534, 65534)
    os.setresuid(65534, 65534, 65534)
    if sys.argv[1] == "harden":
        assert mark_non_dumpable()
    else:
        ctypes.CDLL("libc.so.6").prctl(4, 1, 0, 0, 0)  # dumpable, as before this change
    print("dumpable" if is_dumpable() else "non-dumpable", flush=True)
    time.sleep(30)
""")


def read_environ_as_nobody(pid: int) -> str:
    """Try to read /proc/PID/environ from a forked process running as the same
    unprivileged user (forked, not exec'd: nobody cannot start Python from /root)."""
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child only
        code = 1
        try:
            os.setresgid(65534, 65534, 65534)
            os.setresuid(65534, 65534, 65534)
            with open(f"/proc/{pid}/environ", "rb") as handle:
                handle.read()
            code = 0
        except OSError:
            code = 2
        finally:
            os._exit(code)
    _, status = os.waitpid(child, 0)
    return {0: "read", 2: "refused"}.get(os.waitstatus_to_exitcode(status), "error")


@pytest.mark.skipif(os.geteuid() != 0 or not sys.platform.startswith("linux"),
                    reason="needs root to run two processes as an unprivileged user")
@pytest.mark.parametrize(("mode", "expected"), [("control", "read"), ("harden", "refused")])
def test_non_dumpable_keeps_same_user_processes_out(mode: str, expected: str) -> None:
    """A same-user process reads a dumpable process's /proc/PID/environ, but not one that
    called mark_non_dumpable() (the kernel check the daemon relies on)."""
    package_parent = str(Path(__file__).resolve().parent.parent)
    probe = subprocess.Popen(
        [sys.executable, "-c", NON_DUMPABLE_PROBE, mode], stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": package_parent}, cwd="/")
    try:
        assert probe.stdout is not None
        state = probe.stdout.readline().strip()
        assert ("dumpable" if mode == "control" else "non-dumpable") == state
        assert expected == read_environ_as_nobody(probe.pid)
    finally:
        probe.kill()
        probe.wait(timeout=10)
