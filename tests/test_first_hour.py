"""A newcomer's first hour: a new config starts, and a config that cannot start says why."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import httpx
from daemon_harness import start_daemon

ZEROCLAW = [sys.executable, "-m", "zeroclaw_daemon"]


def zeroclaw(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ZEROCLAW, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "HOME": str(cwd)})


def test_config_from_init_passes_check_and_starts(tmp_path: Path) -> None:
    """`config init` writes the config and the demo script it names; `config check` says ok;
    the daemon on that config becomes ready and answers a demo turn."""
    init = zeroclaw("config", "init", cwd=tmp_path)
    assert 0 == init.returncode, init.stderr
    assert (tmp_path / "demo-script.toml").is_file()
    check = zeroclaw("config", "check", "zeroclaw.toml", cwd=tmp_path)
    assert (0, "ok: zeroclaw.toml\n") == (check.returncode, check.stdout)
    config = tomllib.loads((tmp_path / "zeroclaw.toml").read_text(encoding="utf-8"))
    config["channels"]["gateway"]["listen"] = "127.0.0.1:0"
    config["daemon"]["state_dir"] = str(tmp_path / "state")
    with start_daemon(tmp_path, config) as daemon:
        reply = httpx.post(daemon.url("/v1/turns"), timeout=20,
                           json={"conversation_id": "c", "message": "list files"})
    assert 200 == reply.status_code
    assert ["list_dir"] == [r["tool"] for r in reply.json()["receipts"]]


def test_init_keeps_an_existing_script(tmp_path: Path) -> None:
    """A script already next to the new config is the user's: init leaves it alone."""
    (tmp_path / "demo-script.toml").write_text("[default]\nreply = 'mine'\n", encoding="utf-8")
    assert 0 == zeroclaw("config", "init", cwd=tmp_path).returncode
    assert "mine" in (tmp_path / "demo-script.toml").read_text(encoding="utf-8")


def test_missing_script_fails_check_and_start_with_78_and_one_line(tmp_path: Path) -> None:
    """Without the script, `config check` exits 78 naming provider.script, and the daemon
    exits 78 (not 70) with one error line for it, no traceback and no READY."""
    assert 0 == zeroclaw("config", "init", cwd=tmp_path).returncode
    (tmp_path / "demo-script.toml").unlink()
    check = zeroclaw("config", "check", "zeroclaw.toml", cwd=tmp_path)
    assert 78 == check.returncode
    assert "provider.script" in check.stderr and "script file not found" in check.stderr
    config = tomllib.loads((tmp_path / "zeroclaw.toml").read_text(encoding="utf-8"))
    config["channels"]["gateway"]["listen"] = "127.0.0.1:0"
    with start_daemon(tmp_path, config, wait_ready=False) as daemon:
        code = daemon.wait_exit()
        log = daemon.log_text()
        messages = list(daemon.notify.messages)
    assert 78 == code
    assert "Traceback" not in log
    problem_lines = [line for line in log.splitlines() if "ERROR" in line]
    assert 1 == len(problem_lines)
    assert "provider.script" in problem_lines[0]
    assert [] == [m for m in messages if m.get("READY") == "1"]


def test_bad_log_filter_is_a_config_error(tmp_path: Path) -> None:
    """`[logging] filter = "zeroclaw=loud"` is a config error at logging.filter, exit 78."""
    assert 0 == zeroclaw("config", "init", cwd=tmp_path).returncode
    path = tmp_path / "zeroclaw.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'filter = "info"', 'filter = "zeroclaw=loud"'), encoding="utf-8")
    check = zeroclaw("config", "check", "zeroclaw.toml", cwd=tmp_path)
    assert 78 == check.returncode
    assert "logging.filter" in check.stderr and "unknown level" in check.stderr


def test_port_in_use_at_start_is_fatal_with_one_line(tmp_path: Path) -> None:
    """A gateway port that is taken: one ERROR line naming the address and the cause, exit
    69, no READY=1 and no traceback (the daemon does not retry forever)."""
    import socket

    from daemon_harness import daemon_config

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        config = daemon_config(tmp_path, channels={"gateway": {"listen": f"127.0.0.1:{port}"}})
        with start_daemon(tmp_path, config, wait_ready=False) as daemon:
            code = daemon.wait_exit()
            log = daemon.log_text()
            messages = list(daemon.notify.messages)
    finally:
        holder.close()
    assert 69 == code
    errors = [line for line in log.splitlines() if "ERROR" in line]
    assert 1 == len(errors)
    assert f"127.0.0.1:{port}" in errors[0] and "in use" in errors[0]
    assert "Traceback" not in log
    assert [] == [m for m in messages if m.get("READY") == "1"]


def test_every_command_finds_the_config_init_wrote(tmp_path: Path) -> None:
    """One search order: after `config init` in a directory, `config check` (and every
    other command) finds ./zeroclaw.toml without --config; $ZEROCLAW_CONFIG wins over it."""
    from zeroclaw_daemon.cli.common import resolve_config_path

    assert 0 == zeroclaw("config", "init", cwd=tmp_path).returncode
    check = zeroclaw("config", "check", cwd=tmp_path)
    assert (0, "ok: zeroclaw.toml\n") == (check.returncode, check.stdout)
    other = tmp_path / "elsewhere.toml"
    env_check = subprocess.run([*ZEROCLAW, "config", "check"], cwd=tmp_path, text=True,
                               capture_output=True, timeout=60,
                               env={"PATH": "/usr/bin:/bin", "ZEROCLAW_CONFIG": str(other)})
    assert 78 == env_check.returncode and str(other) in env_check.stderr
    assert Path("x.toml") == resolve_config_path("x.toml")


def test_receipts_log_reads_the_database_the_daemon_wrote(tmp_path: Path) -> None:
    """`receipts log` run where the daemon's config is finds the audit DB the daemon wrote
    (same state_dir rule), and shows the turn."""
    assert 0 == zeroclaw("config", "init", cwd=tmp_path).returncode
    config = tomllib.loads((tmp_path / "zeroclaw.toml").read_text(encoding="utf-8"))
    config["channels"]["gateway"]["listen"] = "127.0.0.1:0"
    with start_daemon(tmp_path, config) as daemon:
        reply = httpx.post(daemon.url("/v1/turns"), timeout=20,
                           json={"conversation_id": "log-me", "message": "list files"})
        assert 200 == reply.status_code
        import signal
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    log = zeroclaw("receipts", "log", cwd=tmp_path)
    assert 0 == log.returncode, log.stderr
    assert "log-me" in log.stdout and "list_dir" in log.stdout


def test_readme_service_recipe_installs_a_config_that_starts(tmp_path: Path) -> None:
    """The README's systemd recipe installs every file the installed config names: done
    into a temp /etc/zeroclaw, `config check` with the service's STATE_DIRECTORY says ok."""
    import re
    import shutil

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    recipe = re.findall(r"^sudo install -Dm644 (config/\S+) /etc/zeroclaw/(\S+)", readme,
                        flags=re.M)
    assert ("config/zeroclaw.toml", "zeroclaw.toml") in recipe
    etc = tmp_path / "etc"
    etc.mkdir()
    for source, target in recipe:
        shutil.copyfile(Path(__file__).parents[1] / source, etc / target)
    check = subprocess.run([*ZEROCLAW, "config", "check", str(etc / "zeroclaw.toml")],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60,
                           env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                "STATE_DIRECTORY": str(tmp_path / "var")})
    assert 0 == check.returncode, check.stderr
