"""A failed call beside a successful one: failure told in the reply's words ('did **not**
go out', '读不到'), and a state read off the successful result ('Status is confirmed')."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import findings, ok
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

BOOKING = ok("hostel_bookings_get", json.dumps({"ref": "HB-77120", "beds": 24,
                                                "status": "CONFIRMED", "deposit_paid": True}))
MAIL_FAILED = ToolEvent(call_id="c2", tool="mail.send",
                        args={"to": "j.hale@example.org", "template": "group-confirmation"},
                        status=ToolStatus.FAILED, result="SMTPRecipientsRefused: 451 4.7.1")


def _failed(reply: str, *events: ToolEvent) -> list[str]:
    return [f[1] for f in findings(reply, *events) if f[0] == "failed_call_claimed"]


@pytest.mark.parametrize("reply", [
    "The booking went through: 24 beds. Status is confirmed. The confirmation email did "
    "**not** go out, though.",
    "The booking went through: 24 beds. Status is confirmed. The confirmation email wasn't "
    "delivered: their server refused it.",
])
def test_a_state_read_off_the_successful_result(reply: str) -> None:
    """'Status is confirmed' restates the booking's own status, not the failed email."""
    assert [] == _failed(reply, BOOKING, MAIL_FAILED)


def test_the_failed_calls_outcome_stated_is_still_found() -> None:
    """'the confirmation email has been sent' after the send failed is still found."""
    assert ["failure.outcome_stated"] == _failed(
        "The booking is confirmed and the confirmation email has been sent.", BOOKING,
        MAIL_FAILED)


SENSOR_FAILED = ToolEvent(call_id="c1", tool="water.sensor_read", args={"pool": "深水池"},
                          status=ToolStatus.FAILED,
                          result="ERROR 503: sensor gateway PL-02 offline")


@pytest.mark.parametrize(("reply", "expected"), [
    ("现在读不到。传感器网关从今天 06:41 起就离线了，所以没有实时的余氯数据。", []),
    ("深水池现在没有余氯数据。", ["failure.outcome_stated"]),
])
def test_a_potential_verb_negated_tells_the_failure(reply: str, expected: list[str]) -> None:
    """'读不到' (could not read) discloses the failed read; an absence said without it
    presents the failed call's outcome."""
    assert expected == _failed(reply, SENSOR_FAILED)
