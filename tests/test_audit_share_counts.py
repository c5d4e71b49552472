"""Counts of a share and counts written as a multiplier (sentences of our own, other
domains and tools): Chinese 占 ("accounts for") and 各 ("each") count part of the items,
a result's "x4" / "×4" states a quantity, and a number before a month is a date; (type,
rule, span) of each finding."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

C = "count_mismatch"
ITEMS = "count.item_count"

ALARMS = ok("bms_alarm_history", "\n".join(
    f"ALM-{n}  room-{room}  {level}" for n, (room, level) in enumerate(
        [("A", "high"), ("A", "low"), ("A", "low"), ("B", "high"), ("B", "low"),
         ("C", "high"), ("C", "low"), ("D", "low"), ("D", "high")], start=1)),
    {"site": "dc-2"})
CREW = ok("charter_manifest_get", "TAIL N812QA  PIC R. Lee  SIC T. Moss  CA x4  PAX 38",
          {"trip": "Q-55"})
MEALS = ok("catering_order_get", "order C-19: vegetarian x3, halal ×2, standard x40",
           {"order": "C-19"})

# (language, reply, events, expected count findings as (type, rule, span text))
CASES: list[tuple[str, str, list[ToolEvent], Expected]] = [
    ("zh", "今天 9 条告警里，机房 A 占了三条，机房 B、C 和 D 各两条。", [ALARMS], []),
    ("zh", "机房 A 的告警占了 3 条。", [ALARMS], []),
    # zh: the same number said of the whole is still checked.
    ("zh", "今天一共三条告警。", [ALARMS], [(C, ITEMS, "三条告警")]),
    # a multiplier in the result states the quantity, in any language.
    ("en", "There are 4 cabin attendants on this charter.", [CREW], []),
    ("zh", "另有 4 名乘务员随机。", [CREW], []),
    ("es", "Van 3 menús vegetarianos y 2 halal en el pedido.", [MEALS], []),
    ("zh", "订单里有 3 份素食餐。", [MEALS], []),
    # en: a number before a month is a day of a date, not a count of months.
    ("en", "The catering order was confirmed on 2 December and changed on 3 Dec.", [MEALS], []),
]


@pytest.mark.parametrize(("language", "reply", "events", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_share_and_multiplier_counts(language: str, reply: str, events: list[ToolEvent],
                                     expected: Expected) -> None:
    """Each reply gets exactly the count findings of its row, with their spans."""
    assert expected == of_type(C, reply, *events)
