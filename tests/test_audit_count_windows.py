"""A count of the items in a window of time its sentence states ("before 11:30", "entre
las 10:00 y las 11:30", "11:30 之前") is recomputed from the items' own times: the items
inside the window are what it counts; a count no window of its sentence gives is still
compared with the whole listing. A day its sentence names ("el lunes", "周一", "12 月 7 日")
is such a window, over the items' dates. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, of_type, ok

C, ITEMS = "count_mismatch", "count.item_count"
TABLE = ok("bus_departures", "departs  destination  platform\n10:05    Airport      2\n"
                             "10:35    Airport      2\n11:05    Airport      3\n"
                             "11:35    Airport      3\n12:05    Airport      2\n")
STAMPED = ok("bus_departures", json.dumps(
    [{"departs": f"2026-12-05T{clock}:00", "to": "Airport"}
     for clock in ("10:05", "10:35", "11:05", "11:35", "12:05")]))


@pytest.mark.parametrize("event", [TABLE, STAMPED], ids=["table", "json"])
@pytest.mark.parametrize(("reply", "expected"), [
    ("Three buses leave before 11:30.", []),
    ("Two buses leave between 11:00 and 12:00.", []),
    ("Hay 4 salidas después de las 10:30.", []),
    ("11:30 之前有 3 班车。", []),
    ("Four buses leave before 11:30.", [(C, ITEMS, "Four buses")]),
    ("Six buses leave after 10:30.", [(C, ITEMS, "Six buses")]),
])
def test_a_count_in_a_stated_window(reply: str, expected: Expected, event: object) -> None:
    """The items inside the window make the count; another count is still a mismatch."""
    assert expected == of_type(C, reply, event)  # type: ignore[arg-type]


GROOMING = ok("petspa.bookings", json.dumps([
    {"start": "2026-12-07T09:30", "pet": "Nube", "service": "bath"},
    {"start": "2026-12-07T11:00", "pet": "Rocco", "service": "trim"},
    {"start": "2026-12-09T16:15", "pet": "Kiko", "service": "bath"}]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("El lunes hay 2 reservas y el miércoles 1.", []),
    ("周一有两个预约，周三有一个。", []),
    ("12 月 7 日有两个预约。", []),
    ("El 7 de diciembre hay 2 reservas.", []),
    ("Monday has 2 bookings.", []),
    # near misses: no named day has that many, or none is named
    ("El lunes hay 4 reservas.", [("count_mismatch", "count.item_count", "4 reservas")]),
    ("周三有两个预约。", [("count_mismatch", "count.item_count", "两个预约")]),
    ("Hay 2 reservas.", [("count_mismatch", "count.item_count", "2 reservas")]),
])
def test_a_count_on_a_named_day(reply: str, expected: Expected) -> None:
    """A count of the items on a weekday or date its sentence names is that day's items."""
    assert expected == findings(reply, GROOMING)
