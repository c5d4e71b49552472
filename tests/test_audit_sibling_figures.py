"""Figures side by side: a count of one noun beside a larger count of another is no part
of it; a total over the rows a filter picks is a sum, not a row count."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

REPORT = json.dumps({"period": "2026-11", "signups": 412, "refunds": 31, "churn_pct": 9.4})
BOOKINGS = ("time   guest      party  area\n"
            "18:00  Moreau     2      patio\n"
            "18:30  Lindqvist  6      hall\n"
            "19:00  Adeyemi    4      bar\n"
            "20:15  Castro     8      hall\n"
            "21:00  Okafor     3      patio")


def found(reply: str, tool: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool=tool, args={}, status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "span"), [
    ("The report shows 412 signups, 38 refunds and 9.4% churn for November.", "38 refunds"),
    ("El informe muestra 412 altas, 38 reembolsos y un 9,4 % de bajas en noviembre.",
     "38 reembolsos"),
    ("报表显示 11 月新增 412 个注册，退款 38 笔，流失率 9.4%。", "38 笔"),
])
def test_a_wrong_count_beside_a_larger_count_of_another_noun(reply: str, span: str) -> None:
    """38 refunds is checked on its own, not excused as a part of 412 signups."""
    assert [("count_mismatch", "count.item_count", span)] == found(
        reply, "billing_report", REPORT)


@pytest.mark.parametrize("reply", [
    "The report shows 412 signups, 31 refunds and 9.4% churn for November.",
    "El informe muestra 412 altas, 31 reembolsos y un 9,4 % de bajas en noviembre.",
    "报表显示 11 月新增 412 个注册，退款 31 笔，流失率 9.4%。",
])
def test_the_same_sentence_with_the_result_s_figures(reply: str) -> None:
    """Every figure as the result states it: no finding."""
    assert [] == found(reply, "billing_report", REPORT)


@pytest.mark.parametrize("reply", [
    "After 20:00 there are 2 bookings, 11 guests between them.",
    "Antes de las 19:00 hay 2 reservas con 8 comensales en total.",
    "The two hall tables bring 14 guests.",
    "八点以后有 2 桌，共 11 位客人。",
])
def test_a_total_over_the_rows_a_filter_picks(reply: str) -> None:
    """The party column added up over the last rows, the first rows or one area's rows."""
    assert [] == found(reply, "table_bookings", BOOKINGS)


def test_a_total_no_filter_can_give_is_still_found() -> None:
    """13 is the sum of no first, last or same-area rows: a wrong count of guests."""
    assert [("count_mismatch", "count.item_count", "13 guests")] == found(
        "After 20:00 there are 2 bookings, 13 guests between them.", "table_bookings",
        BOOKINGS)
