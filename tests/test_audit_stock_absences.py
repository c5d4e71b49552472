"""An absence of the state of none left ('nothing is out of stock', 'nothing's run out',
'no hay nada agotado') is judged on the result's stock column: a row at zero refutes it."""

from __future__ import annotations

import pytest

from tests.audit_rules import of_type, ok

STOCK = ok("inventory_check", "sku     item                       qty  unit    reorder_at\n"
                              "TC-001  Nitrile gloves M           14   box     6\n"
                              "TC-014  Hydrogel dressing 10x10cm  0    pc      20\n"
                              "TC-015  Non-adherent pad 5x5cm     64   pc      30\n")
STOCKED = ok("inventory_check", "sku     item                       qty  unit    reorder_at\n"
                                "TC-001  Nitrile gloves M           14   box     6\n"
                                "TC-015  Non-adherent pad 5x5cm     64   pc      30\n")


@pytest.mark.parametrize("reply", [
    "Nothing is out of stock.",
    "Nothing's run out, but a few are under their reorder level.",
    "Nothing has run out.",
])
def test_none_left_denied_over_a_row_at_zero(reply: str) -> None:
    """A stock column at 0 in one row refutes 'nothing is out of stock'."""
    assert ["absence.result_has_items"] == [f[1] for f in of_type("false_absence", reply,
                                                                  STOCK)]


@pytest.mark.parametrize("reply", ["Nothing is out of stock.", "Nothing's run out."])
def test_none_left_denied_over_stock_with_no_zero(reply: str) -> None:
    """Every row with some stock: the absence holds."""
    assert [] == of_type("false_absence", reply, STOCKED)


def test_a_named_row_at_zero_is_its_own_state() -> None:
    """'后刹车片库存是 0，没货了' is said of the row it names, not of every item."""
    parts = ok("parts_stock", "sku,品名,库位,库存,单价\nMB-BP-R108,后刹车片,D-04,0,420.00\n"
                              "MB-BP-F108,前刹车片,D-04,2,380.00\n")
    assert [] == of_type("false_absence", "后刹车片（MB-BP-R108）库存是 0，没货了。", parts)
