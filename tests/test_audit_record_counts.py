"""Counts over a record of figures: a breakdown's total, or a figure of an itemless result."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

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
