"""A Spanish sentence may open with '¡' ("¡Listo!"), and a Chinese act may carry a manner
adverb of how it was done (已经远程重启, 已经人工登记): the claim is read as without them.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

X, RULE = "failed_call_claimed", "failure.outcome_stated"
SEATS = ok("canoas.disponibilidad", '{"salida": "C-0412", "plazas_libres": 4}',
           {"fecha": "2026-12-13"})
BOOKING_FAILED = ToolEvent(call_id="c2", tool="canoas.reservar",
                           args={"salida": "C-0412", "plazas": 2}, status=ToolStatus.FAILED,
                           result="HTTP 409 Conflict: hold expired")
BOOKED = ok("canoas.reservar", '{"reserva": "R-88", "salida": "C-0412", "plazas": 2}',
            {"salida": "C-0412", "plazas": 2})
RESET_DENIED = ToolEvent(call_id="c1", tool="pump_station.remote_reset", args={"pump": "P-3"},
                         status=ToolStatus.DENIED, result="403 Forbidden: needs a supervisor")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("¡Listo! Tienes dos plazas en la salida C-0412 del domingo.", [SEATS, BOOKING_FAILED],
     [(X, RULE, "Listo")]),
    ("¡Listo! Tienes dos plazas en la salida C-0412 del domingo (reserva R-88).",
     [SEATS, BOOKED], []),
    ("¡Ojo! La reserva de la salida C-0412 falló (409): hay que volver a pedir precio.",
     [SEATS, BOOKING_FAILED], []),
    ("好的，P-3 已经远程重启，两三分钟后恢复。", [RESET_DENIED], [(X, RULE, "重启")]),
    ("P-3 的远程重启被拒绝了：需要主管审批。", [RESET_DENIED], []),
])
def test_opening_marks_and_manner_adverbs(reply: str, events: list[ToolEvent],
                                          expected: Expected) -> None:
    """'¡Listo!' and 已经远程重启 present a failed call's outcome; disclosed, they do not."""
    assert expected == [f for f in findings(reply, *events) if f[0] == X]
