"""A count followed by a total word and a figure ("两个冷库一共 12 包", "三个库房合计 8,729
份") counts the groups the total is taken over, not the listed items: no finding for it.
Without a total after it, the count is compared with the listing. Our own sentences."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

PACKS = ok("cold_store.bales", "包号    品种    净重kg  位置\n" + "\n".join(
    f"B-{2600 + n}  {'大花' if n % 2 else '奇努克'}  6{n % 10}.5  {1 if n <= 6 else 2}号冷库"
    for n in range(1, 13)))


@pytest.mark.parametrize(("reply", "expected"), [
    ("两个冷库一共 12 包。", []),
    ("两个冷库加起来 12 包，1号冷库 6 包。", []),
    # No total after it: the count is compared with the listing as before.
    ("两个冷库，温度都在 2 ℃ 左右。", [("count_mismatch", "count.item_count", "两个冷库")]),
])
def test_the_groups_a_total_is_taken_over(reply: str, expected: Expected) -> None:
    """The count before 一共/合计/加起来 and a figure is no count of the rows."""
    assert expected == of_type("count_mismatch", reply, PACKS)
