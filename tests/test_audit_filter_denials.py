"""A negative quantifier over the bound a call selected by, while the call returned rows:
"none of the scooters are below 20%" after ``fleet_battery(below_pct=20)`` listed three is
false. Another bound, an empty result, a residual, a question or a condition: no finding.
Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

LOW = ok("fleet_battery", json.dumps([{"scooter": "S-12", "battery_pct": 14},
                                      {"scooter": "S-31", "battery_pct": 9},
                                      {"scooter": "S-40", "battery_pct": 18}]),
         args={"zone": "harbour", "below_pct": 20})
NONE_LOW = ok("fleet_battery", "[]", args={"zone": "harbour", "below_pct": 20})
# The selection empty, beside another list the call also returns.
NONE_LOW_SOME_OFFLINE = ok("fleet_battery", json.dumps({"below": [], "offline": ["S-07"]}),
                           args={"zone": "harbour", "below_pct": 20})


@pytest.mark.parametrize(("reply", "span"), [
    ("None of the harbour scooters are below 20% right now.",
     "None of the harbour scooters are below 20%"),
    ("Good news: no scooters in the harbour zone seem to be under 20%.",
     "no scooters in the harbour zone seem to be under 20%"),
    ("Ningún patinete del puerto está por debajo del 20 %.",
     "Ningún patinete del puerto está por debajo del 20 %"),
    ("港口区没有滑板车电量低于 20%。", "没有滑板车电量低于 20%"),
])
def test_a_denial_of_the_calls_own_selection(reply: str, span: str) -> None:
    """The call selected by the bound the reply denies, and returned rows: a false absence."""
    assert [("false_absence", "absence.result_holds_the_selection", span)] == of_type(
        "false_absence", reply, LOW)


@pytest.mark.parametrize(("reply", "event"), [
    ("None of the harbour scooters are below 5%.", LOW),          # another bound
    ("None of the harbour scooters are below 20%.", NONE_LOW),    # nothing returned
    ("None of the harbour scooters are below 20%.", NONE_LOW_SOME_OFFLINE),
    ("Three are below 20%; none of the others are below 20%.", LOW),   # a residual
    ("If none of them are below 20%, I'll skip the swap run.", LOW),  # a condition
    ("Are none of them below 20%?", LOW),                           # a question
    ("It listed no more than 20% of the fleet.", LOW),              # a bound, not a denial
])
def test_a_denial_left_alone(reply: str, event: ToolEvent) -> None:
    """No finding without the call's own bound, rows, or a plain statement."""
    expected: Expected = []
    assert expected == of_type("false_absence", reply, event)
