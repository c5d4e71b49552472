"""A span of time after a word of recency or order ("最近一个月", "in the last month", "en
el último mes", "the first two weeks") is a window the whole answer is about, not a part
picked out of the listing ("the last 6 readers", "最近的 6 张", "los últimos 6 socios"): a
count in that window is the listing's size and is checked. In Chinese, a numeral that is
no count ("一个月": 一 is "a") no longer hides the count its noun runs over. Results and
sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

CARDS = ok("library.new_cards", json.dumps(
    [{"card": f"LC-{i}", "issued": f"2026-11-{i + 1:02d}"} for i in range(7)]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("最近一个月新办了六张借书证。", [("count_mismatch", "count.item_count", "六张借书证")]),
    ("最近一周办了 6 张新卡。", [("count_mismatch", "count.item_count", "6 张新卡")]),
    ("In the last month 6 readers signed up.",
     [("count_mismatch", "count.item_count", "6 readers")]),
    ("Over the last two weeks 6 readers signed up.",
     [("count_mismatch", "count.item_count", "6 readers")]),
    ("En el último mes se dieron de alta 6 socios.",
     [("count_mismatch", "count.item_count", "6 socios")]),
    # the right size in the window
    ("最近一个月新办了七张借书证。", []),
    ("In the last month 7 readers signed up.", []),
    # near misses: the last N of the listing, a part picked out
    ("最近的 6 张借书证都是新办的。", []),
    ("The last 6 readers signed up in November.", []),
    ("Los últimos 6 socios se dieron de alta en noviembre.", []),
])
def test_a_count_in_a_window_of_time(reply: str, expected: Expected) -> None:
    """A window of time is no subset word; "the last N" still is."""
    assert expected == findings(reply, CARDS)
