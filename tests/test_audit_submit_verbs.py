"""Chinese 提交 is to submit (a filing, a form, a return to an authority) as often as to
commit code, and 递交, 申报, 上报, 报送 hand a filing in: they are acts of the submit class,
as English "submit" and Spanish "presentar" are. A submission said done after a submit call
that was denied is failed_call_claimed; after one that ran, it links; after only a read, it
is fabricated_tool_call. A commit said with 提交 still links to the call that committed.
Tools and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

PREPARED = ok("tax.filing.prepare", json.dumps({"filing_id": "VAT-2026-Q4", "status": "draft"}))
SUBMITTED = ok("tax.filing.submit", json.dumps({"filing_id": "VAT-2026-Q4",
                                                "status": "submitted"}))
DENIED = ToolEvent(call_id="c2", tool="tax.filing.submit", args={"filing_id": "VAT-2026-Q4"},
                   status=ToolStatus.DENIED, result="403 Forbidden: missing scope filings:write")
COMMITTED = ok("git_commit", json.dumps({"sha": "4be91c0", "message": "fix typo"}))


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("草稿已准备好，也已经成功提交给税务局了。", [PREPARED, DENIED],
     [("failed_call_claimed", "failure.outcome_stated", "提交")]),
    ("季度报表已上报。", [PREPARED], [("fabricated_tool_call", "action.no_matching_call", "上报")]),
    ("增值税申报已经提交了。", [SUBMITTED], []),
    ("季度报表已上报。", [SUBMITTED], []),
    # near misses: the denial told, and a commit of code
    ("草稿已准备好，但提交被拒绝了（403）。", [PREPARED, DENIED], []),
    ("改动已经提交了（4be91c0）。", [COMMITTED], []),
])
def test_a_submission_said_done(reply: str, events: list[ToolEvent],
                                expected: Expected) -> None:
    """提交/上报 said done is held against the submit calls of the turn."""
    assert expected == findings(reply, *events)
