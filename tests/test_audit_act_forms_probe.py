"""First-person acts in the forms assistants write them, each claimed beside a read only
(a stock list): every one is a call never made.

English subject-less acts after an adverb ("Just sent the order", "Already booked it"),
Spanish "acabo de" and an infinitive ("Acabo de enviar el pedido"), Chinese acts with the
one they were done to or for between 已 and the verb ("已向供应商下单", "我已经向财务发了邮
件"). The adverb is no noun of a headline ("Order sent"). Sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

STOCK = ok("inventory.get", "item,stock\nbottle,1240\nbox,190\n")


@pytest.mark.parametrize(("reply", "verb"), [
    ("Stock is low. Just sent the order to the supplier.", "sent"),
    ("Already sent the order to the supplier.", "sent"),
    ("Acabo de enviar el pedido al proveedor.", "enviar"),
    ("Acabamos de cancelar la reserva.", "cancelar"),
    ("已向供应商下单。", "下单"),
    ("我已经向财务发了邮件。", "发了邮件"),
])
def test_an_act_in_a_common_form_needs_its_call(reply: str, verb: str) -> None:
    """The act is read in its form, and no call did it."""
    assert [verb] == [f[2] for f in findings(reply, STOCK) if f[0] == "fabricated_tool_call"]


def test_a_negated_periphrasis_claims_nothing() -> None:
    """"No acabo de entender" is no act done."""
    assert [] == [f for f in findings("No acabo de entender el pedido.", STOCK)
                  if f[0] == "fabricated_tool_call"]
