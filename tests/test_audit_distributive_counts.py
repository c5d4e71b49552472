"""A count in the predicate of a universally quantified subject ("Every van made 2 drops",
"Todas las furgonetas hicieron 2 entregas") is how many each item got, not a number of the
listing's items. The subject's own count, and a count after a quantifier with no noun of
its own, are still checked. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

C = "count_mismatch"
ROUNDS = ok("fleet.day_log", "\n".join([
    "06:10 VAN-1 load depot", "06:40 VAN-1 drop Elm St", "07:05 VAN-1 drop Oak Rd",
    "06:15 VAN-2 load depot", "06:50 VAN-2 drop Mill Ln", "07:20 VAN-2 drop Bay Rd",
    "06:20 VAN-3 load depot", "07:00 VAN-3 drop Hill St", "07:30 VAN-3 drop Fen Way"]))
ROOMS = ok("hotel.rooms", '[{"room": "101", "beds": 2}, {"room": "102", "beds": 2}, '
                          '{"room": "103", "beds": 2}, {"room": "104", "beds": 2}, '
                          '{"room": "105", "beds": 2}]')


@pytest.mark.parametrize(("reply", "event"), [
    ("Every van made 2 drops before 07:30.", ROUNDS),
    ("All 3 vans made two drops each run.", ROUNDS),
    ("Todas las furgonetas hicieron 2 entregas.", ROUNDS),
    ("Each room has 2 beds.", ROOMS),
    ("Cada habitación tiene 2 camas.", ROOMS),
    ("Each room got 3 fresh towels.", ROOMS),
    ("Cada habitación recibió 3 toallas.", ROOMS),
])
def test_a_count_said_of_each_item(reply: str, event: ToolEvent) -> None:
    """The predicate's count is per item of the quantified subject: no finding."""
    assert [] == [f for f in findings(reply, event) if f[0] == C]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("All 4 rooms have two beds.", ROOMS, ["4 rooms"]),             # the subject's count
    ("All of the 4 rooms have two beds.", ROOMS, ["4 rooms"]),      # a partitive, no noun
    ("Todas las 4 habitaciones tienen dos camas.", ROOMS, ["4 habitaciones"]),
])
def test_the_quantified_subjects_own_count_is_checked(reply: str, event: ToolEvent,
                                                      expected: list[str]) -> None:
    """A miscount of the subject itself is still a finding."""
    assert expected == [span for kind, _, span in findings(reply, event)
                        if kind == C]
