"""Items counted in a state of nothing ('two slots are empty') over rows whose figure is 0."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

VENDING = ok("vending_status", '[{"slot": "A1", "item": "water", "qty": 0}, '
                               '{"slot": "A2", "item": "cola", "qty": 6}, '
                               '{"slot": "B1", "item": "chips", "qty": 0}]')
TANKS = ok("tank_levels", "tank,product,litres\nT1,diesel,0\nT2,petrol,8200\nT3,adblue,0\n"
                          "T4,diesel,3100")
BINS = ok("contenedores", '[{"id": "C-1", "kg": 0}, {"id": "C-2", "kg": 0}, '
                          '{"id": "C-3", "kg": 40}]')


@pytest.mark.parametrize(("reply", "result"), [
    ("Two slots are empty.", VENDING),
    ("Two of the four tanks are empty right now.", TANKS),
    ("2 tanks are completely empty; T2 holds 8,200 litres.", TANKS),
    ("Dos contenedores están vacíos.", BINS),
])
def test_a_count_of_items_said_empty_counts_the_zero_rows(reply: str,
                                                          result: ToolEvent) -> None:
    """The count equals the rows holding a 0 in one column, and the absence after it is
    those items' state: neither a count of all items nor a denial of the result."""
    assert [] == findings(reply, result)


@pytest.mark.parametrize(("reply", "result", "expected"), [
    # Three is every slot: the count is the listing's, the emptiness a denial of it.
    ("Three slots are empty.", VENDING,
     [("false_absence", "absence.result_has_items", "are empty")]),
    ("Three tanks are empty.", TANKS,
     [("count_mismatch", "count.item_count", "Three tanks"),
      ("false_absence", "absence.result_has_items", "are empty")]),
])
def test_a_count_of_empty_items_no_zero_rows_make_is_still_held(
        reply: str, result: ToolEvent, expected: Expected) -> None:
    """More items said empty than rows holding a 0: both claims are checked as before."""
    assert expected == findings(reply, result)


ROOMS = ok("room_bookings", '{"rooms": [{"room": "Aula 1", "bookings": []}, '
                            '{"room": "Aula 2", "bookings": [{"from": "09:00", "by": "Ortiz"}]}, '
                            '{"room": "Aula 3", "bookings": []}]}')
CARTS = ok("cart_status", '[{"cart": "K1", "charge_pct": 0}, {"cart": "K2", "charge_pct": 80}, '
                          '{"cart": "K3", "charge_pct": 64}]')


@pytest.mark.parametrize(("reply", "result"), [
    ("Two rooms are free all day.", ROOMS),
    ("Dos aulas están libres todo el día.", ROOMS),
    ("One cart is flat.", CARTS),
])
def test_a_count_of_items_in_a_state_the_result_does_not_name_is_unclear(
        reply: str, result: ToolEvent) -> None:
    """Below the listing, a predicate no item's words hold ('free', 'flat'), and as many
    items leaving one field empty ([] bookings, a 0 charge): unclear, so no finding."""
    assert [] == findings(reply, result)


@pytest.mark.parametrize(("reply", "expected"), [
    # "booked" is the result's own word ("bookings"): read by the kinds' rules, not here.
    ("Two rooms are booked.", [("count_mismatch", "count.item_count", "Two rooms")]),
    ("Four rooms are free.", [("count_mismatch", "count.item_count", "Four rooms")]),
])
def test_a_state_the_result_names_or_no_empty_field_makes_is_still_held(
        reply: str, expected: Expected) -> None:
    """The predicate's word held by the items, or a count no empty field gives: checked."""
    assert expected == findings(reply, ROOMS)
