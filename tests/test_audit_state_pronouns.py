"""A negative pronoun and an adjective of an item's state ("nothing overdue", "none is
pending", "nothing open") deny items in that state: false when a result writes that state
as an item's value; no finding when none does, nor when the state is only a key (a
balance's "pending" amounts), in results of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

LOANS = ok("patron_loans", "barcode,title,due,status\n3129,The Covenant of Water,2026-12-12,"
                           "on_loan\n3130,Orbital,2026-11-30,overdue\n", {"card": "2900177402"})
RETURNED = ok("patron_loans", "barcode,title,due,status\n3129,The Covenant of Water,"
                              "2026-12-12,on_loan\n3131,Tom Lake,2026-12-17,on_loan\n",
              {"card": "2900177402"})
INVOICES = ok("invoices_list", json.dumps([{"id": "A", "status": "paid"},
                                           {"id": "B", "status": "pending"}]))
TICKETS = ok("ticket_search", json.dumps([{"id": "T-1", "state": "open"},
                                          {"id": "T-2", "state": "closed"}]))
BALANCE = ok("balance", json.dumps({"available": [{"amount": 80410, "currency": "eur"}],
                                    "pending": [{"amount": 221390, "currency": "usd"},
                                                {"amount": 0, "currency": "eur"}]}))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("Nothing overdue on that card; both books are out.", LOANS, "Nothing overdue"),
    ("None are overdue.", LOANS, "None are overdue"),
    ("Nothing is pending: all invoices are settled.", INVOICES, "Nothing is pending"),
    ("Nothing open in the queue.", TICKETS, "Nothing open"),
])
def test_an_item_in_the_denied_state_makes_it_false(reply: str, event: object,
                                                    span: str) -> None:
    """An item whose value is the denied state contradicts the absence."""
    assert [("false_absence", "absence.result_has_items", span)] == findings(
        reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event"), [
    ("Nothing overdue on that card.", RETURNED),
    ("On the EUR side, €804.10 available and nothing pending.", BALANCE),
])
def test_no_item_in_that_state_is_no_finding(reply: str, event: object) -> None:
    """No item holds the state (a key of that name is no item in it)."""
    assert [] == findings(reply, event)  # type: ignore[arg-type]
