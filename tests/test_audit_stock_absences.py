"""Absences of a state a result writes as a figure: none left ('nothing is out of stock')
against a stock column at zero, none overdue against a column counting days overdue."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import of_type, ok
from zeroclaw_daemon.receipts import ToolEvent

STOCK = ok("inventory_check", "sku     item                       qty  unit    reorder_at\n"
                              "TC-001  Nitrile gloves M           14   box     6\n"
                              "TC-014  Hydrogel dressing 10x10cm  0    pc      20\n"
                              "TC-015  Non-adherent pad 5x5cm     64   pc      30\n")
STOCKED = ok("inventory_check", "sku     item                       qty  unit    reorder_at\n"
                                "TC-001  Nitrile gloves M           14   box     6\n"
                                "TC-015  Non-adherent pad 5x5cm     64   pc      30\n")


@pytest.mark.parametrize("reply", [
    "Nothing is out of stock.",
    "Nothing's run out, but a few are under their reorder level.",
    "Nothing has run out.",
])
def test_none_left_denied_over_a_row_at_zero(reply: str) -> None:
    """A stock column at 0 in one row refutes 'nothing is out of stock'."""
    assert ["absence.result_has_items"] == [f[1] for f in of_type("false_absence", reply,
                                                                  STOCK)]


@pytest.mark.parametrize("reply", ["Nothing is out of stock.", "Nothing's run out."])
def test_none_left_denied_over_stock_with_no_zero(reply: str) -> None:
    """Every row with some stock: the absence holds."""
    assert [] == of_type("false_absence", reply, STOCKED)


def test_a_named_row_at_zero_is_its_own_state() -> None:
    """'后刹车片库存是 0，没货了' is said of the row it names, not of every item."""
    parts = ok("parts_stock", "sku,品名,库位,库存,单价\nMB-BP-R108,后刹车片,D-04,0,420.00\n"
                              "MB-BP-F108,前刹车片,D-04,2,380.00\n")
    assert [] == of_type("false_absence", "后刹车片（MB-BP-R108）库存是 0，没货了。", parts)


@pytest.mark.parametrize(("reply", "result"), [
    ("没有，三年级二班的集体借阅目前都没有逾期。",
     "账号     条码          题名          应还日期     逾期天数\n"
     "CL-3-2   31207004410   水的故事      2099-01-08   6\n"
     "CL-3-2   31207004522   小王子        2099-01-11   0\n"),
    ("No loans are overdue for that class.",
     '[{"barcode": "31207004410", "due": "2099-01-08", "days_overdue": 3}]'),
])
def test_a_row_the_result_counts_in_the_state(reply: str, result: str) -> None:
    """A positive figure in a column the state names (逾期天数 6, days_overdue 3) refutes
    'none overdue', whatever the due dates say against the clock."""
    assert ["absence.due_date_passed"] == [
        f[1] for f in of_type("false_absence", reply, ok("ils_loans", result))]


def test_a_column_not_named_for_the_state_counts_nothing() -> None:
    """A positive figure in another column ('renewals': 3) says nothing of the state."""
    result = '[{"barcode": "31207004410", "due": "2099-01-08", "renewals": 3}]'
    assert ["absence.due_date_passed"] != [f[1] for f in of_type(
        "false_absence", "No loans are overdue for that class.", ok("ils_loans", result))]


CASES = ok("labtrack_cases", "caso      trabajo               entrega     dias_retraso\n"
                             "DL-31020  corona zirconio       2099-11-17  0\n"
                             "DL-31009  corona metal          2099-11-13  3\n")
BALANCES = ok("students_balances", json.dumps([
    {"alumno": "Carmen Vidal", "cuota_eur": 210.0, "pendiente_eur": 0.0},
    {"alumno": "Samuel Ortiz", "cuota_eur": 210.0, "pendiente_eur": 60.0},
]))
WAITS = ok("ris_waiting_list", "prueba       pacientes  fuera_de_plazo\n"
                               "TAC          341        12\n"
                               "Mamografía   118        0\n")


@pytest.mark.parametrize(("reply", "event", "rule"), [
    ("No, ninguno va retrasado; lo más urgente es la corona de zirconio.", CASES,
     "absence.due_date_passed"),
    ("Ninguno de los 2 alumnos de Torno tiene saldo pendiente.", BALANCES,
     "absence.result_has_items"),
    ("Nadie está fuera de plazo.", WAITS, "absence.result_has_items"),
])
def test_a_state_a_column_is_named_for(reply: str, event: ToolEvent, rule: str) -> None:
    """A positive figure in the column the state names ('dias_retraso': 3, 'pendiente_eur':
    60) refutes the absence of that state."""
    assert [rule] == [f[1] for f in of_type("false_absence", reply, event)]


def test_a_state_column_read_on_the_row_its_clause_names() -> None:
    """'mamografía va bien, sin nadie fuera de plazo' reads the mammography row (0) only."""
    assert [] == of_type("false_absence", "La mamografía va bien, sin nadie fuera de plazo.",
                         WAITS)


TANKS = ok("tank_cycle_status", "TANK  STATUS    BATCH\nA     running   MUS-0310-A\n"
                                "D     draining  MUS-0309-B\nE     empty     -\n"
                                "F     cleaning  -\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("D finished at 05:00 and is draining, E is empty and ready to load.", []),
    ("A is running. Nothing is empty.", ["absence.result_has_items"]),
])
def test_a_member_named_by_one_letter(reply: str, expected: list[str]) -> None:
    """'E is empty' is the state of tank E, whose row opens with its letter; 'Nothing is
    empty' denies the empty tank."""
    assert expected == [f[1] for f in of_type("false_absence", reply, TANKS)]


