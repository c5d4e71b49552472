"""The shipped systemd unit: it verifies cleanly and its sandbox exposure stays low."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from zeroclaw_daemon.config import DaemonConfig

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "zeroclaw.service"
MAX_EXPOSURE = 2.0
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")

needs_systemd_analyze = pytest.mark.skipif(SYSTEMD_ANALYZE is None,
                                           reason="systemd-analyze is not installed")


def unit_settings(text: str) -> dict[str, list[str]]:
    """Every ``Key=value`` of a unit file, values of repeated keys in order."""
    settings: dict[str, list[str]] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def installable_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at this Python (the real binary is not installed
    here, and verify rightly complains about a missing executable)."""
    text = UNIT.read_text(encoding="utf-8")
    patched, count = re.subn(r"^ExecStart=/usr/local/bin/zeroclaw ",
                             f"ExecStart={sys.executable} -m zeroclaw_daemon ", text,
                             flags=re.MULTILINE)
    assert count == 1
    copy = tmp_path / "zeroclaw.service"
    copy.write_text(patched, encoding="utf-8")
    return copy


def test_unit_declares_the_lifecycle_contract() -> None:
    """The unit is Type=notify, reloads with SIGHUP, never restarts on a config error."""
    settings = unit_settings(UNIT.read_text(encoding="utf-8"))
    expected = {
        "Type": ["notify"],
        "NotifyAccess": ["main"],
        "ExecReload": ["/bin/kill -HUP $MAINPID"],
        "Restart": ["on-failure"],
        "RestartPreventExitStatus": ["78"],
        "DynamicUser": ["yes"],
        "StateDirectory": ["zeroclaw"],
        "ConfigurationDirectory": ["zeroclaw"],
        "LimitCORE": ["0"],
        "ExecStart": ["/usr/local/bin/zeroclaw daemon --config /etc/zeroclaw/zeroclaw.toml"],
    }
    actual = {key: settings.get(key, []) for key in expected}
    assert expected == actual


def test_stop_timeout_exceeds_the_drain_budget() -> None:
    """systemd waits longer than the default drain before it sends SIGKILL."""
    settings = unit_settings(UNIT.read_text(encoding="utf-8"))
    stop_timeout = float(settings["TimeoutStopSec"][0])
    watchdog = float(settings["WatchdogSec"][0])
    assert stop_timeout > DaemonConfig().drain_timeout_s + 5
    assert watchdog >= 10


@needs_systemd_analyze
def test_systemd_analyze_verify_is_silent(tmp_path: Path) -> None:
    """`systemd-analyze verify` reports nothing about the unit."""
    assert SYSTEMD_ANALYZE is not None
    unit = installable_copy(tmp_path)
    done = subprocess.run([SYSTEMD_ANALYZE, "verify", str(unit)], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path, check=False)
    assert ("", 0) == (done.stderr, done.returncode)


@needs_systemd_analyze
def test_security_exposure_is_at_most_two(tmp_path: Path) -> None:
    """`systemd-analyze security --offline=yes` scores the sandbox at 2.0 or better."""
    assert SYSTEMD_ANALYZE is not None
    unit = installable_copy(tmp_path)
    done = subprocess.run([SYSTEMD_ANALYZE, "security", "--offline=yes", str(unit)],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          check=False)
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", done.stdout + done.stderr)
    assert match is not None, done.stdout + done.stderr
    exposure = float(match.group(1))
    assert exposure <= MAX_EXPOSURE, done.stdout
