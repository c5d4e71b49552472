"""A count whose predicate names a state the result's items are sorted by ("6 个在发酵" over
states 发酵中, "4 台已离线", "6 tanques están fermentando") counts that kind; above the
kind's size it is wrong, even after a whole its sentence states ("8 个罐里") or beside a
subset word. Chinese states are matched without their aspect markers (在, 已, 中, 了).
Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

ZH = ["发酵中", "发酵中", "发酵中", "冷藏", "冷藏", "空罐", "发酵中", "发酵中"]
ES = ["fermentando"] * 3 + ["en frío"] * 2 + ["vacío"] + ["fermentando"] * 2
TANKS_ZH = ok("tank_list", json.dumps([{"tank": f"T{i}", "state": s}
                                        for i, s in enumerate(ZH, 1)], ensure_ascii=False))
TANKS_ES = ok("tank_list", json.dumps([{"tanque": f"T{i}", "estado": s}
                                        for i, s in enumerate(ES, 1)], ensure_ascii=False))
DEVICES = ok("device_list", json.dumps(
    [{"dev": f"D{i}", "status": "离线" if i in (2, 4, 5) else "在线"} for i in range(1, 11)],
    ensure_ascii=False))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("8 个罐里，目前有 6 个在发酵。", TANKS_ZH,
     [("count_mismatch", "count.item_count", "6 个在发酵")]),
    ("一共 8 个罐，3 个在冷藏。", TANKS_ZH, [("count_mismatch", "count.item_count", "3 个在冷藏")]),
    ("10 台设备里有 4 台已离线。", DEVICES, [("count_mismatch", "count.item_count", "4 台已离线")]),
    ("Hay 8 tanques y 6 tanques están fermentando.", TANKS_ES,
     [("count_mismatch", "count.item_count", "6 tanques")]),
])
def test_a_count_above_its_state(reply: str, event: object, expected: Expected) -> None:
    """More items said in a state than the result holds in it: count_mismatch."""
    assert expected == findings(reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event"), [
    ("8 个罐里，目前有 5 个在发酵。", TANKS_ZH),
    ("10 台设备里有 3 台已离线。", DEVICES),
    ("8 个罐里有 6 个发酵罐。", TANKS_ZH),          # a compound noun (fermenters), no state
    ("Hay 8 tanques y 5 tanques están fermentando.", TANKS_ES),
])
def test_a_count_equal_to_its_state_or_naming_none(reply: str, event: object) -> None:
    """The state's own size, or a noun that names no state: no finding."""
    assert [] == findings(reply, event)  # type: ignore[arg-type]
