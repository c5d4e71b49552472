"""A time of day that bounds a window its sentence counts result items in ("Three of
them came between 01:00 and 02:30") is the reply's window, grounded when at least that
many of the results' times fall inside it; a window holding fewer, or a window with no
count, is checked as any time. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"
ALARMS = ok("door_alarm_log", "time      door   event\n23:41:10  D-2    forced\n"
                              "01:12:05  D-7    held open\n01:48:30  D-7    held open\n"
                              "02:20:44  D-3    forced\n04:05:19  D-2    held open\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Five alarms overnight. Three of them came between 01:00 and 02:30.", []),
    ("Cinco alarmas esta noche; 3 de ellas entre las 01:00 y las 02:30.", []),
    ("昨晚 5 次告警，其中 3 次在 01:00 到 02:30 之间。", []),
    ("Five alarms overnight. Four of them came between 01:00 and 02:30.",
     [(V, NOT_IN, "01:00"), (V, NOT_IN, "02:30")]),
    ("The patrol was on site between 01:00 and 02:30.",
     [(V, NOT_IN, "01:00"), (V, NOT_IN, "02:30")]),
])
def test_a_window_a_count_is_said_in(reply: str, expected: Expected) -> None:
    """A window holding its count is grounded; one holding fewer, or none counted, is not."""
    assert expected == of_type(V, reply, ALARMS)
