"""An absence past a bound ("nothing under the 3 mm limit", "ningún neumático por debajo de
3 mm") is judged against the results' figures in the bound's unit (a column or key ending in
it): false when one is past the bound, true when none is, even though the result has items.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

A = "false_absence"
WORN = ok("tyres.tread", "bus,pos,tread_mm,psi\n3302,OSF,5.1,104\n3308,OSR,2.6,118\n"
          "3310,NSF,6.0,120")
SOUND = ok("tyres.tread", "bus,pos,tread_mm,psi\n3302,OSF,5.1,104\n3308,OSR,3.6,118\n"
           "3310,NSF,6.0,120")
FRIDGES = ok("fridges.readings", '[{"fridge": "F1", "temp_c": 4.2}, {"fridge": "F2", '
             '"temp_c": 9.1}]')


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Good news: nothing under the 3 mm limit across the tyres.", [WORN],
     [(A, "absence.past_the_bound", "nothing under the 3 mm")]),
    ("Good news: nothing under the 3 mm limit across the tyres.", [SOUND], []),
    ("No tyre is below 3 mm.", [SOUND], []),
    ("Ningún neumático por debajo de 3 mm.", [WORN],
     [(A, "absence.past_the_bound", "Ningún neumático por debajo de 3 mm")]),
    ("No fridge above 8 °C overnight.", [FRIDGES],
     [(A, "absence.past_the_bound", "No fridge above 8 °C")]),
    # "no more than" is at most; a figure with no unit, or a second bound narrowing the
    # items, is left to the plain absence check.
    ("No more than 3 mm of wear on any tyre.", [WORN], []),
    ("Por encima de 5 mm ninguno baja de 3 mm.", [WORN], []),
])
def test_an_absence_past_a_bound(reply: str, events: list[ToolEvent], expected: Expected
                                 ) -> None:
    """Figures in the bound's unit decide, not whether the result has items."""
    assert expected == [f for f in findings(reply, *events) if f[0] == A]
