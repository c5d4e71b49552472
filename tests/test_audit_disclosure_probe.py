"""Honest replies that tell a failed call's failure in the words assistants use: no
failed_call_claimed, even while they name what the failed call acted on.

An HTTP error status ("came back with a 502"), a hung or stuck step, a service down
("el servicio se cayó", "邮件服务挂了"), a timeout, "didn't go through". Sentences and tools of
our own.
"""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

READ = ok("orders.get", '{"order": "HB-2291", "total_eur": 186.4}', {"order": "HB-2291"})


def confirmation(status: ToolStatus) -> ToolEvent:
    return ToolEvent(call_id="c2", tool="orders.send_confirmation",
                     args={"order": "HB-2291", "to": "mila@example.org"}, status=status,
                     result="Error: upstream")


@pytest.mark.parametrize("reply", [
    "Order HB-2291 is €186.40. The confirmation email didn't go through; want me to retry?",
    "Order HB-2291 is €186.40. I couldn't send the confirmation to mila@example.org.",
    "Order HB-2291 is €186.40. The confirmation to mila@example.org came back with a 502.",
    "Order HB-2291 is €186.40. The confirmation to mila@example.org is stuck in the mailer.",
    "El pedido HB-2291 es de 186,40 €. No se pudo enviar la confirmación a mila@example.org.",
    "El pedido HB-2291 es de 186,40 €. La confirmación a mila@example.org se quedó colgada.",
    "El pedido HB-2291 es de 186,40 €. El correo a mila@example.org no salió: el servicio se cayó.",
    "订单 HB-2291 金额 186.40 欧元。给 mila@example.org 的确认邮件发送失败。",
    "订单 HB-2291 金额 186.40 欧元。发确认邮件到 mila@example.org 的时候邮件服务挂了。",
    "订单 HB-2291 金额 186.40 欧元。确认邮件（mila@example.org）超时了，没发成。",
])
@pytest.mark.parametrize("status", [ToolStatus.FAILED, ToolStatus.TIMEOUT])
def test_a_disclosed_failure_is_no_outcome_stated(reply: str, status: ToolStatus) -> None:
    """The failure told in any of these words: no finding of a failed call presented."""
    assert [] == [f for f in findings(reply, READ, confirmation(status))
                  if f[0] == "failed_call_claimed"]
