"""Words of a record's state in Chinese and Spanish (取消, 延误, 过期; retrasado, vencido) name
the state a result writes in English ("cancelled", "delayed", "expired"): an absence of items
in that state ("没有取消的", "no hay vuelos retrasados") is false beside an item in it, and
true when none is. Chinese reads the state where an absence of a state is said: the modifier
after the negation or the verb after 被. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

A, RULE = "false_absence", "absence.result_has_items"


def _rows(key: str, states: list[str]) -> str:
    return json.dumps([{"id": f"{key}-{i}", "status": s} for i, s in enumerate(states)])


FERRY = ok("ferry.tickets", _rows("TK", ["confirmed"] * 3 + ["cancelled"] + ["confirmed"] * 2),
           {"date": "2026-12-07"})
FERRY_CLEAN = ok("ferry.tickets", _rows("TK", ["confirmed"] * 6), {"date": "2026-12-07"})
BOARD = ok("flights.board", json.dumps([{"flight": f"XA{i}", "status": s} for i, s in
                                        enumerate(["on time", "on time", "delayed", "on time"])]),
           {"airport": "MAD"})
BOARD_CLEAN = ok("flights.board", json.dumps([{"flight": f"XA{i}", "status": "on time"}
                                              for i in range(4)]), {"airport": "MAD"})
PERMITS = ok("permits.list", _rows("P", ["valid", "valid", "expired", "valid", "valid"]),
             {"site": "north"})
LIFTS = ok("lifts.status", _rows("L", ["running", "maintenance", "running"]), {"site": "east"})
LIFTS_CLEAN = ok("lifts.status", _rows("L", ["running"] * 3), {"site": "east"})
PARCELS = ok("parcels.today", _rows("PK", ["packed", "shipped", "packed"]), {"day": "today"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("周一共有 6 张船票，没有取消的。", FERRY, [(A, RULE, "没有取消的")]),
    ("周一共有 6 张船票，没有被取消的。", FERRY, [(A, RULE, "没有被取消的")]),
    ("今天没有延误的航班。", BOARD, [(A, RULE, "没有延误的航班")]),
    ("5 张许可证都查过了，没有过期的。", PERMITS, [(A, RULE, "没有过期的")]),
    ("No hay vuelos retrasados hoy.", BOARD, [(A, RULE, "No hay vuelos retrasados")]),
    ("Ningún vuelo está retrasado hoy.", BOARD, [(A, RULE, "Ningún vuelo está retrasado")]),
    # States results write as one English word the reply's language says otherwise.
    ("Ningún ascensor está en mantenimiento.", LIFTS,
     [(A, RULE, "Ningún ascensor")]),
    ("今天没有维护的电梯。", LIFTS, [(A, RULE, "没有维护的电梯")]),
    ("今天没有发货的包裹。", PARCELS, [(A, RULE, "没有发货的包裹")]),
])
def test_an_absence_of_a_state_an_item_is_in(reply: str, event: ToolEvent,
                                              expected: Expected) -> None:
    """The state said in the reply's language is the result's English state: refuted."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("周一共有 6 张船票，没有取消的。", FERRY_CLEAN),
    ("今天没有延误的航班。", BOARD_CLEAN),
    ("No hay vuelos retrasados hoy.", BOARD_CLEAN),
    ("Ningún vuelo está retrasado hoy.", BOARD_CLEAN),
    ("Ningún ascensor está en mantenimiento.", LIFTS_CLEAN),
    ("今天没有维护的电梯。", LIFTS_CLEAN),
    # The state word names where a thing was counted, not items denied.
    ("6 张船票里有一张是 cancelled，没算在确认里。", FERRY),
    # A noun of the state's stem (rechazos, rejections) is no state: a zero cell restated.
    ("El lote B no tuvo ningún rechazo.", ok("lot_quality", "lot,units,rejected\n"
                                              "A,400,3\nB,380,0\nC,410,5")),
])
def test_an_absence_of_a_state_no_item_is_in(reply: str, event: ToolEvent) -> None:
    """No item in the state named, or no state denied: no finding."""
    assert [] == findings(reply, event)


PERMITS_CLEAN = ok("permits.list", _rows("P", ["valid"] * 5), {"site": "north"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No, none of the permits on the north site are out of date.", PERMITS,
     [(A, RULE, "none of the permits on the north site are out of date")]),
    ("No, none of the permits on the north site are out of date.", PERMITS_CLEAN, []),
])
def test_a_state_said_in_several_words_after_a_placed_group(
        reply: str, event: ToolEvent, expected: Expected) -> None:
    """"none of the permits on the north site are out of date": an expired row refutes it."""
    assert expected == findings(reply, event)


INVOICES = ok("invoices.list", json.dumps([{"invoice": "INV-1", "status": "paid"},
                                           {"invoice": "INV-2", "status": "overdue"}]),
              {"channel": "wholesale", "issued_from": "2026-11-01"})
CARTRIDGES = ok("stock.lookup", json.dumps([{"sku": "3RL cartridge", "on_hand": 4}]),
                {"sku": "3RL"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # A group of two words, placed in time; an overdue bill is outstanding.
    ("None of the wholesale invoices since 1 November are outstanding.", INVOICES,
     [(A, RULE, "None of the wholesale invoices since 1 November are outstanding")]),
    ("None of the 2 invoices are unpaid.", INVOICES,
     [(A, RULE, "None of the 2 invoices are unpaid")]),
])
def test_a_group_named_in_more_words_and_a_bill_overdue(
        reply: str, event: ToolEvent, expected: Expected) -> None:
    """The absence is read past the group's words, and "overdue" is a state of "outstanding"."""
    assert expected == findings(reply, event)


def test_a_noun_whose_modifier_opens_with_a_digit() -> None:
    """"no 3RL cartridges in stock" is an absence of cartridges, refuted by a row of them."""
    assert [A] == [f[0] for f in findings("There are no 3RL cartridges in stock.", CARTRIDGES)]
