"""An absence said of several listed items, coordinated and maybe emphasised, then a verb of
having ("**L1 and L4** have no faults on record", "P-01 y P-03 no tienen ninguna alarma",
"P-01 和 P-03 都没有报警"), is a property of each of those rows: borne out when every named
row's cell in the column the noun names is empty, refuted when any one holds a value.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

LIFTS = ok("lift_status", "CAR  STATE           FLOOR  DOOR    LAST_FAULT\n"
                          "L1   in_service      4      closed  -\n"
                          "L2   in_service      G      open    2026-11-28 F-DOOR-11\n"
                          "L3   out_of_service  B1     closed  2026-12-04 F-SAFE-01\n"
                          "L4   in_service      9      closed  -")
PUMPS = ok("pump_list", "PUMP   ZONE   ALARM         LAST_SERVICE\n"
                        "P-01   north  -             2026-10-02\n"
                        "P-02   north  LOW-PRESSURE  2026-09-11\n"
                        "P-03   south  -             2026-11-20")


@pytest.mark.parametrize("reply", [
    "- **L1 and L4** have no faults on record.",
    "**L4** has no faults on record.",
    "L1 and L4 have no faults on record.",
])
def test_each_named_row_lacks_the_field(reply: str) -> None:
    """Every coordinated item's cell is empty: the absence is borne out."""
    assert [] == findings(reply, LIFTS)


@pytest.mark.parametrize("reply", [
    "P-01 and P-03 have no alarms.",
    "P-01 y P-03 no tienen ninguna alarma.",
    "P-01 和 P-03 都没有报警。",
])
def test_each_named_pump_lacks_an_alarm(reply: str) -> None:
    """The same in every covered language."""
    assert [] == findings(reply, PUMPS)


@pytest.mark.parametrize(("reply", "expected"), [
    ("P-01 and P-02 have no alarms.",
     [("false_absence", "absence.result_has_items", "no alarms")]),
    ("L1 and L3 have no faults on record.",
     [("false_absence", "absence.result_has_items", "no faults on record")]),
])
def test_one_named_row_with_a_value_refutes_it(reply: str, expected: Expected) -> None:
    """One coordinated item whose cell holds a value leaves the absence false."""
    assert expected == findings(reply, PUMPS if "P-" in reply else LIFTS)
