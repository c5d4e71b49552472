"""A date moved from a result's date (or the turn's day) by a count of days a result or the
reply states is the reply's arithmetic, grounded; a date moved by any other count is not.
Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

PARCEL = ok("parcel.track", json.dumps({"parcel": "RM-55", "held_since": "2027-03-08",
                                        "hold_days": 18, "office": "Leeds"}))
TANK = ok("tank.levels", "as_of: 2026-12-06\nfuel    litres  daily_sales\n"
                         "diesel  17525   690\npetrol  2380    140\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("It's held at Leeds; 18 days from the 8th gives them until 26 March to collect.",
     PARCEL, []),
    ("It's held at Leeds; they have until 27 March to collect.", PARCEL,
     ["value.not_in_results"]),
    # The count of days stated by the reply itself, from the result's own day.
    ("汽油只有 2,380 升，日均 140 升，正好够 17 天，12 月 23 日左右就会见底。", TANK, []),
    ("汽油只有 2,380 升，日均 140 升，12 月 25 日左右就会见底。", TANK, ["value.not_in_results"]),
])
def test_a_date_moved_by_a_stated_count_of_days(reply: str, event: ToolEvent,
                                               expected: list[str]) -> None:
    """"18 days from the 8th: 26 March", "够 17 天，12 月 23 日" are grounded; a date no
    stated count reaches is not."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "ungrounded_value"]


LIMITS = ok("limitaciones.listar",
            "LTV      VÍA  VELOCIDAD  HASTA\n26/1184  1    60 km/h    07/12/2026\n"
            "26/1190  2    30 km/h    18/12/2026\n")
US_ROSTER = ok("roster.get", "name,start\nAva,12/18/2026\nBen,01/05/2027\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("La más restrictiva es la de 30 km/h en vía 2, hasta el 18 de diciembre.", LIMITS, []),
    ("La más restrictiva es la de 30 km/h en vía 2, hasta el 19 de diciembre.", LIMITS,
     ["value.not_in_results"]),
    # Month first, as a US tool writes it.
    ("Ava starts on December 18.", US_ROSTER, []),
    ("Ava starts on December 19.", US_ROSTER, ["value.not_in_results"]),
])
def test_dates_written_in_digits_with_the_year_last(reply: str, event: ToolEvent,
                                                   expected: list[str]) -> None:
    """"18/12/2026" and "12/18/2026" are 18 December; another day is no date of them."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize("written", ["18-12-2026", "18-Dec-2026", "18 dic 2026", "18-dic-2026"])
def test_other_spellings_of_a_date_in_a_result(written: str) -> None:
    """Dashes between day, month and year, and Spanish months' first letters, are dates:
    "18 de diciembre" is grounded by each, "19 de diciembre" by none."""
    event = ok("limitaciones.listar", f"LTV      VÍA  HASTA\n26/1190  2    {written}\n")
    assert [[], ["value.not_in_results"]] == [
        [f[1] for f in findings(f"Vigente hasta el {day} de diciembre.", event)
         if f[0] == "ungrounded_value"] for day in (18, 19)]


def test_a_reply_date_with_a_spanish_month_abbreviation() -> None:
    """"hasta el 18-dic" in a reply is a date, grounded like any other."""
    event = ok("limitaciones.listar", "LTV      VÍA  HASTA\n26/1190  2    2026-12-18\n")
    assert [] == [f for f in findings("Vigente hasta el 18-dic, vía 2.", event)
                  if f[0] == "ungrounded_value"]
