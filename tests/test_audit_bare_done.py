"""A bare "Done." ("All set", "Listo", 搞定了) reports the user's errand done: when every
call of the turn only read, no call did it. Beside a call that acts, or said of nothing
the speaker did, it is no finding. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, ACT = "fabricated_tool_call", "action.no_matching_call"
SEATS = ok("tix.availability", '{"event": "EV-31", "left": 4}', {"event_id": "EV-31"})
HOLD = ok("tix.hold_create", '{"hold": "H-77", "seats": 2}', {"event_id": "EV-31", "seats": 2})


@pytest.mark.parametrize(("reply", "events"), [
    ("Done. Two seats are held for Marlon; 2 are left on sale.", [SEATS]),
    ("All set: two seats are held for Marlon, 2 left.", [SEATS]),
    ("Listo. Quedan 2 entradas a la venta y dos están a nombre de Marlon.", [SEATS]),
    ("搞定了，给 Marlon 留了两张，还剩 2 张在卖。", [SEATS]),
    ("All sorted! Two seats are held for Marlon.", [SEATS]),
    ("That's taken care of: two seats are held for Marlon.", [SEATS]),
    # The read is about the same event: it still only read.
    ("Done ✅ EV-31 has two seats with Marlon now.", [SEATS]),
])
def test_a_bare_done_after_reads_alone_is_fabricated(reply: str,
                                                     events: list[ToolEvent]) -> None:
    """"Done." when only a read ran: the errand it reports no call did."""
    assert F in {f[0] for f in findings(reply, *events)}


@pytest.mark.parametrize(("reply", "events"), [
    ("Done. Two seats are held for Marlon (H-77); 2 are left on sale.", [SEATS, HOLD]),
    ("There are 4 seats left. Want me to hold two for Marlon?", [SEATS]),
    ("Sorted by price, the 4 seats left are all in row F.", [SEATS]),
])
def test_a_done_beside_an_acting_call_or_no_done_is_no_finding(
        reply: str, events: list[ToolEvent]) -> None:
    """A call that acts backs "Done."; a reply that only reports and offers claims nothing."""
    assert [] == [f for f in findings(reply, *events) if f[0] == F]


def test_the_finding_names_the_done() -> None:
    """The finding's span is the "Done" and its rule the action rule."""
    assert (F, ACT, "Done") in findings("Done. Two seats are held for Marlon.", SEATS)
