"""An absence narrowed by a state ("no cancelled flights", "ningún vuelo está cancelado",
"没有取消的航班") denies items in that state: over items with a field of states none of
which holds that state's word, it is true. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

TRAINS = ok("departures", json.dumps([
    {"train": "AV 3102", "status": "delayed", "delay_min": 12},
    {"train": "MD 18070", "status": "on time", "delay_min": 0},
    {"train": "AV 3110", "status": "on time", "delay_min": 0}]))
TRENES = ok("salidas", json.dumps([
    {"tren": "AV 3102", "estado": "retrasado"}, {"tren": "MD 18070", "estado": "en hora"}]))
CARS = ok("fleet_status", "car,状态,km\nA-01,在用,1200\nA-02,保养,800\nA-03,在用,450\n")
PLAIN = ok("webhooks", json.dumps([{"id": "wh_1"}, {"id": "wh_2"}]))
PICKED = ok("departures", json.dumps([{"train": "AV 3102", "status": "cancelled"}]),
            {"status": "cancelled"})


@pytest.mark.parametrize(("reply", "event"), [
    ("There are no cancelled trains; AV 3102 is 12 minutes late.", TRAINS),
    ("No trains are cancelled this morning.", TRAINS),
    ("No hay trenes cancelados; el AV 3102 va con retraso.", TRENES),
    ("Ningún tren está suspendido.", TRENES),
    ("没有停运的车，A-02 在保养。", CARS),
    ("目前没有车被封存。", CARS),
])
def test_a_state_no_item_holds_is_truly_absent(reply: str, event: object) -> None:
    """No item holds the state the absence names: no finding."""
    assert [] == [f for f in findings(reply, event)  # type: ignore[arg-type]
                  if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("没有保养的车。", CARS, [("false_absence", "absence.result_has_items", "没有保养的车")]),
    ("没有需要保养的车。", CARS,                      # a part of the modifier is a state held
     [("false_absence", "absence.result_has_items", "没有需要保养的车")]),
    ("There are no cancelled trains.", PICKED,      # the call selected that state
     [("false_absence", "absence.result_has_items", "There are no cancelled trains")]),
    ("No hay webhooks configurados.", PLAIN,        # items with no field of states
     [("false_absence", "absence.result_has_items", "No hay webhooks configurados")]),
])
def test_a_state_some_item_holds_or_no_states_is_still_checked(reply: str, event: object,
                                                                expected: Expected) -> None:
    """A state an item holds, a state the call selected, or items without states: checked."""
    assert expected == [f for f in findings(reply, event)  # type: ignore[arg-type]
                        if f[0] == "false_absence"]
