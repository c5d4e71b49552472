"""Counts that are parts of a whole: counts of one noun that add up to a larger count of
it the reply gave, and the rows a yes/no field marks."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import of_type, ok

PALLETS = ok("wms_lot_trace", "pallet     location   cases  status\n"
                              "PL-884102  C2-14-03   48     stored\n"
                              "PL-884103  C2-14-04   48     stored\n"
                              "PL-884107  C2-15-01   48     stored\n"
                              "PL-884108  P-C2-07    22     picking\n"
                              "PL-884104  -          48     shipped\n"
                              "PL-884105  -          26     shipped\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Lot 2608-KB is on 6 pallets.\n\n**Still on site (4 pallets)**\n- in reserve\n\n"
     "**Already shipped (2 pallets)**\n- to Harlow Foods", []),
    ("Lot 2608-KB is on 6 pallets.\n\n**Still on site (5 pallets)**\n- in reserve\n\n"
     "**Already shipped (2 pallets)**\n- to Harlow Foods", ["count.item_count"]),
])
def test_counts_that_add_up_to_the_whole(reply: str, expected: list[str]) -> None:
    """4 and 2 pallets after '6 pallets' are its parts; 5 and 2 do not add up to it."""
    assert expected == [f[1] for f in of_type("count_mismatch", reply, PALLETS)]


DONORS = ok("donorbox_export", json.dumps([
    {"donor": "M. Pryce", "amount_gbp": 250.0, "gift_aid": True},
    {"donor": "Anonymous", "amount_gbp": 40.0, "gift_aid": False},
    {"donor": "Kittiwake Rotary Club", "amount_gbp": 1200.0, "gift_aid": False},
    {"donor": "J. Threlfall", "amount_gbp": 75.0, "gift_aid": True},
    {"donor": "S. Moyo", "amount_gbp": 25.0, "gift_aid": True},
]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Three donors ticked Gift Aid.", []),
    ("Two donors did not tick Gift Aid.", []),
    ("Four donors ticked Gift Aid.", ["count.item_count"]),
])
def test_the_rows_a_yes_no_field_marks(reply: str, expected: list[str]) -> None:
    """A count whose sentence names the gift_aid field is how many rows hold it true or
    false; another number is a miscount."""
    assert expected == [f[1] for f in of_type("count_mismatch", reply, DONORS)]


COLOURS = ok("stock_query", "色号,名称,库存_盒,补货线_盒\n312,棕色,2,6\n305,黑色,9,4\n"
                            "310,灰色,7,4\n318,米色,6,5\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("只有 312 号（棕色）低于补货线：还剩两盒。其他三种都还够。", []),
    ("Only 312 is below its reorder line; the other 3 are fine.", []),
    ("只有 312 号（棕色）低于补货线：还剩两盒。其他五种都还够。", ["count.item_count"]),
])
def test_the_rest_of_a_listing(reply: str, expected: list[str]) -> None:
    """'其他三种' after naming one of four rows is the rest of the listing; 'other five'
    of a four-row listing is a miscount."""
    assert expected == [f[1] for f in of_type("count_mismatch", reply, COLOURS)]
