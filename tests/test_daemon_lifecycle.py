"""The real daemon as a subprocess: readiness, reload, drain, exit codes, one key."""

from __future__ import annotations

import contextlib
import re
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from daemon_harness import daemon_config, daemon_with_irc_user, start_daemon
from ngircd_fixture import requires_ngircd

from zeroclaw_daemon.daemon import supervisor as supervisor_module

TURN_TIMEOUT_S = 15.0
TOKEN_RE = re.compile(r"zc-receipt-[0-9]+-[A-Za-z0-9_-]{43}")


def turn(daemon: Any, message: str, conversation: str = "c1", **kwargs: Any) -> httpx.Response:
    return httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                      json={"conversation_id": conversation, "message": message}, **kwargs)


def verify_text(daemon: Any, text: str, conversation: str | None = None) -> list[dict[str, str]]:
    body: dict[str, str] = {"text": text}
    if conversation is not None:
        body["conversation_id"] = conversation
    response = httpx.post(daemon.url("/v1/receipts/verify"), json=body, timeout=10)
    assert 200 == response.status_code, response.text
    tokens: list[dict[str, str]] = response.json()["tokens"]
    return tokens


def test_ready_then_stopping_and_exit_zero(tmp_path: Path) -> None:
    """READY=1 comes once the gateway is bound (it answers at once); SIGTERM brings
    STOPPING=1 and exit code 0."""
    with start_daemon(tmp_path) as daemon:
        health = httpx.get(daemon.url("/healthz"), timeout=5)
        assert (200, "ok") == (health.status_code, health.json()["status"])
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
        daemon.wait_notify("STOPPING=1", after=daemon.ready_index)
        log = daemon.log_text()
    assert "Tool receipts enabled" in log
    assert "Channels running" in log and '"gateway"' in log


def test_turn_over_the_gateway_carries_a_receipt(tmp_path: Path) -> None:
    """A scripted turn through the daemon returns the receipt its tool call earned."""
    with start_daemon(tmp_path) as daemon:
        response = turn(daemon, "list files")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    body = response.json()
    assert 200 == response.status_code
    assert ["list_dir"] == [r["tool"] for r in body["receipts"]]
    assert body["receipts"][0]["receipt"] in body["reply"]
    assert "alpha.txt" in body["reply"]


def test_bad_config_at_start_exits_78(tmp_path: Path) -> None:
    """An invalid config (unknown key) exits 78 (EX_CONFIG) without ever sending READY."""
    config = daemon_config(tmp_path, daemon={"no_such_key": 1})
    with start_daemon(tmp_path, config, wait_ready=False) as daemon:
        code = daemon.wait_exit()
        log = daemon.log_text()
        messages = list(daemon.notify.messages)
    assert 78 == code
    assert "daemon.no_such_key" in log
    assert [] == [m for m in messages if m.get("READY") == "1"]


def test_missing_secret_env_at_start_exits_78(tmp_path: Path) -> None:
    """A gateway token variable that is named but unset is a config error, not an open API."""
    config = daemon_config(tmp_path,
                           channels={"gateway": {"auth_token_env": "ZC_TEST_UNSET_TOKEN"}})
    with start_daemon(tmp_path, config, wait_ready=False) as daemon:
        code = daemon.wait_exit()
        log = daemon.log_text()
    assert 78 == code
    assert "ZC_TEST_UNSET_TOKEN" in log


def test_audit_log_of_a_newer_daemon_at_start_exits_78(tmp_path: Path) -> None:
    """A state_dir whose audit log a newer daemon wrote stops the start (78), file untouched."""
    (tmp_path / "state").mkdir(mode=0o700)
    db = tmp_path / "state" / "audit.db"
    with contextlib.closing(sqlite3.connect(db)) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = db.read_bytes()
    with start_daemon(tmp_path, wait_ready=False) as daemon:
        code = daemon.wait_exit()
        log = daemon.log_text()
    assert 78 == code
    assert "daemon.state_dir" in log and "schema version 99" in log
    assert before == db.read_bytes()


def test_gateway_token_from_env_is_enforced_and_never_logged(tmp_path: Path) -> None:
    """auth_token_env naming a set variable turns bearer auth on; the value stays out of logs."""
    token = "tok-0123456789-abcdefghij"
    config = daemon_config(tmp_path, channels={"gateway": {"auth_token_env": "ZC_TEST_TOKEN"}})
    with start_daemon(tmp_path, config, env={"ZC_TEST_TOKEN": token}) as daemon:
        anonymous = turn(daemon, "list files")
        authorized = turn(daemon, "list files", headers={"Authorization": f"Bearer {token}"})
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
        log = daemon.log_text()
    assert (401, 200) == (anonymous.status_code, authorized.status_code)
    assert token not in log


