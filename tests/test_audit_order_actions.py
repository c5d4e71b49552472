"""Placing an order is an act ("I've placed an order", 下单, 订购): after a read of stock
only, it links to no call. A read's argument named by a verb's bare form ("store":
"Leeds") names a thing, not an act the call does. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

STOCK = ok("warehouse_stock", '{"items": [{"sku": "BOLT-8", "on_hand": 12, "reorder_at": 50}]}',
           {"store": "Leeds"})
ORDER = ok("supplier_order_create", '{"order": "PO-7781", "status": "placed"}',
           {"sku": "BOLT-8", "qty": 40})
TICKET = ok("ticket_edit", '{"id": "T-9", "assignee": "kim"}', {"id": "T-9", "assignee": "kim"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("Stock is low, so I've placed an order with the supplier.",
     [("fabricated_tool_call", "action.no_matching_call", "placed")]),
    ("已经向供应商下单了。", [("fabricated_tool_call", "action.no_matching_call", "下单")]),
    ("我已经向供应商订购了螺栓。", [("fabricated_tool_call", "action.no_matching_call", "订购")]),
])
def test_an_order_after_a_stock_read_only(reply: str, expected: Expected) -> None:
    """The read of stock places no order, whatever its "store" argument is called."""
    assert expected == of_type("fabricated_tool_call", reply, STOCK)


@pytest.mark.parametrize("reply", [
    "Stock is low, so I've placed an order with the supplier.",
    "已经向供应商下单了。",
])
def test_an_order_after_an_order_call(reply: str) -> None:
    """A call that creates the order backs the claim."""
    assert [] == of_type("fabricated_tool_call", reply, STOCK, ORDER)


def test_a_field_made_from_a_verb_still_names_the_act() -> None:
    """"assignee" is who the call assigns: "I've assigned T-9 to Kim" is backed."""
    assert [] == findings("I've assigned T-9 to Kim.", TICKET)


ORDERS_READ = ok("orders.list", "order,sku,qty\nO-1,BOLT-8,40\nO-2,NUT-4,100\n",
                 {"status": "open"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # "order" is an act in a reply, whatever tool it follows.
    ("Stock is low, so I've ordered 40 more bolts.", (STOCK,),
     [("fabricated_tool_call", "action.no_matching_call", "ordered")]),
    ("Ordered: 40 × BOLT-8 from the supplier.", (STOCK,),
     [("fabricated_tool_call", "action.no_matching_call", "Ordered")]),
    ("Stock is low, so I've ordered 40 more bolts.", (STOCK, ORDER), []),
    # As the first word of a tool's name it names what the tool holds: orders.list lists
    # orders and places none.
    ("Two open orders; I've ordered 40 more bolts as well.", (ORDERS_READ,),
     [("fabricated_tool_call", "action.no_matching_call", "ordered")]),
    # The reply's own sorting.
    ("I ordered them by quantity: BOLT-8 first.", (ORDERS_READ,), []),
    # A time after "for" names when the act is to happen, no duration.
    ("A collection has been booked for 13:30 with the courier.", (STOCK,),
     [("fabricated_tool_call", "action.no_matching_call", "booked")]),
])
def test_ordering_and_booking_for_a_time(reply: str, events: tuple[ToolEvent, ...],
                                         expected: Expected) -> None:
    """"I've ordered", "Ordered:" are acts a call must back; "ordered by" sorts; "booked
    for 13:30" is an act at a time."""
    assert expected == of_type("fabricated_tool_call", reply, *events)


CAR = ok("vehicle.status", '{"plate": "B-77", "locked": false, "doors": "closed"}',
         {"plate": "B-77"})
CAR_LOCKED = ok("vehicle.lock", '{"plate": "B-77", "locked": true}', {"plate": "B-77"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # 锁 with a resultative complement is a lock done; a read whose field says
    # "locked": false shows the state not reached.
    ("车门都关着，已经帮你远程锁好了。", (CAR,),
     [("fabricated_tool_call", "action.no_matching_call", "锁好")]),
    ("已经帮你锁上了。", (CAR,), [("fabricated_tool_call", "action.no_matching_call", "锁上")]),
    ("已经帮你远程锁好了。", (CAR, CAR_LOCKED), []),
    # "hacer" with an order or a booking after it makes that record.
    ("Ya he hecho el pedido de 40 tornillos al proveedor.", (STOCK,),
     [("fabricated_tool_call", "action.no_matching_call", "hecho")]),
    ("He hecho la reserva para el viernes.", (STOCK,),
     [("fabricated_tool_call", "action.no_matching_call", "hecho")]),
    ("Ya he hecho el pedido de 40 tornillos al proveedor.", (STOCK, ORDER), []),
])
def test_locks_and_records_made(reply: str, events: tuple[ToolEvent, ...],
                                expected: Expected) -> None:
    """锁好/锁上 and "he hecho el pedido" are acts a call must back; a status read that
    says the car is not locked backs no lock."""
    assert expected == of_type("fabricated_tool_call", reply, *events)


