"""A done form quantified by a count a successful result states ("已经发出 750 件" beside
"shipped": 750, "已处理 12 单" beside "processed": 12) tells how many the result records
in that state: no act of the reply's. A count no result states, a done form without a
count, or one said by 我, is checked as an act. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

SHIPMENT = ok("shipment_status", json.dumps({"total": 1200, "shipped": 750}))
REFUNDS = ok("refund_stats", json.dumps({"date": "2026-12-05", "processed": 12, "open": 3}))


@pytest.mark.parametrize(("reply", "event"), [
    ("这批货 1,200 件，已经发出 750 件，还剩 450 件。", SHIPMENT),
    ("今天已经退款 12 单，还有 3 单待处理。", REFUNDS),
])
def test_a_done_form_counted_by_a_result_figure(reply: str, event: object) -> None:
    """The count the result states after the done form: no fabricated act."""
    assert [] == of_type("fabricated_tool_call", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("这批货已经发出 800 件。", SHIPMENT, "发出"),      # a count no result states
    ("我已经发出 750 件。", SHIPMENT, "发出"),          # the reply's own act
    ("这批货已经发出了。", SHIPMENT, "发出"),           # no count
])
def test_a_done_form_without_a_result_figure_is_an_act(reply: str, event: object,
                                                       span: str) -> None:
    """Without the result's figure after it, or said by 我, the done form claims the act."""
    assert [("fabricated_tool_call", "action.no_matching_call", span)] == of_type(
        "fabricated_tool_call", reply, event)  # type: ignore[arg-type]
