"""Background delegates through the real daemon: follow-ups on the gateway, timeout, SIGTERM."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import tomli_w
from daemon_harness import TEST_SCRIPT, daemon_config, start_daemon

from zeroclaw_daemon.storage import read_followups

TURN_TIMEOUT_S = 15.0
POLL_S = 20.0

# Rules a parent turn and its background sub-agent follow (the sub-agent's message is the
# task text). The parent answers at once; the list_dir runs later, detached.
BACKGROUND_RULES: list[dict[str, Any]] = [
    {"match": "^in the background list",
     "steps": [[{"tool": "delegate", "args": {"task": "bg task: list the files",
                                              "background": True}}]],
     "reply": "Started it. [receipt: {receipt:1}]"},
    {"match": "^bg task: list the files",
     "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
     "reply": "The directory holds:\n{result:1}\n\n[receipt: {receipt:1}]"},
    {"match": "^in the background sleep",
     "steps": [[{"tool": "delegate", "args": {"task": "bg task: sleep long",
                                              "background": True}}]],
     "reply": "Started it. [receipt: {receipt:1}]"},
    {"match": "^bg task: sleep long",
     "steps": [[{"tool": "shell", "args": {"argv": ["sleep", "30"]}}]],
     "reply": "Slept. [receipt: {receipt:1}]"},
]


def followup_config(tmp_path: Path, **sections: Any) -> dict[str, Any]:
    """The harness config with the background rules in the script, receipts shown."""
    config = daemon_config(tmp_path, agent={"tool_receipts": {"show_in_response": True}},
                           **sections)
    script = {**TEST_SCRIPT, "rule": [*BACKGROUND_RULES, *TEST_SCRIPT["rule"]]}
    Path(config["provider"]["script"]).write_text(tomli_w.dumps(script), encoding="utf-8")
    return config


def turn(daemon: Any, message: str, conversation: str) -> httpx.Response:
    return httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                      json={"conversation_id": conversation, "message": message})


def followups(daemon: Any, conversation: str, wait_s: float = POLL_S) -> list[dict[str, Any]]:
    """Long-poll the follow-up endpoint until one arrives (bounded)."""
    deadline = time.monotonic() + wait_s
    while True:
        response = httpx.get(daemon.url(f"/v1/conversations/{conversation}/followups"),
                             params={"wait": 5}, timeout=15)
        assert 200 == response.status_code, response.text
        items: list[dict[str, Any]] = response.json()["followups"]
        if items or time.monotonic() > deadline:
            return items


def verdicts(daemon: Any, text: str) -> list[dict[str, str]]:
    response = httpx.post(daemon.url("/v1/receipts/verify"), json={"text": text}, timeout=10)
    assert 200 == response.status_code, response.text
    tokens: list[dict[str, str]] = response.json()["tokens"]
    return tokens


def test_gateway_background_delegate_follow_up_carries_its_own_receipt(tmp_path: Path) -> None:
    """A gateway turn starting a background delegate returns at once; the follow-up comes on
    the follow-up endpoint with a list_dir receipt that verifies and that the parent's body
    and block never held; the audit log links the follow-up to the parent turn."""
    with start_daemon(tmp_path, followup_config(tmp_path)) as daemon:
        parent = turn(daemon, "in the background list", "bg-1")
        assert 200 == parent.status_code, parent.text
        (item,) = followups(daemon, "bg-1")
        again = httpx.get(daemon.url("/v1/conversations/bg-1/followups"),
                          params={"wait": 0}, timeout=10).json()["followups"]
        checked = verdicts(daemon, item["reply"])
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    body = parent.json()
    assert ["delegate"] == [r["tool"] for r in body["receipts"]]
    assert body["reply"].startswith("Started it.")
    assert ("finished", body["turn_id"]) == (item["status"], item["parent_turn_id"])
    (receipt,) = item["receipts"]
    assert "list_dir" == receipt["tool"]
    assert "alpha.txt" in item["reply"] and "Tool receipts:" in item["reply"]
    assert receipt["receipt"] not in body["reply"]
    assert {"token": receipt["receipt"], "verdict": "valid", "tool": "list_dir"} in checked
    assert [] == again  # a read takes the follow-up off the queue
    (row,) = read_followups(tmp_path / "state" / "audit.db", "bg-1")
    assert (body["turn_id"], item["turn_id"], "finished", "delivered", 1) == (
        row["parent_turn"], row["turn"], row["status"], row["delivery"], row["receipts"])


def test_gateway_follow_up_long_poll_is_bounded(tmp_path: Path) -> None:
    """With nothing queued, a long-poll answers an empty list after the configured cap;
    a bad wait is a 400."""
    config = followup_config(tmp_path, channels={"gateway": {"followup_max_wait_s": 0.3}})
    with start_daemon(tmp_path, config) as daemon:
        empty = httpx.get(daemon.url("/v1/conversations/none/followups"),
                          params={"wait": 60}, timeout=10)
        bad = httpx.get(daemon.url("/v1/conversations/none/followups"),
                        params={"wait": "nan"}, timeout=10)
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert (200, []) == (empty.status_code, empty.json()["followups"])
    assert 400 == bad.status_code


def test_background_timeout_gives_an_honest_follow_up(tmp_path: Path) -> None:
    """A background delegate over tools.delegate.background_timeout_s ends in a follow-up
    saying it timed out and that no tool call had completed (no receipt, no silence)."""
    config = followup_config(tmp_path, tools={"delegate": {"background_timeout_s": 0.5}})
    with start_daemon(tmp_path, config) as daemon:
        parent = turn(daemon, "in the background sleep", "bg-t")
        (item,) = followups(daemon, "bg-t")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == daemon.wait_exit()
    assert 200 == parent.status_code
    assert ("timeout", []) == (item["status"], item["receipts"])
    assert "timed out" in item["reply"] and "no tool call had completed" in item["reply"]
    assert "Slept" not in item["reply"]


def test_sigterm_cancels_a_running_delegate_after_the_drain_and_keeps_turns(
        tmp_path: Path) -> None:
    """SIGTERM while a background delegate sleeps and a slow turn runs: the turn's reply is
    delivered, the delegate is cancelled once the drain window is over, its undelivered
    follow-up is dropped with a log line and an audit row, and the daemon exits 0."""
    config = followup_config(tmp_path, daemon={"drain_timeout_s": 6.0})
    slow: dict[str, httpx.Response] = {}
    with start_daemon(tmp_path, config) as daemon:
        parent = turn(daemon, "in the background sleep", "bg-s")
        daemon.wait_log("Background task started")
        thread = threading.Thread(target=lambda: slow.update(r=turn(daemon, "slow", "s1")))
        thread.start()
        daemon.wait_turns_in_flight(1)
        daemon.send_signal(signal.SIGTERM)
        thread.join(TURN_TIMEOUT_S)
        assert 0 == daemon.wait_exit(timeout=30)
        log = daemon.log_text()
    assert 200 == parent.status_code
    assert (200, True) == (slow["r"].status_code, slow["r"].json()["reply"].startswith("Slept."))
    assert "Background task cancelled" in log and "Follow-up dropped undelivered" in log
    assert log.index("Draining") < log.index("Background task cancelled")
    rows = read_followups(tmp_path / "state" / "audit.db", "bg-s")  # newest first
    # The gateway had stopped: parked for its return, then dropped as the process ended.
    assert [(parent.json()["turn_id"], "cancelled", "dropped"),
            (parent.json()["turn_id"], "cancelled", "parked")] == [
        (row["parent_turn"], row["status"], row["delivery"]) for row in rows]
