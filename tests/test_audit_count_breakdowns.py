"""Counts that are no count of a result's items: a part in the list a whole's colon opens,
the figure of a "<noun>数" column, the second number of a range. Sentences of our own;
rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

APPOINTMENTS = ok("clinic_appointments", json.dumps({"date": "2026-12-06", "appointments": [
    {"time": time, "pet": pet} for time, pet in [
        ("09:00", "Rex"), ("09:30", "Mia"), ("10:15", "Coco"), ("11:00", "Bun"),
        ("14:00", "Max"), ("15:30", "Kit")]]}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("明天一共 6 个预约：\n\n- 上午 4 个，下午 2 个；\n- Rex 打疫苗。", []),
    ("明天一共 6 个预约：\n1. 上午 4 个\n2. 下午 2 个", []),
    ("Mañana hay 6 citas:\n\n- 4 citas por la mañana y 2 por la tarde;\n- Rex se vacuna.", []),
    ("There are 6 appointments tomorrow:\n- 4 appointments in the morning\n- 2 in the "
     "afternoon", []),
    # No colon opens the list: the count is compared with the listing as before (one
    # short of it: two or more short reads as a part of it anyway).
    ("Mañana hay 6 citas.\n\n- 5 citas por la mañana y 1 por la tarde.",
     [("count_mismatch", "count.item_count", "5 citas")]),
    ("明天一共 6 个预约。\n\n- 上午 5 个，下午 1 个；",
     [("count_mismatch", "count.item_count", "5 个")]),
    # The whole itself is still compared.
    ("Mañana hay 7 citas:\n\n- 4 citas por la mañana y 3 por la tarde.",
     [("count_mismatch", "count.item_count", "7 citas")]),
])
def test_a_part_in_the_list_a_colon_opens(reply: str, expected: Expected) -> None:
    """A whole's line ending in a colon opens a list; a smaller count on its list lines is
    a part of that whole, not a count of the result's items."""
    assert expected == of_type("count_mismatch", reply, APPOINTMENTS)


DEPARTMENTS = ok("payroll_dept_summary", "部门,人数,应发合计\n研发中心,58,1284600.00\n"
                 "销售部,41,736920.00\n运营部,27,351900.00\n财务部,9,128700.00\n行政部,12,139200.00")
VOTES = ok("poll_results", "候选项,票数\nA 方案,31\nB 方案,17\nC 方案,4")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("人数最少的是财务部，9 个人。", DEPARTMENTS, []),
    ("行政部有 12 个人。", DEPARTMENTS, []),
    ("C 方案只拿到 4 张票，A 方案 31 张票。", VOTES, []),
    ("一共有 7 个部门。", DEPARTMENTS, [("count_mismatch", "count.item_count", "7 个部门")]),
])
def test_a_one_character_noun_names_its_number_column(reply: str, event: ToolEvent,
                                                      expected: Expected) -> None:
    """"<noun>数" is "the number of <noun>": a count of that one-character noun (人, 票)
    reads the column's figure; a count of the rows' own noun is still compared."""
    assert expected == of_type("count_mismatch", reply, event)


READINGS = ok("meter_readings", "date,reading\n2026-06-02,412\n2026-08-03,431\n"
              "2026-10-01,447\n2026-12-01,466")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Es normal para un hogar de dos o tres personas.", []),
    ("Es normal para un hogar de 2 o 3 personas.", []),
    ("Caben siete u ocho personas.", []),
    ("That is normal for a household of two or three people.", []),
    ("这对于两三个人的家庭来说很正常。", []),
    ("这对于 2 到 3 个人的家庭来说很正常。", []),
    ("大概够三四个人用。", []),
    ("够 2～3 个人用。", []),
    # A single number is a count as before.
    ("Hay 5 lecturas en la tabla.", [("count_mismatch", "count.item_count", "5 lecturas")]),
    ("表里有 5 条读数。", [("count_mismatch", "count.item_count", "5 条读数")]),
    ("这段时间一共有十一条读数。", [("count_mismatch", "count.item_count", "十一条读数")]),
])
def test_a_range_of_two_numbers_is_an_estimate(reply: str, expected: Expected) -> None:
    """"N or M", "N 到 M" and two Chinese digit words side by side (两三) give an estimate,
    no count; a single number still counts."""
    assert expected == of_type("count_mismatch", reply, READINGS)


SUCCULENTS = ok("stock_lookup", "sku,nombre,stock\nS1,Aloe,6\nS2,Echeveria,3\nS3,Haworthia,8\n"
                "S4,Sedum,5")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Hay 3 variedades con poco stock: Aloe, Echeveria, Haworthia y Sedum.",
     [("count_mismatch", "count.item_count", "3 variedades")]),
    ("There are 3 varieties low on stock: Aloe, Echeveria, Haworthia and Sedum.",
     [("count_mismatch", "count.item_count", "3 varieties")]),
    ("库存不足 10 盆的有 **3 个品种**：Aloe、Echeveria、Haworthia、Sedum。",
     [("count_mismatch", "count.item_count", "3 个品种")]),
    ("Hay 4 variedades con poco stock: Aloe, Echeveria, Haworthia y Sedum.", []),
    # The number is a cell read, no listing after it: no finding.
    ("Del Sedum quedan 5 macetas: pocas.", []),
    ("De Echeveria hay 3 macetas, de Sedum 5.", []),
])
def test_a_count_heading_a_listing(reply: str, expected: Expected) -> None:
    """A count before a colon that opens a listing (two enumeration commas or more) counts
    the items, even when the same number stands in a cell of the result."""
    assert expected == of_type("count_mismatch", reply, SUCCULENTS)
