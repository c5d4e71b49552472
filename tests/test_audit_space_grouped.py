"""Numbers whose thousands are grouped by spaces (fr, de, ru, sv, pl... and SI), read whole.

"7 435,65 $" is one amount, 7435.65, not 7 and 435.65: a no-break space between a digit
and three more always groups thousands; a plain space does in a number that ends in a
decimal comma. Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.audit.claims.numbers import join_space_groups

INVOICE = ok("billing_invoice", json.dumps({"invoice": "F-2291", "amount": 12480.5,
                                             "currency": "EUR"}))
ROUTE = ok("route_planner", json.dumps({"from": "Lyon", "to": "Bordeaux",
                                        "distance_km": 1250, "hours": 12.5}))


@pytest.mark.parametrize(("text", "expected"), [
    ("7 435,65 $", "7.435,65 $"),                      # plain space, decimal comma
    ("1\u202f250 km", "1,250 km"),                      # narrow no-break space
    ("12\u00a0480,50 €", "12.480,50 €"),                # no-break space, decimal comma
    ("sur 6 namespaces", "sur 6 namespaces"),          # no group at all
    ("2 100,000 rows", "2 100,000 rows"),              # three decimals: two numbers
    ("between 3 and 450 items", "between 3 and 450 items"),
    ("ids 12 345 678", "ids 12 345 678"),              # plain spaces, no decimal comma
])
def test_space_grouped_thousands_are_joined(text: str, expected: str) -> None:
    """Only the spaces that group thousands become separators; the length is kept."""
    assert expected == join_space_groups(text)


@pytest.mark.parametrize(("reply", "expected"), [
    ("El importe de la factura F-2291 es de 12 480,50 €.", []),
    ("El importe de la factura F-2291 es de 12\u00a0480,50 €.", []),
    ("El importe de la factura F-2291 es de 12 840,50 €.",
     [("ungrounded_value", "value.not_in_results", "12 840,50 €")]),
])
def test_a_space_grouped_amount_is_one_value(reply: str, expected: Expected) -> None:
    """A space-grouped amount is grounded by the same amount in the result, and a
    different one is a single ungrounded value (not two numbers)."""
    assert expected == of_type("ungrounded_value", reply, INVOICE)


def test_a_no_break_grouped_distance_is_one_value() -> None:
    """"1 250 km" with a narrow no-break space is 1250 km."""
    assert [] == of_type("ungrounded_value",
                         "The route is 1\u202f250 km, about 12.5 hours.", ROUTE)