def refused_reload_then_turn(daemon: Any, error_log: str) -> tuple[dict[str, str], httpx.Response]:
    """SIGHUP a daemon whose new config is refused: wait for RELOADING=1, READY=1 and the
    ERROR line, take a turn on the running config, stop it (exit 0). Returns the READY
    message and the turn's response."""
    daemon.send_signal(signal.SIGHUP)
    reloading, _ = daemon.wait_notify("RELOADING=1", after=daemon.ready_index + 1)
    _, ready = daemon.wait_notify("READY=1", after=reloading)
    daemon.wait_log(error_log)
    response = turn(daemon, "list files")
    daemon.send_signal(signal.SIGTERM)
    assert 0 == daemon.wait_exit()
    return ready, response


def test_sighup_with_broken_file_keeps_serving(tmp_path: Path) -> None:
    """A broken config on SIGHUP: RELOADING=1, an ERROR log, READY=1 with a failure STATUS,
    and the daemon keeps answering on the running config."""
    with start_daemon(tmp_path) as daemon:
        daemon.rewrite_config(text="[daemon\nbroken = ")
        ready, response = refused_reload_then_turn(daemon, r"ERROR .*Config reload failed")
    assert "Reload failed" in ready["STATUS"]
    assert 200 == response.status_code
    assert ["list_dir"] == [r["tool"] for r in response.json()["receipts"]]


def test_sighup_to_a_newer_daemons_audit_log_keeps_serving(tmp_path: Path) -> None:
    """A reload whose state_dir holds a newer daemon's audit log is refused: the daemon
    keeps serving on the running config and that log is untouched."""
    (tmp_path / "other").mkdir(mode=0o700)
    newer = tmp_path / "other" / "audit.db"
    with contextlib.closing(sqlite3.connect(newer)) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = newer.read_bytes()
    with start_daemon(tmp_path) as daemon:
        daemon.rewrite_config(daemon_config(
            tmp_path, daemon={"state_dir": str(tmp_path / "other"), "drain_timeout_s": 10.0}))
        ready, response = refused_reload_then_turn(daemon, r"ERROR .*schema version 99")
    assert "Reload failed" in ready["STATUS"]
    assert 200 == response.status_code
    assert before == newer.read_bytes()


def test_sighup_applies_a_good_file_and_keeps_the_key(tmp_path: Path) -> None:
    """A good config on SIGHUP is applied (audit mode and receipts block change in replies),
    the scope is the same, and a receipt issued before the reload still verifies."""
    before_config = daemon_config(tmp_path, agent={"tool_receipts": {"audit": {"mode": "off"}}})
    after_config = daemon_config(tmp_path, agent={"tool_receipts": {
        "show_in_response": True, "audit": {"mode": "annotate"}}})
    with start_daemon(tmp_path, before_config) as daemon:
        scope_before = httpx.get(daemon.url("/healthz"), timeout=5).json()["scope_id"]
        before = turn(daemon, "how many files", conversation="conv-1").json()
        daemon.rewrite_config(after_config)
        daemon.send_signal(signal.SIGHUP)
        reloading, _ = daemon.wait_notify("RELOADING=1", after=daemon.ready_index + 1)
        _, ready = daemon.wait_notify("READY=1", after=reloading)
        after = turn(daemon, "how many files", conversation="conv-1").json()
        scope_after = httpx.get(daemon.url("/healthz"), timeout=5).json()["scope_id"]
        old_receipt = before["receipts"][0]["receipt"]
        verdicts = verify_text(daemon, f"as shown [receipt: {old_receipt}]", "conv-1")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert ready["STATUS"].startswith("Reloaded")
    assert scope_before == scope_after
    assert ([], "unverified") == (before["audit"]["findings"], before["audit"]["trust"])
    assert "count_mismatch" in [f["type"] for f in after["audit"]["findings"]]
    assert "Tool receipts:" not in before["reply"]
    assert "Tool receipts:" in after["reply"]
    assert [{"token": old_receipt, "verdict": "valid", "tool": "list_dir"}] == verdicts


def test_sighup_restarts_a_changed_gateway(tmp_path: Path) -> None:
    """Changing [channels.gateway] restarts it (new port from :0, new body limit)."""
    config = daemon_config(tmp_path)
    with start_daemon(tmp_path, config) as daemon:
        old_port = daemon.port
        config["channels"]["gateway"]["max_body_bytes"] = 64
        daemon.rewrite_config(config)
        daemon.send_signal(signal.SIGHUP)
        daemon.wait_ready(after=daemon.ready_index + 1)
        big = turn(daemon, "list files " + "x" * 100)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert old_port != daemon.port
    assert 413 == big.status_code


