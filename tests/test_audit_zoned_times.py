"""A time of day moved by whole hours is a time-zone conversion only where the results
write a zone or an offset; without one, only the 12-hour reading of the same clock.

"10:20" beside a slot at "10:40" is no reading of it; beside "09:20" it grounds only when
a result writes a zone ("2026-12-08T09:20:00Z" read as local time). "3:40pm" beside
"15:40" is the same time. Tools and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("The first free slot is at 10:20.", "slot,start\nA,09:20\nB,10:40\n", ["10:20"]),
    ("The first free slot is at 10:20.", "slot,start\nA,2026-12-08T09:20:00Z\n", []),
    ("The first free slot is at 11:20.", "slot,start,tz\nA,09:20,UTC\n", []),
    ("The first free slot is at 3:40pm.", "slot,start\nA,15:40\n", []),
    # "13:30-18:00" is a range of times, not 13:30 at an offset of -18 hours.
    ("The hall is booked until 18:30.", "slot,booked\nA,13:30-18:00\n", ["18:30"]),
    ("The hall is booked until 19:00.", "slot,booked\nA,2026-12-20T18:00:00+01:00\n", []),
])
def test_a_time_moved_by_hours_needs_a_zone(reply: str, result: str,
                                            expected: list[str]) -> None:
    """Whole hours apart ground a time only beside a zone, or as the 12-hour clock."""
    event = ok("calendar.free_slots", result)
    assert expected == [f[2] for f in of_type("ungrounded_value", reply, event)]


@pytest.mark.parametrize(("reply", "expected"), [
    ("After 20:00 there are two free slots.", []),
    ("Antes de las 20:00 hay dos huecos libres.", []),
    ("The last free slot starts before 20:00.", ["20:00"]),
])
def test_a_time_opening_its_clause_as_a_window_bound(reply: str, expected: list[str]) -> None:
    """"After 20:00 …" bounds the span the reply looks at; "starts before 20:00" claims."""
    event = ok("calendar.free_slots", "slot,start\nA,09:20\nB,10:40\n")
    assert expected == [f[2] for f in of_type("ungrounded_value", reply, event)]
