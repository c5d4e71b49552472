"""A date one day off a result's timestamp: the same instant in another zone, unless the
reply's own clock time (or its naming of the timestamp's zone) pins the day."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

PICKUP = json.dumps({"pickup": "2026-03-18T07:45:00Z", "depot": "Zaragoza"})
LAUNCH = json.dumps({"launch": "2026-12-10T15:30:00Z"})


def found(reply: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool="fleet_schedule", args={}, status=ToolStatus.OK,
                      result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "span"), [
    ("The pickup is on March 19 at 07:45 at the Zaragoza depot.", "March 19"),
    ("Pickup: Thursday 19 March at 07:45 UTC in Zaragoza.", "19 March"),
    ("Pickup is on March 19 (UTC).", "March 19"),
    ("La recogida es el 19 de marzo a las 07:45 en Zaragoza.", "19 de marzo"),
    ("取件时间是3月19日 15:45（北京时间）。", "3月19日"),
])
def test_day_moved_while_the_clock_pins_the_instant(reply: str, span: str) -> None:
    """The day after the timestamp's, with a clock time no zone reaches on that day."""
    assert [("ungrounded_value", "value.not_in_results", span)] == found(reply, PICKUP)


@pytest.mark.parametrize(("reply", "result"), [
    ("In Tokyo the launch is on 11 December at 00:30.", LAUNCH),   # +9 h crosses midnight
    ("The launch is on 10 December at 15:30 UTC, 11 December at 00:30 in Tokyo.", LAUNCH),
    ("La recogida es el 18 de marzo a las 07:45 en Zaragoza.", PICKUP),   # its own day
    ("取件时间是3月18日 15:45（北京时间）。", PICKUP),
    ("Pickup is on March 19 in Auckland.", PICKUP),   # no clock: any zone may be meant
    # The clock in one clause and the date, in another zone, in the next.
    ("The launch is at 15:30 UTC, which is 11 December in Tokyo.", LAUNCH),
])
def test_day_in_another_zone_is_grounded(reply: str, result: str) -> None:
    """A neighbour day that some zone's clock reaches, or the timestamp's own day."""
    assert [] == found(reply, result)
