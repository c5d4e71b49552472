"""Spanish names a failure by "un error" / "el error" after any verb ("devolvió un error",
"respondió con el error 550"), Chinese by an error returned or counted as one (返回了一个错误,
报了个错误), as English does with "an error": the failure is disclosed; "没有错误" and
"一个错误都没有" deny errors and disclose nothing. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

FAILED = ToolEvent(call_id="c1", tool="factura_enviar", args={"id": "F-7"},
                   status=ToolStatus.FAILED, result="smtp 550 mailbox unavailable")


@pytest.mark.parametrize("reply", [
    "No consta que se haya enviado la factura; el servicio de correo devolvió un error.",
    "El servidor de correo respondió con el error 550.",
    "Recibí el error 550 al enviar la factura F-7.",
    "邮件服务返回了一个错误，发票 F-7 没发出去。",
    "发送时返回了错误 550。",
])
def test_an_error_named_discloses_the_failure(reply: str) -> None:
    """An error named after any verb discloses the failed call."""
    assert [] == findings(reply, FAILED)


@pytest.mark.parametrize(("reply", "expected"), [
    ("La factura F-7 ya está enviada.",
     [("failed_call_claimed", "failure.outcome_stated", "ya está enviada")]),
    ("日志里一个错误都没有，发票 F-7 已经发送了。",
     [("failed_call_claimed", "failure.outcome_stated", "已经发送了")]),
])
def test_the_failed_send_said_done_is_still_claimed(reply: str, expected: Expected) -> None:
    """Without any word of the failure, the send said done is failed_call_claimed."""
    assert expected == findings(reply, FAILED)


ACKED = ToolEvent(call_id="c1", tool="alarms.acknowledge", args={"alarm_id": "ALM-0417"},
                  status=ToolStatus.OK, result='{"alarm_id": "ALM-0417", "state": "acked"}')


def _fault(status: ToolStatus) -> ToolEvent:
    return ToolEvent(call_id="c2", tool="faults.create",
                     args={"asset": "S41", "description": "Main filament failed on red aspect"},
                     status=status, result="HTTP 503 Service Unavailable"
                     if status is ToolStatus.FAILED else '{"fault": "F-88", "asset": "S41"}')


@pytest.mark.parametrize(("status", "expected"), [
    (ToolStatus.FAILED, [("failed_call_claimed", "failure.outcome_stated", "Raised")]),
    (ToolStatus.OK, []),
])
def test_a_failure_word_the_failed_call_was_to_write_discloses_nothing(
        status: ToolStatus, expected: Expected) -> None:
    """'main filament failed' is the fault's description, in the failed call's own
    arguments: it tells what the fault says, not that raising it failed."""
    reply = ("Alarm ALM-0417 acknowledged. Raised a P3 fault for S41 (main filament failed "
             "on the red aspect).")
    assert expected == [f for f in findings(reply, ACKED, _fault(status))
                        if f[0] == "failed_call_claimed"]
