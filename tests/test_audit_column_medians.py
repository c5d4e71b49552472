"""A column's median is a derivation of the result, as its sum and mean are: "the median
is £250" over ten sale prices is grounded; a median the column does not give is not.
Results and sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

V, RULE = "ungrounded_value", "value.not_in_results"
SALES = ok("market.sold_listings", "\n".join(
    ["listing  condition  price_gbp"]
    + [f"L-{i:02d}     used       {price}"
       for i, price in enumerate((145, 180, 210, 235, 245, 255, 295, 320, 365, 410), 1)]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Ten sold in the last 90 days, from £145 to £410; the median is £250.", []),
    ("Ten sold in the last 90 days, from £145 to £410; the median is £252.50.",
     [(V, RULE, "£252.50")]),
])
def test_a_columns_median_is_grounded(reply: str, expected: Expected) -> None:
    """The middle of the sorted column (mean of the two middle prices) grounds the median."""
    assert expected == of_type(V, reply, SALES)
