"""Counts over a record of figures: a breakdown's total, or a figure of an itemless result."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

CLINIC = ok("clinic_day", '{"date": "2026-12-04", "visits": {"walk_in": 12, "booked": 30}, '
                          '"no_shows": 4, "avg_wait_min": 18.5}')
DEPOT = ok("depot_summary", '{"shipments": {"ground": 18, "air": 7, "freight": 3}, '
                            '"damaged": 2, "late": 5}')
REFUGIO = ok("estadisticas", '{"adopciones": {"perros": 25, "gatos": 17}, "devoluciones": 3}')
ORDERS = ok("order_list", '{"orders": [{"id": "A-1"}, {"id": "A-2"}, {"id": "A-3"}], '
                          '"sessions": {"web": 40, "app": 25}, "refunds": 4}')


@pytest.mark.parametrize(("reply", "result"), [
    ("The clinic saw 42 visits yesterday; four patients didn't turn up.", CLINIC),
    ("28 shipments went out, and two parcels came back damaged.", DEPOT),
    ("Hubo 42 adopciones y tres animales volvieron.", REFUGIO),
    # A breakdown's total holds beside a list too: 40 + 25 sessions.
    ("3 orders came in from 65 sessions.", ORDERS),
    # A noun no word of the record names: the total of any breakdown is a figure read.
    ("The clinic saw 42 patients yesterday.", CLINIC),
    ("Of the 28 parcels that went out, two came back damaged.", DEPOT),
    ("42 animales encontraron hogar.", REFUGIO),
])
def test_a_count_read_from_a_record_of_figures_is_consistent(reply: str,
                                                            result: ToolEvent) -> None:
    """A count that totals the breakdown its noun names, or equals a figure of a result
    with no list (in words too), is a figure read, not a number of items."""
    assert [] == of_type("count_mismatch", reply, result)


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("The clinic saw 45 visits yesterday.", CLINIC,
     [("count_mismatch", "count.item_count", "45 visits")]),
    ("Nine parcels came back damaged.", DEPOT,
     [("count_mismatch", "count.item_count", "Nine parcels")]),
    # The noun names another breakdown's key: its own total is the figure to match.
    ("28 visits yesterday.", ok("day", '{"visits": {"walk_in": 12, "booked": 30}, '
                                      '"shipments": {"ground": 18, "air": 10}}'),
     [("count_mismatch", "count.item_count", "28 visits")]),
    # Beside a list, a figure elsewhere in the result does not ground a count in words.
    ("Four orders came in.", ORDERS,
     [("count_mismatch", "count.item_count", "Four orders")]),
])
def test_a_count_no_figure_of_the_record_grounds_is_still_a_mismatch(
        reply: str, result: ToolEvent, expected: Expected) -> None:
    """Neither a breakdown's total nor a figure of the record: the count is held as before."""
    assert expected == of_type("count_mismatch", reply, result)


GARAGE = ok("parking_levels", '{"garage": "North", "levels": {"P1": {"spaces": 120, "free": 0}, '
                              '"P2": {"spaces": 140, "free": 37}, '
                              '"P3": {"spaces": 140, "free": 88}}}')
WARDS = ok("ward_beds", '{"wards": {"A": {"beds": 20, "empty": 3}, "B": {"beds": 24, "empty": 5}}}')


@pytest.mark.parametrize(("reply", "result"), [
    ("P2 has 37 free spaces and P3 has 88.", GARAGE),
    ("125 spaces are free across the garage.", GARAGE),
    ("Of 400 spaces, 125 are free.", GARAGE),
    ("Ward B has 5 empty beds; 8 beds are empty in all.", WARDS),
    ("Hay 44 camas en total.", WARDS),
])
def test_a_figure_named_by_the_counts_words_or_its_rows_total_is_consistent(
        reply: str, result: ToolEvent) -> None:
    """A key a word of the count's phrase names ('free', 'empty') holds the count or adds
    up to it over the members of an object keyed by their names (levels P1, P2, P3)."""
    assert [] == [f for f in findings(reply, result)
                  if f[0] in ("count_mismatch", "ungrounded_value")]


@pytest.mark.parametrize(("reply", "expected"), [
    ("P2 has 38 free spaces.", [("count_mismatch", "count.item_count", "38 free spaces")]),
    ("Of 420 spaces, 125 are free.", [("ungrounded_value", "value.not_in_results", "420")]),
])
def test_a_figure_no_named_key_holds_is_still_held(reply: str, expected: Expected) -> None:
    """Neither a named key's figure nor its total over the members: still a finding."""
    assert expected == [f for f in findings(reply, GARAGE)
                        if f[0] in ("count_mismatch", "ungrounded_value")]
