"""Chinese counts read with the measure words of animals, vehicles, plants, buildings and
households (只 头 匹 辆 艘 棵 栋 户 ...), a closed class: "8 只动物" over nine listed animals
is a count mismatch, the right count no finding. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

HERD = ok("herd_list", json.dumps([{"tag": f"C-{n}", "kind": kind} for n, kind in enumerate(
    ["奶牛", "奶牛", "奶牛", "肉牛", "肉牛"])]))
FLEET = ok("fleet_status", json.dumps([{"plate": f"沪A-{n}", "state": "在线"} for n in range(6)]))
ORCHARD = ok("orchard_trees", "\n".join(["T1 苹果", "T2 苹果", "T3 梨", "T4 梨"]))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("牧场一共 4 头牛：3 头奶牛和 2 头肉牛。", HERD, "4 头牛"),
    ("车队现在有 7 辆车在线。", FLEET, "7 辆车在线"),
    ("果园里一共 5 棵树。", ORCHARD, "5 棵树"),
])
def test_a_wrong_count_with_a_measure_word(reply: str, event: ToolEvent, span: str) -> None:
    """A count told with the measure word of its things is compared with the listing."""
    assert [("count_mismatch", "count.item_count", span)] == of_type(
        "count_mismatch", reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("牧场一共 5 头牛：3 头奶牛和 2 头肉牛。", HERD),
    ("车队 6 辆车都在线。", FLEET),
    ("果园里一共 4 棵树：2 棵苹果、2 棵梨。", ORCHARD),
])
def test_a_right_count_with_a_measure_word(reply: str, event: ToolEvent) -> None:
    """The listing's own size, or its parts, told with the measure word: no finding."""
    expected: Expected = []
    assert expected == of_type("count_mismatch", reply, event)
