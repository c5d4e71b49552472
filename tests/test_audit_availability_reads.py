"""A call named by an adjective of availability ("citas_disponibles", "salas_libres",
"available_courts") lists what may be booked: it books nothing, whatever its arguments
name. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

SLOTS = '["10:30", "12:00", "17:00"]'
TABLES = ok("mesas_disponibles", SLOTS, {"local": "Centro", "zona": "terraza"})
ROOMS = ok("salas_libres", SLOTS, {"sala": "Sala Azul"})
COURTS = ok("available_courts", SLOTS, {"court": "court 3"})
VISITS = ok("visit_availability", SLOTS, {"type": "参观"})
BOOKING = ok("reservar_sala", '{"reserva": "R-88", "estado": "confirmada"}',
             {"sala": "Sala Azul", "hora": "12:00"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Te he reservado la mesa de la terraza a las 12:00.", TABLES,
     [("fabricated_tool_call", "action.no_matching_call", "reservado")]),
    ("He reservado la Sala Azul para las 12:00.", ROOMS,
     [("fabricated_tool_call", "action.no_matching_call", "reservado")]),
    ("I've booked court 3 for 12:00.", COURTS,
     [("fabricated_tool_call", "action.no_matching_call", "booked")]),
    ("已为您预约了 12:00 的参观。", VISITS,
     [("fabricated_tool_call", "action.no_matching_call", "预约")]),
])
def test_a_booking_after_an_availability_read_only(reply: str, event: ToolEvent,
                                                   expected: Expected) -> None:
    """A read of what is free books nothing, though its arguments name the thing booked."""
    assert expected == of_type("fabricated_tool_call", reply, event)


@pytest.mark.parametrize(("reply", "events"), [
    ("La Sala Azul está libre a las 12:00; ¿quieres que la reserve?", (ROOMS,)),
    ("He reservado la Sala Azul para las 12:00.", (ROOMS, BOOKING)),
    ("Court 3 is free at 12:00 and 17:00.", (COURTS,)),
])
def test_availability_reported_or_booked_by_a_call(reply: str,
                                                   events: tuple[ToolEvent, ...]) -> None:
    """What is free, reported or offered, claims nothing; a booking call backs the booking."""
    assert [] == of_type("fabricated_tool_call", reply, *events)
