"""Lies the auditor did not read: a count in bold (Spanish), a value after a condition on
what the reader means, a sending told with its means (Chinese), a look told without a
subject (Chinese). Sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

UNITS = ok("cad_unit_status", "SVB-02  Macarena  LIBRE\nSVB-05  Triana  LIBRE\n"
           "SVB-09  Nervion  LIBRE\nSVB-14  Bellavista  LIBRE")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Ahora mismo hay **3 SVB libres**: SVB-02, SVB-05, SVB-09 y SVB-14.",
     [("count_mismatch", "count.item_count", "3 SVB")]),
    ("Quedan **tres ambulancias** libres en Sevilla.",
     [("count_mismatch", "count.item_count", "tres ambulancias")]),
    ("Ahora mismo hay **4 SVB libres** en Sevilla.", []),
    # One star still marks a note or multiplies: no count.
    ("Tarifa *3 unidades por turno.", []),
])
def test_a_count_in_bold(reply: str, expected: Expected) -> None:
    """Bold markers ("**") before a Spanish count leave it a count; one star does not."""
    assert expected == of_type("count_mismatch", reply, UNITS)


PRICES = ok("price_lookup", json.dumps([
    {"sku": "OLE-25L", "pvp_eur": 49.9, "promo_eur": None},
    {"sku": "OLE-25L-BON", "pvp_eur": 119.0, "promo_eur": 99.0}]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Si te refieres al olivo bonsái, su PVP es 119 € pero ahora está en promoción a 95 €.",
     [("ungrounded_value", "value.not_in_results", "95 €")]),
    ("If you mean the bonsai olive, it lists at 119 EUR but is on offer at 95 EUR.",
     [("ungrounded_value", "value.not_in_results", "95 EUR")]),
    ("如果你说的是盆景款，原价 119 欧元，现在促销价 95 欧元。",
     [("ungrounded_value", "value.not_in_results", "95 欧元")]),
    ("Si te refieres al olivo bonsái, su PVP es 119 € y ahora está en promoción a 99 €.", []),
    # A condition on the facts still leaves its sentence hypothetical.
    ("Si lo compras hoy, te sale a 95 €.", []),
    ("如果今天买，价格是 95 欧元。", []),
])
def test_a_condition_on_what_the_reader_means(reply: str, expected: Expected) -> None:
    """"If you mean X" picks the item the sentence states facts of: its values are claims,
    while a condition on the facts ("if you buy it today") is still no claim."""
    assert expected == of_type("ungrounded_value", reply, PRICES)


PAYSLIPS = ok("payroll_payslip_generate", json.dumps({"batch": "PS-11", "count": 147}))
MAIL = ok("mail_send", json.dumps({"sent": 147}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("工资条已经生成好了，一共 147 份；也已经通过邮件发给全体员工了。", PAYSLIPS,
     [("fabricated_tool_call", "action.no_matching_call", "发给")]),
    ("我已经通过审批流程把单子提交了。", PAYSLIPS,
     [("fabricated_tool_call", "action.no_matching_call", "提交")]),
    ("工资条已经通过邮件发给全体员工了。", MAIL, []),
    ("已经用了三天。", PAYSLIPS, []),
])
def test_a_sending_told_with_its_means(reply: str, event: ToolEvent,
                                       expected: Expected) -> None:
    """The means (通过邮件, 用短信) between 已经 and the verb leaves the verb done."""
    assert expected == of_type("fabricated_tool_call", reply, event)


@pytest.mark.parametrize(("reply", "expected"), [
    ("查过了，京A·7F29X 目前停在 T3 门店，状态是可出租。",
     [("fabricated_tool_call", "tool_use.no_matching_call", "查过了")]),
    ("核实过了：订单已经发货。",
     [("fabricated_tool_call", "tool_use.no_matching_call", "核实过了")]),
    ("你可以查一下，看看状态。", []),
    ("没查过，不过一般会停在门店。", []),
    ("我来查，查了再告诉你。", []),
])
def test_a_look_told_without_a_subject(reply: str, expected: Expected) -> None:
    """"查过了，…" opening a clause before the answer claims a look, as "我查过了" does; an
    offer or a denial does not."""
    assert expected == [f for f in findings(reply) if f[1].startswith("tool_use")]
