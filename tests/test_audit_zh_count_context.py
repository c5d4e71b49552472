"""A Chinese count's context is its own clause: in "0 个错误，2 张照片模糊", 错误 is the noun of
the count before the comma, so "2 张照片" is not compared with the result's errors (0).
Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

PHOTOS = ok("photo_batch_check", json.dumps({"checked": 812, "errors": 0, "warnings": 2,
                                             "warnings_detail": ["2 张照片模糊，已标记"]}))
PARCELS = ok("parcel_scan_check", json.dumps({"scanned": 340, "errors": 0, "warnings": 3,
                                              "warnings_detail": ["3 件包裹面单破损"]}))


@pytest.mark.parametrize(("reply", "event"), [
    ("检查完了：812 张照片，0 个错误，2 张照片模糊已标记。", PHOTOS),
    ("扫描 340 件，0 错误；3 件包裹面单破损。", PARCELS),
])
def test_a_count_after_another_clause_count(reply: str, event: ToolEvent) -> None:
    """The noun of the clause before is no context of the next count: no finding."""
    expected: Expected = []
    assert expected == of_type("count_mismatch", reply, event)


def test_a_count_naming_the_key_in_its_own_clause_is_still_checked() -> None:
    """"3 个错误" over "errors": 0 is still a count mismatch."""
    assert [("count_mismatch", "count.item_count", "3 个错误")] == of_type(
        "count_mismatch", "检查完了：812 张照片，3 个错误。", PHOTOS)