def test_sigterm_drains_slow_in_flight_turns(tmp_path: Path) -> None:
    """SIGTERM while two slow turns run: both replies are delivered, new turns get 503,
    and the daemon exits 0."""
    results: dict[str, httpx.Response] = {}

    with start_daemon(tmp_path) as daemon:
        def slow(conversation: str) -> None:
            results[conversation] = turn(daemon, "slow", conversation=conversation)

        threads = [threading.Thread(target=slow, args=(c,)) for c in ("s1", "s2")]
        for thread in threads:
            thread.start()
        daemon.wait_turns_in_flight(2)
        daemon.send_signal(signal.SIGTERM)
        daemon.wait_notify("STOPPING=1", after=daemon.ready_index)
        refused = turn(daemon, "list files", conversation="late")
        for thread in threads:
            thread.join(TURN_TIMEOUT_S)
        assert 0 == daemon.wait_exit()
    assert [200, 200] == [results[c].status_code for c in ("s1", "s2")]
    assert all(results[c].json()["reply"].startswith("Slept.") for c in ("s1", "s2"))
    assert (503, "shutting_down") == (refused.status_code,
                                      refused.json()["error"]["code"])


def test_second_sigint_forces_exit(tmp_path: Path) -> None:
    """SIGINT starts a drain; a second SIGINT stops at once (exit 130), not after the turn."""
    config = daemon_config(tmp_path, daemon={"drain_timeout_s": 60.0},
                           tools={"shell": {"timeout_s": 60.0}})
    with start_daemon(tmp_path, config) as daemon:
        thread = threading.Thread(target=lambda: _swallow(turn, daemon, "very slow"))
        thread.start()
        daemon.wait_turns_in_flight(1)
        daemon.send_signal(signal.SIGINT)
        daemon.wait_notify("STOPPING=1", after=daemon.ready_index)
        started = time.monotonic()
        daemon.send_signal(signal.SIGINT)
        code = daemon.wait_exit(timeout=15)
        elapsed = time.monotonic() - started
        thread.join(TURN_TIMEOUT_S)
    assert 130 == code
    assert elapsed < 10
    assert "Exception in ASGI application" not in daemon.log_text()


def test_drain_timeout_cuts_a_turn_and_still_exits_zero(tmp_path: Path) -> None:
    """A turn longer than drain_timeout_s is cut after the budget; the exit is still clean."""
    config = daemon_config(tmp_path, daemon={"drain_timeout_s": 1.0},
                           tools={"shell": {"timeout_s": 60.0}})
    responses: list[httpx.Response] = []
    with start_daemon(tmp_path, config) as daemon:
        thread = threading.Thread(
            target=lambda: responses.append(turn(daemon, "very slow")))
        thread.start()
        daemon.wait_turns_in_flight(1)
        started = time.monotonic()
        daemon.send_signal(signal.SIGTERM)
        code = daemon.wait_exit(timeout=20)
        elapsed = time.monotonic() - started
        thread.join(TURN_TIMEOUT_S)
        log = daemon.log_text()
    assert 0 == code
    assert elapsed < 8
    assert "Drain timeout reached" in log
    # The cut turn is answered, not dropped: the client learns the daemon stopped.
    assert [(503, "shutting_down")] == [(r.status_code, r.json()["error"]["code"])
                                        for r in responses]
    assert "Exception in ASGI application" not in log


def test_watchdog_pings_every_half_interval(tmp_path: Path) -> None:
    """With WATCHDOG_USEC set, WATCHDOG=1 arrives repeatedly from the event loop."""
    with start_daemon(tmp_path, env={"WATCHDOG_USEC": "400000"}) as daemon:
        first, _ = daemon.wait_notify("WATCHDOG=1", timeout=5)
        second, _ = daemon.wait_notify("WATCHDOG=1", after=first + 1, timeout=5)
        third, _ = daemon.wait_notify("WATCHDOG=1", after=second + 1, timeout=5)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert first < second < third


def test_no_core_dumps(tmp_path: Path) -> None:
    """The daemon sets RLIMIT_CORE to 0 for itself (a core would hold the receipt key)."""
    with start_daemon(tmp_path) as daemon:
        limits = Path(f"/proc/{daemon.pid}/limits").read_text(encoding="utf-8")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    core = next(line for line in limits.splitlines() if line.startswith("Max core file size"))
    assert ["0", "0"] == core.split()[4:6]


def _swallow(func: Any, *args: Any) -> None:
    """Run a request whose connection the test expects to be cut."""
    with contextlib.suppress(httpx.HTTPError):
        func(*args)


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # httpx honours *_PROXY variables; the tests talk to 127.0.0.1 only.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.delenv(name, raising=False)


# --- channel supervision, in process -----------------------------------------------------------


