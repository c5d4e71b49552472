"""Spanish "pasar" moves a thing only with an object and a destination after it ("se han
pasado los 7 a la cola de averías"): then it is an act of the update class, held against
the turn's calls like any other; alone ("ha pasado una hora"), with "a" right after it
("pasó a enviado") or before an infinitive ("pasé a revisar") it claims nothing.
"trasladar" moves as "mover" does. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

ORDERS = ok("pedidos_consultar", json.dumps([{"pedido": "P-1", "estado": "enviado"},
                                             {"pedido": "P-2", "estado": "pendiente"}]),
            args={"almacen": "Coslada"})
MOVED = ok("pedidos_reasignar_almacen", json.dumps({"ok": True, "movidos": 2}),
           args={"destino": "Getafe"})


@pytest.mark.parametrize(("reply", "span"), [
    ("Hay 2 pedidos en Coslada. Se han pasado los 2 al almacén de Getafe.", "pasado"),
    ("He pasado tu caso al equipo de facturación.", "pasado"),
    ("Los 2 pedidos se han trasladado a Getafe.", "trasladado"),
])
def test_a_move_to_a_destination_with_only_a_read(reply: str, span: str) -> None:
    """A move told done after a call that only reads is a fabricated call."""
    assert [("fabricated_tool_call", "action.no_matching_call", span)] == of_type(
        "fabricated_tool_call", reply, ORDERS)


@pytest.mark.parametrize(("reply", "events"), [
    ("¿Qué ha pasado con el pedido P-2? Sigue pendiente.", (ORDERS,)),
    ("Ha pasado una hora desde la última lectura del almacén.", (ORDERS,)),
    ("El pedido P-1 pasó a enviado esta mañana.", (ORDERS,)),
    ("Pasé a revisar el almacén: P-2 sigue pendiente.", (ORDERS,)),
    ("Se han pasado los 2 pedidos al almacén de Getafe.", (ORDERS, MOVED)),
])
def test_pasar_without_a_move_or_backed(reply: str, events: tuple[ToolEvent, ...]) -> None:
    """No object and destination, or a call that moved them: no finding."""
    expected: Expected = []
    assert expected == of_type("fabricated_tool_call", reply, *events)
