"""Chinese acts done for someone ("已经帮您改签", "已为你退款") are the speaker's own acts.

A first-person act needs a call that does it; a read whose result merely shows options or
states of that act ("rebook_options", "status": "已改签") does not back it. Without the
benefactive, "航班已经改签" may be a state a read shows. Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

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
