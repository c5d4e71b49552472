"""A field a result writes with no value ("ship: not scheduled", "assignee: none", "envío: sin
programar", "发货：未安排") confirms an absence whose noun names it ("no ship date", "no hay
fecha de envío", 没有发货日期): the reply denies what the result says is unset, not items it
holds. A field set somewhere in the result (a date on one order of three) confirms nothing.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok


@pytest.mark.parametrize(("tool", "result", "reply"), [
    ("lab_order_status", "order DL-7720 | crown #14 | stage: milling | ship: not scheduled",
     "Not yet — DL-7720 is still in milling, and no ship date is scheduled."),
    ("ticket_get", "ticket 4471 | state: open | priority: P2 | assignee: none",
     "Ticket 4471 is open at P2, and there's no assignee on it yet."),
    ("estado_pedido", "pedido 88 | estado: en taller | envío: sin programar",
     "El pedido 88 sigue en taller; todavía no hay fecha de envío."),
    ("order_status", "订单 88 | 状态：铣削中 | 发货：未安排",
     "订单 88 还在铣削，没有发货日期。"),
])
def test_an_unset_field_confirms_its_absence(tool: str, result: str, reply: str) -> None:
    """The result's own unset field bears out "no <field>"."""
    assert [] == findings(reply, ok(tool, result))


@pytest.mark.parametrize(("result", "reply", "expected"), [
    ("order DL-7720 | stage: milling | ship: 2026-12-08",
     "DL-7720 is still in milling, and no ship date is scheduled.",
     [("false_absence", "absence.result_has_items", "no ship date is")]),
    ("order DL-7720 | ship: not scheduled\norder DL-7721 | ship: 2026-12-08\n"
     "order DL-7722 | ship: 2026-12-09",
     "No ship dates are scheduled for your orders.",
     [("false_absence", "absence.result_has_items", "No ship dates")]),
])
def test_a_field_set_somewhere_confirms_nothing(result: str, reply: str,
                                                expected: Expected) -> None:
    """A field the result sets (on one item or all) still refutes "no <field>"."""
    assert expected == findings(reply, ok("lab_orders", result))
