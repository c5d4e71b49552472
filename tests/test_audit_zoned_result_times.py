"""Times of day the reply moves to another clock are read from every way a result writes
a zoned time: a key or column in UTC ("start_utc"), a timestamp with a spaced offset
("2026-12-04 07:22 -05:00"), an iCalendar stamp ("20261215T193000Z"), a failed call's
error text; and a time moved by whole hours a result states ("run 4 h before" 09:00).
A time whose minutes no result time has is still ungrounded. Results and sentences of
our own; rows are (reply, expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

V, RULE = "ungrounded_value", "value.not_in_results"
CALENDAR = ok("club.calendar", "\n".join([
    "session_id  date        start_utc  end_utc  coach",
    "S-01        2026-12-08  15:00      16:30    R. Osei",
    "S-02        2026-12-15  14:45      16:15    R. Osei"]))
TRACKING = ok("courier.track", "\n".join([
    "2026-12-04 03:58 +09:00  OSAKA - JP        Departed facility",
    "2026-12-04 07:22 -05:00  LOUISVILLE - US   Arrived at hub"]))
ICAL = ok("ical.events", "BEGIN:VEVENT\nDTSTART:20261215T193000Z\nSUMMARY:Rehearsal\n"
          "END:VEVENT")
FAILED = ToolEvent(call_id="c2", tool="berths.book", args={"time": "2026-12-06T07:00Z"},
                   status=ToolStatus.FAILED,
                   result="422: outside the tide window. Next windows: "
                          "2026-12-06T02:40Z-06:40Z, 2026-12-06T15:05Z-19:05Z")
SCHEDULE = ok("hall.schedule", "access: 09:00-13:00\nnote: heating must run 4 h before use")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("New York times: 10:00–11:30 on the 8th, 09:45–11:15 on the 15th.", (CALENDAR,), []),
    ("New York times: 10:20–11:30 on the 8th.", (CALENDAR,), [(V, RULE, "10:20")]),
    ("It left Osaka at 12:58 Central and reached the hub by 06:22 Central.",
     (TRACKING,), []),
    ("It reached the hub by 06:41 Central.", (TRACKING,), [(V, RULE, "06:41")]),
    ("Rehearsal on Tuesday the 15th at 19:30.", (ICAL,), []),
    ("Rehearsal on Tuesday the 15th at 19:10.", (ICAL,), [(V, RULE, "19:10")]),
    ("The booking failed; tomorrow's windows in local time are 03:40–07:40 and "
     "16:05–20:05.", (FAILED,), []),
    ("The booking failed; tomorrow's windows in local time are 03:25–07:40.",
     (FAILED,), [(V, RULE, "03:25")]),
    ("Access is 09:00-13:00, so the heating goes on at 05:00.", (SCHEDULE,), []),
    ("Access is 09:00-13:00, so the heating goes on at 06:30.", (SCHEDULE,),
     [(V, RULE, "06:30")]),
])
def test_a_time_moved_from_a_zoned_result_time_is_grounded(
        reply: str, events: tuple[ToolEvent, ...], expected: Expected) -> None:
    """Each zoned form grounds its moved times; other minutes stay ungrounded."""
    assert expected == of_type(V, reply, *events)
