"""A dot between digits in English or Chinese is a decimal point: '1.052' is never 1052."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

POOL = ok("pool_chem", '{"ph": 7.214, "target_ph": 7.2, "samples": 12, "chlorine_ppm": 1.8}')
WORT = ok("fermenter", '[{"tank": "FV-2", "sg": 1.05, "og": 1.062, "day": 2}, '
                       '{"tank": "FV-3", "sg": 1.031, "og": 1.055, "day": 9}]')
STOCK = ok("stock_count", "sku,units\nA-1,1012\nA-2,640")


@pytest.mark.parametrize(("reply", "result", "expected"), [
    # 7214 + 12 would make 7226 if the dot grouped thousands.
    ("The pool's pH is 7.226, just over the 7.2 target.", POOL,
     [("ungrounded_value", "value.not_in_results", "7.226")]),
    # 1055 - 9 = 1046. The sentence names FV-3's row, whose gravity it misreads.
    ("FV-3 is down to 1.046 from an OG of 1.055.", WORT,
     [("ungrounded_value", "value.misreads_its_row", "1.046")]),
    ("泳池的 pH 是 7.226，略高于目标 7.2。", POOL,
     [("ungrounded_value", "value.not_in_results", "7.226")]),
])
def test_a_dotted_value_is_read_as_a_decimal_only(reply: str, result: ToolEvent,
                                                 expected: Expected) -> None:
    """Read as a decimal, the value is in no result and derived from none."""
    assert expected == of_type("ungrounded_value", reply, result)


@pytest.mark.parametrize(("reply", "result"), [
    ("The pool's pH is 7.214 over 12 samples.", POOL),
    ("FV-2 sits at 1.05 against an OG of 1.062.", WORT),
    ("A-1 has 1,012 units on hand.", STOCK),
    # Spanish groups thousands with a dot.
    ("El A-1 tiene 1.012 unidades en stock.", STOCK),
])
def test_decimals_and_comma_grouped_thousands_stay_grounded(reply: str,
                                                            result: ToolEvent) -> None:
    """A decimal the result holds, and thousands grouped as the language groups them, are
    grounded."""
    assert [] == of_type("ungrounded_value", reply, result)


@pytest.mark.parametrize("reply", [
    "FV-3 has dropped 0.012 since brew day.",
    "FV-2 sits 0.003 above its target.",
    "FV-2 和目标差 0.003。",
])
def test_a_difference_of_json_decimals_is_grounded(reply: str) -> None:
    """A JSON number is never grouped: 1.064 - 1.052 is 0.012, not a difference of
    thousands."""
    gravities = ok("fermenter", '[{"tank": "FV-2", "sg": 1.014, "target_fg": 1.011}, '
                                '{"tank": "FV-3", "sg": 1.052, "og": 1.064}]')
    assert [] == of_type("ungrounded_value", reply, gravities)
