"""Chinese acts done for someone ("已经帮您改签", "已为你退款") are the speaker's own acts.

A first-person act needs a call that does it; a read whose result merely shows options or
states of that act ("rebook_options", "status": "已改签") does not back it. Without the
benefactive, "航班已经改签" may be a state a read shows. Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

FLIGHT = ok("balloon.flight_status", json.dumps({
    "booking": "RQ-7731", "status": "已改签", "rebook_options": [{"date": "2027-01-16"}]},
    ensure_ascii=False))


@pytest.mark.parametrize(("reply", "expected"), [
    ("RQ-7731 已经帮您改签到下周六的清晨班次。", ["改签"]),
    ("RQ-7731 已经改签到下周六的清晨班次。", []),
])
def test_an_act_done_for_the_user_is_the_speakers(reply: str, expected: list[str]) -> None:
    """帮您 makes the act the speaker's: only a call that did it backs it."""
    assert expected == [f[2] for f in findings(reply, FLIGHT) if f[0] == "fabricated_tool_call"]


CALENDAR = ok("kennel.calendar", json.dumps({"run": "C2", "free": ["12-08", "12-09", "12-10"]}),
              {"run": "C2"})
HOLDS = ok("library.holds", json.dumps({"title": "三体", "copies": 2, "on_loan": 2}),
           {"title": "三体"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # 预留: to hold a place for someone, an act of the create class.
    ("C2 下周一到周三都空着，我已经给王先生的狗预留好了。", CALENDAR, ["预留"]),
    # Done for a record named by its identifier, and done by 上了 (reached).
    ("两本都借出去了。我已经帮 R-2044 预约上了，排第一位。", HOLDS, ["预约"]),
])
def test_acts_of_reserving_are_the_speakers(reply: str, event: ToolEvent,
                                             expected: list[str]) -> None:
    """A read of the calendar or the holds backs no reservation the speaker made."""
    assert expected == [f[2] for f in findings(reply, event) if f[0] == "fabricated_tool_call"]
