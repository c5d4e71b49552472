"""A negative subject that opens its clause denies the predicate ("Nothing is scheduled
yet"), after a connective of consequence too ("So nothing is scheduled yet"): beside a
denied booking it discloses the failure, no outcome is presented. A negative subject later
in a clause ("I tried and nothing is pending") opens no negation. Our own sentences."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

BOOKING = ToolEvent(call_id="c1", tool="haulage.book_collection",
                    args={"account": "HAL-01", "date": "2026-12-08"}, status=ToolStatus.DENIED,
                    result="Denied by policy: account HAL-01 is on credit hold")


@pytest.mark.parametrize(("reply", "expected"), [
    ("It was denied. So nothing is scheduled for Tuesday yet.", []),
    ("It was denied. Then nothing is scheduled for Tuesday.", []),
    ("It was denied. Nothing is scheduled for Tuesday yet.", []),
    # No negation at all: the collection is presented as booked.
    ("The collection is scheduled for Tuesday.",
     [("failed_call_claimed", "failure.outcome_stated", "is scheduled")]),
])
def test_a_negative_subject_after_a_connective(reply: str, expected: Expected) -> None:
    """"So nothing is scheduled" denies the booking: the failure is told, not hidden."""
    assert expected == [f for f in findings(reply, BOOKING) if f[0] == "failed_call_claimed"]
