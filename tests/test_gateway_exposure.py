"""Gateway exposure through a real daemon process: no open listener beyond loopback, limits
per client, X-Forwarded-For only from trusted proxies.

Two tests bind 0.0.0.0 on an ephemeral port for the few seconds they run (that is the
situation under test); they reach it over 127.0.0.1 and kill the daemon at the end.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import httpx
from daemon_harness import daemon_config, start_daemon

TURN_TIMEOUT_S = 30.0
TOKENS = ("tok-alpha-0123456789abcdef", "tok-bravo-0123456789abcdef")


def turn(url: str, message: str, **kwargs: Any) -> httpx.Response:
    return httpx.post(f"{url}/v1/turns", timeout=TURN_TIMEOUT_S,
                      json={"conversation_id": "c1", "message": message}, **kwargs)


def test_non_loopback_listener_without_token_exits_78(tmp_path: Path) -> None:
    """listen = 0.0.0.0 without a token is a config error at channels.gateway.listen: exit 78."""
    config = daemon_config(tmp_path, channels={"gateway": {"listen": "0.0.0.0:0"}})
    with start_daemon(tmp_path, config, wait_ready=False) as daemon:
        code = daemon.wait_exit()
        log = daemon.log_text()
        messages = list(daemon.notify.messages)
    assert 78 == code
    assert "channels.gateway.listen" in log and "without a bearer token" in log
    assert [] == [m for m in messages if m.get("READY") == "1"]


def test_allow_unauthenticated_starts_and_warns(tmp_path: Path) -> None:
    """With allow_unauthenticated the daemon serves beyond loopback and says so at WARN."""
    config = daemon_config(tmp_path, channels={"gateway": {
        "listen": "0.0.0.0:0", "allow_unauthenticated": True}})
    with start_daemon(tmp_path, config) as daemon:
        health = httpx.get(f"http://127.0.0.1:{daemon.port}/healthz", timeout=5)
        daemon.send_signal(signal.SIGTERM)
        code = daemon.wait_exit()
        log = daemon.log_text()
    assert (200, 0) == (health.status_code, code)
    warnings = [line for line in log.splitlines()
                if " WARN " in line and "no bearer token and listens beyond loopback" in line]
    assert 1 == len(warnings)


def test_per_token_limit_answers_429_while_another_token_is_served(tmp_path: Path) -> None:
    """Two turns a minute per token: the third of token A gets 429 + Retry-After in the
    gateway's error shape, token B still gets its turn."""
    config = daemon_config(tmp_path, channels={"gateway": {
        "auth_token_env": "ZC_TEST_TOKENS", "turns_per_minute_per_client": 2}})
    with start_daemon(tmp_path, config, env={"ZC_TEST_TOKENS": ",".join(TOKENS)}) as daemon:
        url = f"http://127.0.0.1:{daemon.port}"
        alpha = {"Authorization": f"Bearer {TOKENS[0]}"}
        bravo = {"Authorization": f"Bearer {TOKENS[1]}"}
        first = [turn(url, "list files", headers=alpha).status_code for _ in range(2)]
        limited = turn(url, "list files", headers=alpha)
        other = turn(url, "list files", headers=bravo)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
        log = daemon.log_text()
    assert [200, 200] == first
    assert 429 == limited.status_code
    assert 1 <= int(limited.headers["Retry-After"]) <= 30
    error = limited.json()["error"]
    assert ("rate_limited", "turns_per_minute") == (error["code"], error["limit"])
    assert 200 == other.status_code
    assert "Gateway client over its limit" in log and "client=token#1" in log
    assert all(token not in log for token in TOKENS)


def test_forwarded_for_from_an_untrusted_peer_is_ignored(tmp_path: Path) -> None:
    """Without trusted proxies, X-Forwarded-For does not make one client look like many
    (the second turn is limited); with 127.0.0.1 trusted, each forwarded client counts alone."""
    def two_turns_with_different_forwarded_for(trusted: list[str], run: Path) -> list[int]:
        run.mkdir()
        config = daemon_config(run, channels={"gateway": {
            "turns_per_minute_per_client": 1, "trusted_proxies": trusted}})
        with start_daemon(run, config) as daemon:
            url = f"http://127.0.0.1:{daemon.port}"
            codes = [turn(url, "list files", headers={"X-Forwarded-For": client}).status_code
                     for client in ("198.51.100.1", "198.51.100.2")]
            daemon.send_signal(signal.SIGTERM)
            assert 0 == daemon.wait_exit()
        return codes

    assert [200, 429] == two_turns_with_different_forwarded_for([], tmp_path / "untrusted")
    assert [200, 200] == two_turns_with_different_forwarded_for(["127.0.0.1"],
                                                                tmp_path / "trusted")
