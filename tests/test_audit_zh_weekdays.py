"""A Chinese number word right after 周, 星期 or 礼拜 names a weekday (周六只剩一个时段, 星期三只有
…), not a count with the classifier that follows it (六只, 三只); a count after the weekday
(周五两个会议) is still read. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

C, ITEMS = "count_mismatch", "count.item_count"
SLOTS = ok("room_slots", json.dumps({"周六可订时段": ["18:00-19:00"], "单价_元": 300}))
MEETINGS = ok("calendar_list", json.dumps([{"时间": "周五 10:00", "主题": "周会"},
                                           {"时间": "周五 15:00", "主题": "评审"}]))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("周六只剩 18:00-19:00 这一个时段。", SLOTS, []),
    ("星期六只能订 18:00-19:00。", SLOTS, []),
    ("礼拜六只剩一个时段，18:00-19:00。", SLOTS, []),
    ("周五两个会议：10:00 周会，15:00 评审。", MEETINGS, []),
    ("周五三个会议：10:00 周会，15:00 评审。", MEETINGS, [(C, ITEMS, "三个会议")]),
])
def test_a_number_after_a_week_word_is_a_weekday(reply: str, event: object,
                                                 expected: Expected) -> None:
    """The weekday is no count; the count after it is still checked."""
    assert expected == of_type(C, reply, event)  # type: ignore[arg-type]
