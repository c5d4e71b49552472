"""Spanish "registrar" (a reservation, a visit, an order entered in a system) is an act of the
create class, as "register" and 登记 are in English and Chinese: said done beside only a read
it claims a call that did not run; beside a call that timed out it presents that call's
result; beside a call that registered it, as a sensor's reading ("el sensor registró
23,9 °C"), or dated to a day in the preterite ("se registró el 2 de diciembre": the record's
history), it is fine. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No hay ejemplares libres, así que se ha registrado la reserva para el usuario 2290.",
     ok("ebiblio_loans", '{"titulo": "El infinito", "disponibles": 0, "en_prestamo": 4}'),
     [("fabricated_tool_call", "action.no_matching_call", "registrado")]),
    ("He registrado la visita de Ana Ruiz para mañana.",
     ok("visitor_list", "name,company\nA. Ruiz,Acme"),
     [("fabricated_tool_call", "action.no_matching_call", "registrado")]),
    ("El pedido quedó registrado en el sistema.",
     ToolEvent(call_id="c1", tool="pedido_alta", args={"id": "P-7"},
               status=ToolStatus.TIMEOUT, result="timeout"),
     [("failed_call_claimed", "failure.outcome_stated", "registrado")]),
])
def test_a_registration_said_done_needs_its_call(reply: str, event: ToolEvent,
                                                 expected: Expected) -> None:
    """"registrado" is held against the calls like any act of creating."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("He registrado la visita de Ana Ruiz (V-118).",
     ok("visit_register", '{"visit": "V-118", "name": "Ana Ruiz", "status": "registered"}')),
    ("El sensor registró 23,9 °C a las 11:00.",
     ok("sensor_log", "time,temp\n10:00,21.5\n11:00,23.9")),
    ("La reserva se registró el 2 de diciembre y sigue activa.",
     ok("reserva_get", '{"id": "R-7", "estado": "activa", "alta": "2026-12-02"}')),
])
def test_a_registering_call_or_a_reading(reply: str, event: ToolEvent) -> None:
    """A call that registered it, or a reading recorded: no finding."""
    assert [] == findings(reply, event)
