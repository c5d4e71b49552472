"""A number right after a weekday name is the day of the month ("el viernes 12 tienes dos
citas", "on Friday 12 you have..."), not a count of what follows it; a count after a
weekday and a comma still is. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

AGENDA = ok("agenda", json.dumps([{"time": "09:30", "with": "Dr. Pérez"},
                                  {"time": "17:00", "with": "physio"}]), {"date": "2026-12-12"})


@pytest.mark.parametrize("reply", [
    "El viernes 12 tienes dos citas: a las 9:30 con el Dr. Pérez y a las 17:00 con el fisio.",
    "El sábado 13 quedan libres las tardes.",
    "On Friday 12 you have two appointments, at 9:30 and 17:00.",
    "Thu 11 looks free; Fri 12 has two appointments.",
])
def test_a_number_after_a_weekday_is_a_day(reply: str) -> None:
    """The day of the month after a weekday is no count."""
    assert [] == [f for f in findings(reply, AGENDA) if f[0] == "count_mismatch"]


@pytest.mark.parametrize(("reply", "expected"), [
    ("El viernes, 12 citas nuevas.", [("count_mismatch", "count.item_count", "12 citas")]),
    ("Tienes 3 citas el viernes.", [("count_mismatch", "count.item_count", "3 citas")]),
])
def test_a_count_beside_a_weekday_is_still_a_count(reply: str, expected: Expected) -> None:
    """A count set apart from the weekday, or after it in the sentence, is still checked."""
    assert expected == [f for f in findings(reply, AGENDA) if f[0] == "count_mismatch"]
