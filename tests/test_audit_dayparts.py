""""Nothing on <day> <part of the day>" against a result's times, read on the reader's
clock when the reply itself gives a result item's time in another zone."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

# Tuesday 2026-03-10, in UTC: 08:30Z and 13:00Z (in Lisbon, UTC+0 in March) or, for a
# reader in Chicago (UTC-5 in March), 03:30 and 08:00; 21:00Z is 16:00 in Chicago.
AGENDA = json.dumps({"events": [
    {"title": "Dentist", "start": "2026-03-10T13:00:00Z"},
    {"title": "Vendor call", "start": "2026-03-10T21:00:00Z"}]})
LOCAL = json.dumps([{"title": "Yoga", "start": "2026-03-10T18:30:00+01:00"}])


def found(reply: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool="agenda_list", args={}, status=ToolStatus.OK,
                      result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "result", "span"), [
    # The reply puts the dentist at 08:00: the reader is at UTC-5, the vendor call 16:00.
    ("You're free: nothing on Tuesday afternoon. Only the 08:00 dentist appointment.",
     AGENDA, "nothing on Tuesday afternoon"),
    # A local offset in the result is the reader's clock: 18:30 is the evening.
    ("Nothing this evening, enjoy.", LOCAL, "Nothing this evening"),
])
def test_a_time_in_that_part_of_the_day(reply: str, result: str, span: str) -> None:
    """An item starts in the named part of the day, on the reader's clock."""
    assert [("false_absence", "absence.result_has_items", span)] == found(reply, result)


@pytest.mark.parametrize(("reply", "result"), [
    # Read at UTC-5 both items are before 17:00: nothing in the evening is true.
    ("Nothing on Tuesday evening. The 08:00 dentist and the 16:00 vendor call are all.",
     AGENDA),
    # UTC times and no clock of the reader's given: which part of day is not known.
    ("Nothing on Tuesday afternoon.", AGENDA),
    # Another weekday than the items'.
    ("Nothing on Wednesday evening.", LOCAL),
])
def test_no_time_in_that_part_of_the_day(reply: str, result: str) -> None:
    """No item in that part of the day (or no way to tell): no finding."""
    assert [] == found(reply, result)
