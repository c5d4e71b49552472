"""锁定 with a count of things after it (锁定两张商务座, 锁定 3 间房) locks those things: an act,
which a read of availability does not do; 锁定 without a count pins a version or a value
and claims no act. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

SEATS = ok("concert_seats", "区域,余票\nA区,12\nB区,30\n", {"show": "S-19"})
HOLD = ok("seat_lock", json.dumps({"locked": 2, "expires_min": 15}), {"zone": "A", "count": 2})


@pytest.mark.parametrize(("reply", "expected"), [
    ("A区还有 12 张。已为您锁定两张 A 区座位，请 15 分钟内付款。",
     [("fabricated_tool_call", "action.no_matching_call", "锁定")]),
    ("已经锁定 2 张票了。", [("fabricated_tool_call", "action.no_matching_call", "锁定")]),
])
def test_a_lock_of_counted_things_after_a_read_only(reply: str, expected: Expected) -> None:
    """A read of what is left locks nothing."""
    assert expected == of_type("fabricated_tool_call", reply, SEATS)


@pytest.mark.parametrize(("reply", "events"), [
    ("已为您锁定两张 A 区座位。", (SEATS, HOLD)),     # the lock call ran
    ("依赖版本已锁定在 2.4。", (SEATS,)),              # a pinned version, no count
])
def test_a_lock_backed_or_a_pin(reply: str, events: tuple[ToolEvent, ...]) -> None:
    """A call that locks the seats, or 锁定 pinning a value: no fabricated act."""
    assert [] == of_type("fabricated_tool_call", reply, *events)
