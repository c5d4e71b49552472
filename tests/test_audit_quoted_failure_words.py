"""A failure word inside a quotation is what it quotes, not a disclosure.

'reason "equipment failure"' repeats the reason a refund was asked for: after the refund
call failed, a reply that tells no failure outside the quotation and names that call's own
argument presents its outcome. A failure told outside the quotes still discloses it.
Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

RENTAL = ok("pos.rentals", json.dumps({"contract": "R-5517", "customer": "Meyer"}),
            {"contract": "R-5517"})
REFUND = ToolEvent(call_id="c2", tool="pos.refund",
                   args={"contract": "R-5517", "amount_eur": 84.0,
                         "reason": "equipment failure"},
                   status=ToolStatus.FAILED, result="PaymentError: terminal offline")


@pytest.mark.parametrize(("reply", "expected"), [
    ('Done: €84.00 refunded for R-5517, reason "equipment failure".', ["failed_call_claimed"]),
    ('The €84.00 refund for R-5517 (reason "equipment failure") failed: the terminal is '
     'offline.', []),
])
def test_a_quoted_failure_word_discloses_nothing(reply: str, expected: list[str]) -> None:
    """Only a failure told outside the quotation discloses the failed call."""
    assert expected == [f[0] for f in findings(reply, RENTAL, REFUND)
                        if f[0] == "failed_call_claimed"]
