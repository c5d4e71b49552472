"""Chinese counts read within their own words. A count's context is its own clause: in
"0 个错误，2 张照片模糊", 错误 is the noun of the count before the comma, so "2 张照片" is not
compared with the result's errors (0). A count whose noun stands inside a number column's
name (大床房 of 剩余大床房) counts that quantity, not the rows. Sentences and tools of our own."""

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


ROOMS = ok("hotel_room_stock", "日期,剩余大床房,剩余双床房\n2026-12-10,5,2\n")
SHOWS = ok("show_tickets", "场次,日期,VIP座余票,普通座余票\nS3,2026-12-12,6,40\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("12 月 10 日还有房，已为您预留 2 间大床房。", ROOMS),
    ("S3 场还能买，我先帮您留 3 张普通座。", SHOWS),
])
def test_a_count_of_what_a_number_column_names(reply: str, event: ToolEvent) -> None:
    """A count whose noun stands inside a number column's name (大床房 of 剩余大床房)
    counts that quantity, not the table's rows: no count finding."""
    expected: Expected = []
    assert expected == of_type("count_mismatch", reply, event)


def test_a_count_of_the_rows_is_still_checked() -> None:
    """"3 个场次" over a one-row table is a count mismatch."""
    assert [("count_mismatch", "count.item_count", "3 个场次")] == of_type(
        "count_mismatch", "一共 3 个场次。", SHOWS)
