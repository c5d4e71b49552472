"""The real daemon tells the truth: a reload never drops the working listener, STATUS
follows a channel that crashes and recovers, start-up log lines are printed once."""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
from daemon_harness import daemon_config, start_daemon

from tests.fakes import FakeResponse
from tests.fakes.telegram_server import error_body, serve_fake_telegram

TELEGRAM_TOKEN = "123456:startup-truth-token"


@contextlib.contextmanager
def port_in_use() -> Iterator[int]:
    """A loopback port another process (this test) is listening on."""
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]
    finally:
        holder.close()


def healthz(daemon: object) -> int:
    return httpx.get(daemon.url("/healthz"), timeout=5).status_code  # type: ignore[attr-defined]


def test_sighup_to_a_busy_port_keeps_the_running_listener(tmp_path: Path) -> None:
    """SIGHUP moving the gateway to a taken port: one ERROR line with the address and the
    cause, READY=1 with a "Reload failed" STATUS that still names the old listener, and
    the old port keeps answering (the new address was bound first, and failed)."""
    config = daemon_config(tmp_path)
    with port_in_use() as busy, start_daemon(tmp_path, config) as daemon:
        old_port = daemon.port
        config["channels"]["gateway"]["listen"] = f"127.0.0.1:{busy}"
        daemon.rewrite_config(config)
        daemon.send_signal(signal.SIGHUP)
        reloading, _ = daemon.wait_notify("RELOADING=1", after=daemon.ready_index + 1)
        _, ready = daemon.wait_notify("READY=1", after=reloading)
        after_reload = healthz(daemon)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
        log = daemon.log_text()
    errors = [line for line in log.splitlines() if " ERROR " in line]
    assert 1 == len(errors), log
    assert "Config reload failed" in errors[0] and f"127.0.0.1:{busy}" in errors[0]
    assert "in use" in errors[0]
    assert ready["STATUS"].startswith(f"Reload failed (gateway cannot listen on 127.0.0.1:{busy})")
    assert f"gateway listening on 127.0.0.1:{old_port}" in ready["STATUS"]
    assert 200 == after_reload
    assert "Traceback" not in log


def test_sighup_to_a_free_address_moves_the_gateway(tmp_path: Path) -> None:
    """SIGHUP moving the gateway to another free address: the new one answers, the old
    port is closed, STATUS names the new address."""
    config = daemon_config(tmp_path)
    with start_daemon(tmp_path, config) as daemon:
        old_port = daemon.port
        config["channels"]["gateway"]["listen"] = "127.0.0.2:0"
        daemon.rewrite_config(config)
        daemon.send_signal(signal.SIGHUP)
        ready = daemon.wait_ready(after=daemon.ready_index + 1)
        moved = healthz(daemon)
        with contextlib.closing(socket.socket()) as probe:
            old_refused = probe.connect_ex(("127.0.0.1", old_port)) != 0
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert ready["STATUS"].startswith("Reloaded: gateway listening on 127.0.0.2:")
    assert ("127.0.0.2", 200, True) == (daemon.host, moved, old_refused)


def test_a_crashed_chat_channel_shows_in_status_and_one_warn_line(tmp_path: Path) -> None:
    """A Telegram channel whose poll is rejected (401) after start: one WARN line per crash
    (no traceback at info), STATUS says it failed and why, then "Running" once the retry
    is up; the gateway keeps serving meanwhile."""
    with serve_fake_telegram(TELEGRAM_TOKEN) as fake:
        fake.fail_next("getUpdates", FakeResponse(401, error_body(401, "Unauthorized")))
        config = daemon_config(tmp_path, channels={"telegram": {
            "enabled": True, "bot_token_env": "ZC_TRUTH_TELEGRAM_TOKEN",
            "api_base": fake.base_url, "allowed_users": ["1"], "poll_timeout_s": 1}})
        with start_daemon(tmp_path, config,
                          env={"ZC_TRUTH_TELEGRAM_TOKEN": TELEGRAM_TOKEN}) as daemon:
            failed, degraded = daemon.notify.wait_for(
                lambda m: "telegram failed (ChannelError" in m.get("STATUS", ""))
            _, running = daemon.notify.wait_for(
                lambda m: m.get("STATUS", "").startswith("Running:"), after=failed + 1)
            serving = healthz(daemon)
            daemon.send_signal(signal.SIGTERM)
            assert 0 == daemon.wait_exit()
            log = daemon.log_text()
    crashes = [line for line in log.splitlines() if "Channel crashed" in line]
    assert 1 == len(crashes), log
    assert " WARN " in crashes[0] and "channel=telegram" in crashes[0] and "401" in crashes[0]
    assert "Traceback" not in log
    assert "retrying" in degraded["STATUS"]
    assert "telegram running" in running["STATUS"]
    assert 200 == serving


def test_startup_logging_lines_are_printed_once(tmp_path: Path) -> None:
    """With RUST_LOG=debug "Logging configured" appears once at start; with a bad RUST_LOG
    directive its WARN appears once (the CLI and the daemon set logging up in turn)."""
    logs = []
    for rust_log in ("debug", "info,zeroclaw=loud"):
        run_dir = tmp_path / rust_log.replace(",", "_").replace("=", "_")
        run_dir.mkdir()
        with start_daemon(run_dir, daemon_config(run_dir), env={"RUST_LOG": rust_log}) as daemon:
            daemon.send_signal(signal.SIGTERM)
            assert 0 == daemon.wait_exit()
            logs.append(daemon.log_text())
    assert 1 == logs[0].count("Logging configured"), logs[0]
    assert 1 == logs[1].count("Bad log filter directive"), logs[1]
    assert "zeroclaw=loud" in logs[1]
