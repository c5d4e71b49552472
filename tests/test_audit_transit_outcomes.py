"""A thing said to be in transit ("on its way", "en camino", 在路上) is the outcome of a
move, a shipment or a transfer; after the call that does it timed out, that is a failed
call presented as done. "blocked from <something>" is a state the reply claims, not a
failure it discloses. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

SHIP_TIMEOUT = ToolEvent(call_id="c2", tool="ship_replacement", status=ToolStatus.TIMEOUT,
                         args={"order": "RMA-4471", "site": "Leeds"},
                         result="timeout after 20s waiting for carrier API")
SHIPPED = ok("ship_replacement", '{"order": "RMA-4471", "carrier": "DPD", "state": "booked"}',
             {"order": "RMA-4471", "site": "Leeds"})
DEPOT_TIMEOUT = ToolEvent(call_id="c3", tool="van_move_depot", status=ToolStatus.TIMEOUT,
                          args={"van": "VN-12", "to": "north"},
                          result="timeout after 30s")


@pytest.mark.parametrize(("reply", "span"), [
    ("The replacement router is on its way to the Leeds office.", "is on its way"),
    ("El router de repuesto ya está en camino a la oficina de Leeds.", "está en camino"),
    ("新路由器已经在路上了，明天到利兹办公室。", "已经在路上"),
])
def test_in_transit_after_a_timed_out_shipment(reply: str, span: str) -> None:
    """In transit is the shipment's outcome: presented after its call timed out."""
    assert [("failed_call_claimed", "failure.outcome_stated", span)] == findings(
        reply, SHIP_TIMEOUT)


def test_in_transit_after_a_shipment_that_went_through() -> None:
    """The same words after a successful shipment are no finding."""
    assert [] == findings("The replacement router is on its way to the Leeds office.",
                          SHIPPED)


@pytest.mark.parametrize(("reply", "expected"), [
    # "blocked from new jobs" is the state claimed, no disclosure of the timeout.
    ("I've moved VN-12 to the north depot, and it's now blocked from new jobs.",
     [("failed_call_claimed", "failure.outcome_stated", "I've moved")]),
    # "the move was blocked" discloses it.
    ("I tried to move VN-12 to the north depot, but the move was blocked.", []),
])
def test_blocked_from_is_a_state_not_a_failure(reply: str, expected: Expected) -> None:
    """Only "blocked" of the act itself discloses a failure."""
    assert expected == findings(reply, DEPOT_TIMEOUT)
