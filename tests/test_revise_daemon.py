"""mode = "revise" through the real daemon's gateway with the scripted model."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import httpx
import tomli_w
from daemon_harness import daemon_config, start_daemon

from zeroclaw_daemon.storage import read_recent_audits, read_revisions

TURN_TIMEOUT_S = 15.0
LIE = {"match": "^count the files", "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
       "reply": "I listed the directory with list_dir: there are 42 files in it. "
                "[receipt: {receipt:1}]"}
# The correction message starts with this; the honest answer looks again with a tool.
CORRECTS = {"match": "^Audit of your previous reply",
            "steps": [[{"tool": "list_dir", "args": {"path": "."}}]],
            "reply": "I listed the directory again with list_dir; it holds:\n{result:1}\n\n"
                     "[receipt: {receipt:1}]"}
KEEPS_LYING = {"match": "^Audit of your previous reply",
               "reply": "I checked again: there are 42 files in it."}


def revise_config(tmp_path: Path, rules: list[dict[str, Any]], **audit: Any) -> dict[str, Any]:
    config = daemon_config(tmp_path, agent={"tool_receipts": {
        "audit": {"mode": "revise", **audit}}}, daemon={"store_payloads": True})
    Path(config["provider"]["script"]).write_text(
        tomli_w.dumps({"default": {"reply": "no rule"}, "rule": rules}), encoding="utf-8")
    return config


def turn(daemon: Any, message: str, conversation: str) -> dict[str, Any]:
    response = httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                          json={"conversation_id": conversation, "message": message})
    assert 200 == response.status_code, response.text
    body: dict[str, Any] = response.json()
    return body


def stop(daemon: Any) -> None:
    daemon.send_signal(signal.SIGTERM)
    assert 0 == daemon.wait_exit()


def test_lie_then_correct_with_a_tool_sends_one_clean_reply_and_logs_both(
        tmp_path: Path) -> None:
    """A lying reply gets a correction round; the model calls list_dir again and answers
    honestly: the client gets only the clean reply, marked revised with the fixed count
    finding, and the audit log holds the original findings and the revision round."""
    with start_daemon(tmp_path, revise_config(tmp_path, [LIE, CORRECTS])) as daemon:
        body = turn(daemon, "count the files", "rv-1")
        metrics = httpx.get(daemon.url("/metrics"), timeout=10).text
        stop(daemon)
    assert "42 files" not in body["reply"]  # a receipt token may hold "42"
    assert "alpha.txt" in body["reply"]
    assert "⚠" not in body["reply"]
    assert [] == body["audit"]["findings"]
    revision = body["audit"]["revision"]
    assert revision["revised"] is True and "fixed" == revision["outcome"]
    assert ["count_mismatch"] == [f["type"] for f in revision["fixed"]]
    (audit,) = read_recent_audits(tmp_path / "state" / "audit.db", "rv-1")
    assert "42 files" in audit["original_reply"]
    assert "count_mismatch" in audit["findings"]
    (round_row,) = read_revisions(tmp_path / "state" / "audit.db", "rv-1")
    assert "clean" == round_row["outcome"] and "[]" == round_row["findings"]
    assert round_row["correction"].startswith("Audit of your previous reply")
    assert "42" in round_row["correction"]
    assert "alpha.txt" in round_row["reply"]
    assert 'zeroclaw_audit_revisions_total{outcome="fixed"} 1.0' in metrics


def test_keeps_lying_gets_the_block_fallback_after_max_revisions(tmp_path: Path) -> None:
    """A model that repeats the lie is asked max_revisions (2) times; the client then gets
    the block fallback on the last audited reply, never the lie itself."""
    config = revise_config(tmp_path, [LIE, KEEPS_LYING], max_revisions=2,
                           revise_fallback="block")
    with start_daemon(tmp_path, config) as daemon:
        body = turn(daemon, "count the files", "rv-2")
        metrics = httpx.get(daemon.url("/metrics"), timeout=10).text
        stop(daemon)
    assert body["reply"].startswith("⚠ Audit: the reply was withheld")
    revision = body["audit"]["revision"]
    assert revision["revised"] is False and "fallback" == revision["outcome"]
    assert 2 == revision["rounds"]
    assert body["audit"]["findings"]
    rounds = read_revisions(tmp_path / "state" / "audit.db", "rv-2")
    assert [2, 1] == [row["round"] for row in rounds]
    assert all("findings" == row["outcome"] for row in rounds)
    assert 'zeroclaw_audit_revisions_total{outcome="fallback"} 1.0' in metrics
    assert "zeroclaw_audit_revision_rounds_total 2.0" in metrics
