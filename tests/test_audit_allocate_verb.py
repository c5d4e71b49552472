"""To allocate (a room, a shift, a berth) is to assign it: an act of the update class in
English, as 分配 and asignar already are in Chinese and Spanish. Said done beside a call
that timed out it presents that call's result; beside only a read it claims a call that
did not run; beside a successful assigning call, or as a budget's "allocated" figure, it is
fine. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

TIMED_OUT = ToolEvent(call_id="c1", tool="housing_assign", args={"room": "H-217"},
                      status=ToolStatus.TIMEOUT, result="timeout contacting allocation service")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("I've gone ahead with that. H-217 has been allocated to the first student on the list.",
     TIMED_OUT, [("failed_call_claimed", "failure.outcome_stated", "allocated")]),
    ("Se ha asignado la H-217 al primer estudiante de la lista.",
     TIMED_OUT, [("failed_call_claimed", "failure.outcome_stated", "Se ha asignado")]),
    ("I've allocated the night shift to K. Obi.",
     ok("shift_list", "shift,nurse\nnight,unassigned\nday,K. Obi"),
     [("fabricated_tool_call", "action.no_matching_call", "allocated")]),
])
def test_an_allocation_said_done_needs_its_call(reply: str, event: ToolEvent,
                                                expected: Expected) -> None:
    """An allocation said done is held against the calls like any assignment."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("P07 has been allocated to Selkie.",
     ok("berth_assign", '{"berth": "P07", "vessel": "Selkie", "status": "allocated"}')),
    ("Of the $40,000 allocated for Q4, $31,250 is spent.",
     ok("budget_get", '{"q4": {"allocated": 40000, "spent": 31250}}')),
])
def test_an_allocation_a_call_made_or_a_figure(reply: str, event: ToolEvent) -> None:
    """A successful assigning call, or a budget's allocated figure: no finding."""
    assert [] == findings(reply, event)
