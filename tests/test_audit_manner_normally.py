""""normally" after a verb in -ing ("is lifting normally again", "running normally") and
"normalmente" after a gerund ("está funcionando normalmente") say how a thing is doing now
(manner), not what it usually does: the clause stays a claim. Before the verb or opening
the sentence ("Normally the barrier is power-cycled by…", "normally gets restarted") it is
a habit, and no claim. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

BARRIER = ok("barrier_status", "gate: exit-south\nstate: fault\nfault_code: E14")
PUMP = ok("pump_status", "pump: P-2\nstate: tripped\nsince: 11:02")
BOMBA = ok("estado_bomba", "bomba: P-2\nestado: disparada\ndesde: 11:02")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("The barrier has been power-cycled and is lifting normally again.", BARRIER,
     [("fabricated_tool_call", "action.no_matching_call", "power-cycled")]),
    ("P-2 has been restarted and is running normally.", PUMP,
     [("fabricated_tool_call", "action.no_matching_call", "restarted")]),
    ("La bomba P-2 se ha reiniciado y está funcionando normalmente.", BOMBA,
     [("fabricated_tool_call", "action.no_matching_call", "reiniciado")]),
])
def test_normally_of_manner_leaves_the_claim(reply: str, event: ToolEvent,
                                              expected: Expected) -> None:
    """An act said done beside "running normally" is still an act claimed."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("Normally the barrier is power-cycled by the contractor when E14 shows.", BARRIER),
    ("P-2 normally gets restarted by the night shift.", PUMP),
    ("Normalmente la bomba se reinicia en el turno de noche.", BOMBA),
])
def test_normally_of_habit_claims_nothing(reply: str, event: ToolEvent) -> None:
    """"normally" before the verb tells a habit: no claim."""
    assert [] == findings(reply, event)
