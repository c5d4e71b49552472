"""The reply's own table: a cell that is a quantity times a unit figure of its row, and a
total of one of its columns (a value, or a count that is a quantity), are the reply's
arithmetic on its own cells, in tables of our own; a total no column gives is still wrong."""

from __future__ import annotations

import pytest
from audit_rules import findings, of_type, ok

STOCK = ok("stock_lookup", "sku,name,on_hand\nR-1,Iceberg,9\nR-2,Wood,7\nR-3,Jekyll,4\n")
PRICES = ok("price_list", "sku,unit_cost_gbp\nR-1,5.20\nR-2,6.90\nR-3,6.40\n")
ROOMS = ok("room_rates", "room,nightly_eur\nSea view,95.00\nGarden,80.00\n")

ROSES = ("| Rose | On hand | To order | Unit | Line |\n|---|---|---|---|---|\n"
         "| Iceberg | 9 | 21 | £5.20 | £109.20 |\n| Wood | 7 | 23 | £6.90 | £158.70 |\n"
         "| Jekyll | 4 | 26 | £6.40 | £166.40 |\n\n")
STAYS = ("| Room | Nights | Rate | Cost |\n|---|---|---|---|\n"
         "| Sea view | 3 | €95.00 | €285.00 |\n| Garden | 2 | €80.00 | €160.00 |\n\n")


@pytest.mark.parametrize(("reply", "events"), [
    (ROSES + "That's **70 plants for £434.30** in all.", (STOCK, PRICES)),
    (ROSES + "In all, 70 roses cost £434.30.", (STOCK, PRICES)),
    (STAYS + "Five nights in all, €445.00 together.", (ROOMS,)),
    (STAYS + "En total, 5 noches por 445,00 €.", (ROOMS,)),
])
def test_row_products_and_column_totals_are_the_replys_arithmetic(reply: str,
                                                                   events: tuple) -> None:
    """Line costs (quantity × unit) and the totals of the quantity and cost columns."""
    assert [] == findings(reply, *events)


def test_a_total_no_column_gives_is_still_ungrounded() -> None:
    """£534.30 is no column's total (the line costs sum to £434.30)."""
    assert [("ungrounded_value", "value.not_in_results", "£534.30")] == of_type(
        "ungrounded_value", ROSES + "That's 70 plants for £534.30.", STOCK, PRICES)


def test_a_line_cost_no_row_gives_is_still_ungrounded() -> None:
    """£176.40 is not 26 × £6.40."""
    reply = ROSES.replace("£166.40", "£176.40") + "Order today."
    assert [("ungrounded_value", "value.not_in_results", "£176.40")] == of_type(
        "ungrounded_value", reply, STOCK, PRICES)
