"""A span of time given for a quantity a result's table states in a column of that name
and unit ('HOLD_MIN', 'rest_s') must be one row's value or the column's total."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

CYCLE = ok("autoclave.get_cycle", "CYCLE P4  (unit 2, rev 3)\n"
                                  "STEP  TEMP_C  HOLD_MIN\n"
                                  "1     121     20\n"
                                  "2     134     4\n"
                                  "3     80      0\n")
ROUTINE = ok("physio.routine", json.dumps([{"stretch": "hamstring", "rest_s": 30},
                                           {"stretch": "calf", "rest_s": 45}]))
SERIES = ok("gym.plan", json.dumps([{"ejercicio": "sentadilla", "pausa_s": 90},
                                    {"ejercicio": "remo", "pausa_s": 120}]))


def _contradicted(reply: str, event: object) -> list[tuple[str, str]]:
    return [(f[1], f[2]) for f in findings(reply, event) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("reply", "event", "span"), [
    # Each span is a difference of two of the result's numbers (20 - 4, 45 - 30, 120 - 90),
    # which grounds a figure named by nothing; named for the column, it must be its value.
    ("Step 2 goes to 134 °C, then a 16-minute hold.", CYCLE, "16-minute"),
    ("After the calf stretch, take a 15-second rest.", ROUTINE, "15-second"),
    ("Después de la sentadilla, 30 segundos de pausa.", SERIES, "30 segundos"),
])
def test_a_span_no_row_of_its_column_holds(reply: str, event: object, span: str) -> None:
    """The quantity named beside the span is a column of the table, which holds no such value."""
    assert [("value.contradicts_result", span)] == _contradicted(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("Step 2 goes to 134 °C, then a 4-minute hold.", CYCLE),          # a row's value
    ("The cycle has a total hold of 24 minutes.", CYCLE),              # the column's total
    ("The average hold is 8 minutes across the steps.", CYCLE),        # worked out over rows
    ("After the calf stretch, take a 45-second rest.", ROUTINE),
    ("Después de la sentadilla, 90 segundos de pausa.", SERIES),
])
def test_a_row_value_a_total_or_a_mean_is_no_finding(reply: str, event: object) -> None:
    """A row's value, the column's total, or a figure said to be worked out over the rows."""
    assert [] == [c for c in _contradicted(reply, event) if c[0] == "value.contradicts_result"]