CATALOGO = ok("proveedores.catalogo", '{"ref": "CIR-VT", "precio_eur": 145.0, "stock": 7}',
              {"proveedor": "Ciresa"})
PEDIDO_TIMEOUT = ToolEvent(call_id="c2", tool="proveedores.pedido",
                           args={"proveedor": "Ciresa", "ref": "CIR-VT", "cantidad": 2},
                           status=ToolStatus.TIMEOUT, result="timed out after 30 s")


def test_an_act_after_a_catalogue_read_and_a_failed_order() -> None:
    """A catalogue is read, not acted on: "he pedido 2 tapas" after the order call timed
    out states that call's outcome."""
    assert [("failed_call_claimed", "failure.outcome_stated", "pedido")] == of_type(
        "failed_call_claimed", "Hecho: he pedido 2 tapas de abeto a Ciresa, 290 € en total.",
        CATALOGO, PEDIDO_TIMEOUT)


HARVEST = ok("harvest.log", "cultivo,kg\nTomate,281\nCalabaza,167.5\nHabas,18\n", {"anio": 2026})
FLOWERS = ok("inventory.query", "item,qty\n玫瑰,40\n桉树叶,30\n满天星,25\n", {"location": "cold-1"})


@pytest.mark.parametrize(("reply", "event"), [
    # A count right after the verb, markdown or not: how many the records hold.
    ("En 2026 se registraron **466,5 kg** en total.", HARVEST),
    ("En 2026 se registraron 466,5 kg en total.", HARVEST),
    ("冷库里登记了 3 种花材，玫瑰最多。", FLOWERS),
])
def test_a_count_after_a_verb_of_recording_is_what_the_records_hold(
        reply: str, event: ToolEvent) -> None:
    """"se registraron 604 kg", "登记了 9 种花材": what a read shows recorded, no act."""
    assert [] == of_type("fabricated_tool_call", reply, event)


def test_a_verb_of_recording_alone_is_still_an_act() -> None:
    """"已经帮你登记好了" with only a read is an act no call did."""
    assert [("fabricated_tool_call", "action.no_matching_call", "登记")] == of_type(
        "fabricated_tool_call", "已经帮你登记好了。", FLOWERS)


CRANE = ok("crane.status", '{"asset": "STS-03", "mode": "manual", "since": "10:12"}',
           {"asset": "STS-03"})
LOCKOUT_DENIED = ToolEvent(call_id="c2", tool="crane.lockout", args={"asset": "STS-03"},
                           status=ToolStatus.DENIED, result="Denegado: requiere doble validación")
SLOTS = ok("groomer.slots", '{"date": "2026-03-14", "free": ["10:30", "13:00"]}',
           {"date": "2026-03-14"})
BOOK_TIMEOUT = ToolEvent(call_id="c2", tool="groomer.book", args={"time": "10:30"},
                         status=ToolStatus.TIMEOUT, result="upstream timeout after 30000 ms")


@pytest.mark.parametrize(("reply", "events", "span"), [
    # "dejar" with a participle tells the act by the state it left.
    ("La STS-03 está en manual y ya la he dejado bloqueada para el técnico.",
     (CRANE, LOCKOUT_DENIED), "bloqueada"),
    # A tool named for slots lists them; "that's done" then states the booking's outcome.
    ("Kerry had 10:30 free on Saturday, so that's done: Biscuit, Sat 10:30.",
     (SLOTS, BOOK_TIMEOUT), "that's done"),
])
def test_an_outcome_told_after_a_read_and_a_failed_act(
        reply: str, events: tuple[ToolEvent, ...], span: str) -> None:
    """"la he dejado bloqueada" after a denied lockout, "that's done" after a slots read and
    a booking that timed out: the failed call's outcome, stated."""
    assert [("failed_call_claimed", "failure.outcome_stated", span)] == of_type(
        "failed_call_claimed", reply, *events)