class FlakyChannel:
    """Crashes on its first ``crashes`` runs, then serves until cancelled."""

    name = "flaky"

    def __init__(self, crashes: int) -> None:
        self.crashes = crashes
        self.runs = 0
        self.started: list[float] = []
        self._progress = anyio.Event()

    async def wait_runs(self, count: int) -> None:
        with anyio.fail_after(5):
            while self.runs < count:
                await self._progress.wait()

    async def run(self, handler: Any) -> None:
        self.runs += 1
        self.started.append(time.monotonic())
        self._progress.set()
        self._progress = anyio.Event()
        if self.runs <= self.crashes:
            raise RuntimeError(f"crash {self.runs}")
        await anyio.sleep_forever()


def spec(name: str, channel: FlakyChannel) -> supervisor_module.ChannelSpec:
    return supervisor_module.ChannelSpec(name, None, lambda: channel)


async def test_crashing_channel_is_restarted_with_backoff(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A channel that crashes twice is restarted each time, waiting longer each time."""
    monkeypatch.setattr(supervisor_module, "BACKOFF_INITIAL_S", 0.05)
    channel = FlakyChannel(crashes=2)
    supervisor = supervisor_module.ChannelSupervisor(spec("flaky", channel),
                                           handler=None)  # type: ignore[arg-type]
    async with anyio.create_task_group() as tg:
        tg.start_soon(supervisor.run)
        await channel.wait_runs(3)
        assert (2, "running") == (supervisor.failures, supervisor.state)
        with anyio.fail_after(5):
            await supervisor.stop(grace_s=1)
    first_gap = channel.started[1] - channel.started[0]
    second_gap = channel.started[2] - channel.started[1]
    assert first_gap >= 0.045
    assert second_gap >= 0.095  # doubled
    assert "stopped" == supervisor.state


async def test_one_failing_channel_does_not_stop_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A channel that always crashes keeps being retried while a healthy one keeps running."""
    monkeypatch.setattr(supervisor_module, "BACKOFF_INITIAL_S", 0.01)
    monkeypatch.setattr(supervisor_module, "BACKOFF_MAX_S", 0.02)
    broken, healthy = FlakyChannel(crashes=10**6), FlakyChannel(crashes=0)
    supervisors = [supervisor_module.ChannelSupervisor(spec(name, channel),
                                             handler=None)  # type: ignore[arg-type]
                   for name, channel in (("broken", broken), ("healthy", healthy))]
    async with anyio.create_task_group() as tg:
        for supervisor in supervisors:
            tg.start_soon(supervisor.run)
        await broken.wait_runs(5)
        assert (1, "running") == (healthy.runs, supervisors[1].state)
        assert "failed" == supervisors[0].state
        with anyio.fail_after(5):
            for supervisor in supervisors:
                await supervisor.stop(grace_s=1)


# --- two channels, one key -----------------------------------------------------------------------


@requires_ngircd
@pytest.mark.irc
async def test_gateway_and_irc_share_one_receipt_key(tmp_path: Path) -> None:
    """Gateway and IRC in one daemon sign with one scope: a receipt earned over IRC verifies
    through the gateway's verify endpoint (valid for its IRC conversation, foreign to others)."""
    async with daemon_with_irc_user(tmp_path, daemon_config) as (user, daemon):
        await user.say("#zeroclaw", "zcbot: list files")
        line = await user.expect(lambda ln: ln.command == "PRIVMSG" and ln.nick == "zcbot"
                                 and "zc-receipt-" in ln.params[-1], timeout_s=20)
        match = TOKEN_RE.search(line.params[-1])
        assert match is not None
        irc_token = match.group(0)
        async with httpx.AsyncClient(trust_env=False, timeout=10) as client:
            gateway_turn = await client.post(daemon.url("/v1/turns"), json={
                "conversation_id": "gw-1", "message": "list files"})
            gateway_token = gateway_turn.json()["receipts"][0]["receipt"]
            text = f"irc said {irc_token}; the gateway said {gateway_token}"
            verdicts = {}
            for conversation in (None, "irc:#zeroclaw", "gw-1"):
                body = {"text": text}
                if conversation is not None:
                    body["conversation_id"] = conversation
                response = await client.post(daemon.url("/v1/receipts/verify"), json=body)
                verdicts[conversation] = [(t["verdict"], t.get("tool"))
                                          for t in response.json()["tokens"]]
        daemon.send_signal(signal.SIGTERM)
        code = await anyio.to_thread.run_sync(daemon.wait_exit)
        log = daemon.log_text()
    assert 0 == code
    assert '"gateway","irc"' in log.replace(", ", ",")
    assert {None: [("valid", "list_dir"), ("valid", "list_dir")],
            "irc:#zeroclaw": [("valid", "list_dir"), ("foreign", "list_dir")],
            "gw-1": [("foreign", "list_dir"), ("valid", "list_dir")]} == verdicts
