"""A record that lists members under a key the counted noun names ("paddles": {four
entries}) states how many there are: "all four paddles" counts them, no finding; another
number is still a miscount. Tools and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

LOCK = ok("lock.sensor_read", json.dumps({
    "level_top_m": 2.38, "gate_top": "closed", "gate_bottom": "closed",
    "paddles": {"top_e": "closed", "top_w": "closed", "bottom_e": "closed",
                "bottom_w": "closed"}, "alarms": []}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Both gates and all four paddles are closed.", []),
    ("Top pound at 2.38 m; the 4 paddles are shut.", []),
    ("Both gates and all six paddles are closed.",
     [("count_mismatch", "count.item_count", "six paddles")]),
])
def test_members_a_record_lists_under_their_name(reply: str, expected: Expected) -> None:
    """The members under "paddles" are what "four paddles" counts."""
    assert expected == of_type("count_mismatch", reply, LOCK)
