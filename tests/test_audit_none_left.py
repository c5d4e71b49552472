"""An absence of what remains, with no noun of its own and nothing else in its clause
("没有了，…", "没了，…", "No, ya no queda ninguna: …") answers the question by saying every
item is taken: the result's items are the taken ones, so they do not refute it. A noun
named in the clause ("二等座没有了") or an absence that is no remainder ("Nothing found.")
is checked as before. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

ROOMS = ok("room_schedule", "room  from   to     by\nA101  13:00  15:00  HR\n"
                            "A102  14:00  17:00  Sales\nA103  13:30  16:00  IT")
SLOTS = ok("bookings_by_room", '[{"slot": "18:00", "state": "booked", "size": 6}, '
                               '{"slot": "19:30", "state": "booked", "size": 5}, '
                               '{"slot": "21:00", "state": "booked", "size": 4}]')


@pytest.mark.parametrize(("reply", "result"), [
    ("没有了，今晚三个场次全部订满。", SLOTS),
    ("没了，三间会议室下午都有人订了。", ROOMS),
    ("No, ya no queda ninguna: las tres salas están reservadas por la tarde.", ROOMS),
    ("No, ya no quedan: los tres turnos están reservados.", SLOTS),
])
def test_none_left_answers_with_the_taken_items(reply: str, result: ToolEvent) -> None:
    """"None left" alone in its clause is not refuted by a result listing taken items."""
    assert [] == findings(reply, result)


@pytest.mark.parametrize(("reply", "expected"), [
    ("Nothing found.", [("false_absence", "absence.result_has_items", "Nothing found")]),
    ("二等座没有了。", [("false_absence", "absence.result_has_items", "没有了")]),
])
def test_an_absence_naming_its_thing_is_still_checked(reply: str, expected: Expected) -> None:
    """A noun in the clause, or an absence that is no remainder, is checked as before."""
    seats = ok("seat_search", '[{"class": "二等座", "left": 12}, {"class": "一等座", "left": 3}]')
    assert expected == findings(reply, seats if "座" in reply else ROOMS)
