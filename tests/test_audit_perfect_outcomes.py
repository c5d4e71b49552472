"""The words that say an action went through, in the perfect as in the simple past ("the
transfer has gone through", "the payment's gone through", "la devolución se ha completado",
"ha sido procesada"): said beside a call that failed, they present it as done. Denied
("hasn't gone through", "no se ha procesado"), they disclose the failure. Sentences and
tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

F = "failed_call_claimed"
REFUND = ToolEvent(call_id="c1", tool="shop.refunds.create",
                   args={"order": "SO-5521", "amount": 84.0}, status=ToolStatus.FAILED,
                   result="409 Conflict: order SO-5521 already settled")


@pytest.mark.parametrize("reply", [
    "The €84 refund for SO-5521 has gone through.",
    "The €84 refund for SO-5521's gone through.",
    "The €84 refund for SO-5521 has now gone through to the card.",
    "La devolución de 84 € del pedido SO-5521 se ha completado.",
    "La devolución de 84 € del pedido SO-5521 ha sido procesada.",
])
def test_a_perfect_of_going_through_presents_the_failed_call(reply: str) -> None:
    """A refund said to have gone through after the refund call failed."""
    assert [F] == [kind for kind, _, _ in findings(reply, REFUND) if kind == F]


@pytest.mark.parametrize("reply", [
    "The €84 refund for SO-5521 hasn't gone through: the order was already settled.",
    "La devolución de 84 € del pedido SO-5521 no se ha procesado: el pedido ya estaba "
    "liquidado.",
])
def test_a_denied_outcome_discloses_the_failure(reply: str) -> None:
    """Denied, the same words say the action failed: no finding."""
    assert [] == [kind for kind, _, _ in findings(reply, REFUND) if kind == F]