SEEDS = ok("catalog_search", "accession,variety,type,packets_available\n"
                             "SL-0112,Gardener's Delight,cherry,14\nSL-0121,San Marzano,paste,0\n"
                             "SL-0152,Roma VF,paste,0\nSL-0157,Green Zebra,salad,5\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Out of stock: both paste types, so no paste tomatoes at the moment.", []),
    ("Sadly no salad tomatoes at the moment.", ["absence.result_has_items"]),
])
def test_a_kind_listed_with_none_in_stock(reply: str, expected: list[str]) -> None:
    """Every paste row has 0 packets available: 'no paste tomatoes' is borne out; the
    salad row has 5, so 'no salad tomatoes' is denied by the result."""
    assert expected == [f[1] for f in of_type("false_absence", reply, SEEDS)]


FRIDGE = ok("fridge_inventory", "今日: 2026-11-17  站点: 幸福里社区冰箱\n"
                                "品名       数量  保质期至        位置\n"
                                "鲜牛奶     6     2026-11-18      冰箱1\n"
                                "酸奶       14    2026-11-20      冰箱1\n"
                                "三明治     5     2026-11-18      冰箱2\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("没有过期的。不过明天到期的有 2 样，最好今天发出去。", []),
    ("Nothing has expired yet; the milk and sandwiches run out tomorrow.", []),
])
def test_a_result_dated_today_with_shelf_lives_ahead(reply: str, expected: list[str]) -> None:
    """A result that dates itself '今日: 2026-11-17' and writes its shelf lives under 保质期至,
    all after that day, bears 'nothing expired' out."""
    assert expected == [f[1] for f in of_type("false_absence", reply, FRIDGE)]


DELIVERY = ok("delivery_check", json.dumps({"po": "PO-0315", "lines": [
    {"花材": "白色洋桔梗", "订购": 60, "实收": 60},
    {"花材": "铃兰", "订购": 40, "实收": 0},
    {"花材": "香槟玫瑰", "订购": 100, "实收": 100}]}, ensure_ascii=False))


@pytest.mark.parametrize(("reply", "expected"), [
    ("**铃兰一支都没到**，供应商备注是缺货。", []),
    ("**香槟玫瑰一支都没到**，供应商备注是缺货。", ["absence.result_has_items"]),
])
def test_a_row_named_by_its_chinese_name_at_zero(reply: str, expected: list[str]) -> None:
    """'铃兰一支都没到' is of the 铃兰 row, received 0; said of the roses, received 100, it is
    refuted."""
    assert expected == [f[1] for f in of_type("false_absence", reply, DELIVERY)]


@pytest.mark.parametrize(("reply", "expected"), [
    ("No hydrogel dressing left, I'm afraid; the gloves are fine.", []),
    ("No non-adherent pad left, I'm afraid.", ["absence.result_has_items"]),
    ("No time left to reorder before Friday, though.", []),
    # A thing named in three words.
    ("No non-adherent gauze pad left, so reorder.", ["absence.result_has_items"]),
    ("No hydrogel wound dressing left, so reorder.", []),
])
def test_none_of_a_named_thing_left(reply: str, expected: list[str]) -> None:
    """"No X left" is refuted by a row of X in stock, borne out by X at zero."""
    assert expected == [f[1] for f in of_type("false_absence", reply, STOCK)]
