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


CHOIR = ok("choir.members", "name,part\n" + "\n".join(f"成员{n},S" for n in range(7)))


def test_a_count_of_persons_with_ren() -> None:
    """'一共 6 人' over seven listed members: 人 after digits counts persons, as 名 does."""
    assert [("count_mismatch", "count.item_count", "6 人")] == of_type(
        "count_mismatch", "女高音一共 **6 人**。", CHOIR)


@pytest.mark.parametrize("reply", [
    "女高音一共 7 人。",
    # 人 in a compound: a rowing eight, a room for four, a trio.
    "女子新手八人的训练在 9:30。",
    "订的是四人间，三人组那边另算。",
    "预算 8 人民币一份。",
])
def test_ren_in_a_right_count_or_a_compound(reply: str) -> None:
    """The right count of persons, or 人 inside a compound or after a number word: no
    finding."""
    expected: Expected = []
    assert expected == of_type("count_mismatch", reply, CHOIR)


HIVES = ok("hive_scale.read",
           json.dumps([{"hive": f"A{n}", "weight_kg": 40 + n} for n in range(9)]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("屋顶 **8 箱**都有读数，最轻的是 A0。", [("count_mismatch", "count.item_count", "8 箱")]),
    ("屋顶 9 箱都有读数，最轻的是 A0。", []),
])
def test_xiang_counts_boxes_and_hives(reply: str, expected: Expected) -> None:
    """箱 is a measure word of boxes, cases and hives: "8 箱" over nine hives is a miscount."""
    assert expected == of_type("count_mismatch", reply, HIVES)


SPARES = ok("spares.stock", "part_no,name,qty,min_qty\nPB-ENC-02,变桨编码器,3,2\n"
                            "PB-MOT-11,变桨电机,1,1\nPB-BAT-07,变桨后备电池组,6,4\n"
                            "PB-SLR-01,滑环,0,1\nPB-CBL-04,变桨柜电缆组件,5,2\n")


@pytest.mark.parametrize(("reply", "expected"), [
    # The row named by its noun's head just before the count: one of its cells.
    ("编码器没问题：库里有 3 个，修 KR-12 够用。", []),
    ("库里一共 3 个品种的备件。", [("count_mismatch", "count.item_count", "3 个品种的备件")]),
])
def test_a_count_after_the_head_of_a_rows_name(reply: str, expected: Expected) -> None:
    """"编码器…库里有 3 个" reads 变桨编码器's row (its last three characters name it); a
    count of the kinds is still checked."""
    assert expected == of_type("count_mismatch", reply, SPARES)
