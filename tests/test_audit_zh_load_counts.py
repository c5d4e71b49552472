"""车 after a numeral counts loads ("进了 5 车": five truckloads, each a delivery the result
lists as a row), unless it begins a noun of its own (车间, 车道, 车位...). Sentences and
tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

DELIVERIES = ok("yard_intake", "date,hauler,material,kg\n2026-03-02,顺达,钢筋,9100\n"
                "2026-03-03,顺达,水泥,12000\n2026-03-04,华运,砂石,15500\n"
                "2026-03-05,顺达,钢筋,8700\n")
TANKS = ok("tank_list", '[{"tank": "T1", "state": "full"}, {"tank": "T2", "state": "empty"}]')


@pytest.mark.parametrize(("reply", "expected"), [
    ("这周工地一共进了 5 车料。", [("count_mismatch", "count.item_count", "5 车料")]),
    ("本周共到货三车。", [("count_mismatch", "count.item_count", "三车")]),
])
def test_a_count_of_loads_against_the_deliveries(reply: str, expected: Expected) -> None:
    """A count of loads is compared with the rows of deliveries the result lists."""
    assert expected == [f for f in findings(reply, DELIVERIES) if f[0] == "count_mismatch"]


@pytest.mark.parametrize(("reply", "event"), [
    ("这周工地一共进了 4 车料，其中 3 车是顺达的。", DELIVERIES),   # the whole, and a part
    ("二车间的两个罐里，T1 是满的。", TANKS),                        # 车间 is a workshop
    ("进场道路是双向两车道。", DELIVERIES),                          # 车道 is a lane
])
def test_loads_counted_right_or_no_count_of_loads(reply: str, event: object) -> None:
    """The right count of loads, a part of it, or 车 beginning a noun: no count_mismatch."""
    assert [] == [f for f in findings(reply, event)  # type: ignore[arg-type]
                  if f[0] == "count_mismatch"]
