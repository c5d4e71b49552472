"""A count of the items in a window of time its sentence states ("before 11:30", "entre
las 10:00 y las 11:30", "11:30 之前") is recomputed from the items' own times: the items
inside the window are what it counts; a count no window of its sentence gives is still
compared with the whole listing. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

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
    ("Three buses leave after 10:30.", [(C, ITEMS, "Three buses")]),
])
def test_a_count_in_a_stated_window(reply: str, expected: Expected, event: object) -> None:
    """The items inside the window make the count; another count is still a mismatch."""
    assert expected == of_type(C, reply, event)  # type: ignore[arg-type]
