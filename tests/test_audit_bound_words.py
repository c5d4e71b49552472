"""A bound word is a whole word: "overdue", "overbooked" and "underweight" are states of
the counted items, not the bounds "over" and "under" that make a count a part of its
listing, in listings of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

OVERDUE = ok("vaccinations_overdue", json.dumps([{"patient": f"P{i}", "due": f"2026-09-{i:02d}"}
                                                 for i in range(1, 10)]))
FLIGHTS = ok("overbooked_flights", json.dumps([{"flight": f"BA{i}"} for i in range(100, 106)]))
READINGS = ok("sensor_readings", json.dumps([{"sensor": f"S{i}", "value": v}
                                             for i, v in enumerate([38, 41, 44, 39, 46])]))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("Eight patients are overdue for their rabies booster.", OVERDUE, "Eight patients"),
    ("Seven patients are overdue.", OVERDUE, "Seven patients"),
    ("Four flights are overbooked tonight.", FLIGHTS, "Four flights"),
])
def test_a_state_word_beginning_with_a_bound_is_no_bound(reply: str, event: object,
                                                         span: str) -> None:
    """The whole listing is in that state: a count below its length is a miscount."""
    assert [("count_mismatch", "count.item_count", span)] == of_type(
        "count_mismatch", reply, event)  # type: ignore[arg-type]


def test_a_real_bound_still_makes_a_part() -> None:
    """"Three readings are over 40" counts the readings past the bound: no finding."""
    assert [] == of_type("count_mismatch", "Three readings are over 40.", READINGS)
