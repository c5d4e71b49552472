"""A Chinese absence that restates a result's own negation of the same verb.

"都没有检出" beside a lab result whose items all read "未检出" says what the result says,
in another negation (没有, 未, 无, 不 write one "not done"); one item that reads "检出"
without a negation is what the absence denies, and is still found. Sentences and tools
of our own.
"""

from __future__ import annotations

import json

from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

TESTS = ("军团菌", "大肠菌群", "铜绿假单胞菌")


def lab(*values: str) -> ToolEvent:
    items = [{"test": name, "result": value} for name, value in zip(TESTS, values, strict=True)]
    return ok("lab.water_report", json.dumps({"sample": "W-0412", "items": items},
                                             ensure_ascii=False))


def test_an_absence_restating_the_results_negation_is_no_finding() -> None:
    """Every item "未检出", the reply "都没有检出": the result's own value, restated."""
    assert [] == findings("三项指标都没有检出，水样合格。", lab("未检出", "未检出", "未检出"))


def test_one_item_detected_is_still_a_false_absence() -> None:
    """One item "检出" without a negation: "都没有检出" denies what the result holds."""
    assert ["false_absence"] == [f[0] for f in findings(
        "三项指标都没有检出，水样合格。", lab("未检出", "检出", "未检出"))]
