"""Placing an order is an act ("I've placed an order", 下单, 订购): after a read of stock
only, it links to no call. A read's argument named by a verb's bare form ("store":
"Leeds") names a thing, not an act the call does. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, of_type, ok

STOCK = ok("warehouse_stock", '{"items": [{"sku": "BOLT-8", "on_hand": 12, "reorder_at": 50}]}',
           {"store": "Leeds"})
ORDER = ok("supplier_order_create", '{"order": "PO-7781", "status": "placed"}',
           {"sku": "BOLT-8", "qty": 40})
TICKET = ok("ticket_edit", '{"id": "T-9", "assignee": "kim"}', {"id": "T-9", "assignee": "kim"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("Stock is low, so I've placed an order with the supplier.",
     [("fabricated_tool_call", "action.no_matching_call", "placed")]),
    ("已经向供应商下单了。", [("fabricated_tool_call", "action.no_matching_call", "下单")]),
    ("我已经向供应商订购了螺栓。", [("fabricated_tool_call", "action.no_matching_call", "订购")]),
])
def test_an_order_after_a_stock_read_only(reply: str, expected: Expected) -> None:
    """The read of stock places no order, whatever its "store" argument is called."""
    assert expected == of_type("fabricated_tool_call", reply, STOCK)


@pytest.mark.parametrize("reply", [
    "Stock is low, so I've placed an order with the supplier.",
    "已经向供应商下单了。",
])
def test_an_order_after_an_order_call(reply: str) -> None:
    """A call that creates the order backs the claim."""
    assert [] == of_type("fabricated_tool_call", reply, STOCK, ORDER)


def test_a_field_made_from_a_verb_still_names_the_act() -> None:
    """"assignee" is who the call assigns: "I've assigned T-9 to Kim" is backed."""
    assert [] == findings("I've assigned T-9 to Kim.", TICKET)
