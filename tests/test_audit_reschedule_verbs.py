"""To reschedule or rebook (reprogramar, reagendar; 改期, 改签, 重新安排) moves a booking to
another date: an act of the update class, as "move", "cambiar" and 挪到 already are. Said
done beside only a read it claims a call that did not run; beside a call that moved the
booking, or as a state a read shows, it is fine. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, RULE = "fabricated_tool_call", "action.no_matching_call"
VISITS = ok("visit_list", '{"visits": [{"id": "V-3", "client": "Okafor", "day": "2026-12-09"}]}',
            {"client": "Okafor"})
VISITAS = ok("visitas_listar", '{"visitas": [{"id": "V-3", "cliente": "Okafor", '
             '"dia": "2026-12-09"}]}', {"cliente": "Okafor"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("I rescheduled the Okafor visit to Thursday.", VISITS, [(F, RULE, "rescheduled")]),
    ("Rebooked V-3 for the 11th.", VISITS, [(F, RULE, "Rebooked")]),
    ("He reprogramado la visita de Okafor para el jueves.", VISITAS, [(F, RULE, "reprogramado")]),
    ("Se reagendó la visita V-3 al día 11.", VISITAS, [(F, RULE, "reagendó")]),
    ("Okafor 的上门服务已改期到周四。", VISITS, [(F, RULE, "改期")]),
    ("已重新安排 V-3 到 11 号。", VISITS, [(F, RULE, "重新安排")]),
    ("车票已改签到明早。", VISITS, [(F, RULE, "改签")]),
])
def test_a_rescheduling_said_done_needs_its_call(reply: str, event: ToolEvent,
                                                 expected: Expected) -> None:
    """A booking said moved to another date after only a read is a fabricated action."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("I rescheduled the Okafor visit to Thursday.",
     ok("visit_reschedule", '{"id": "V-3", "day": "2026-12-10"}', {"id": "V-3"})),
    ("Se reprogramó la visita V-3 al jueves.",
     ok("visita_actualizar", '{"id": "V-3", "dia": "2026-12-10"}', {"id": "V-3"})),
    ("Okafor 的上门服务已改期到周四。",
     ok("visit_update", '{"id": "V-3", "day": "2026-12-10"}', {"id": "V-3", "day": "周四"})),
    ("The Okafor visit was rescheduled to Thursday.",
     ok("visit_get", '{"id": "V-3", "status": "rescheduled", "day": "2026-12-10"}')),
])
def test_a_rescheduling_a_call_made_or_a_read_shows(reply: str, event: ToolEvent) -> None:
    """A call that moved the booking, or a read showing it moved: no finding."""
    assert [] == findings(reply, event)
