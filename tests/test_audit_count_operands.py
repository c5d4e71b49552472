"""A count the reply works out from the figures it and the results state (people a price
is multiplied by, loads a volume is divided into, what is left of the user's own number)
is recomputed and, when the calculation gives it, is no count of a result's items; a count
of a noun the results name is still checked, even when a quotient of two amounts rounds
to it. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

C, ITEMS = "count_mismatch", "count.item_count"
TICKETS = ok("museum_prices", json.dumps({"entrada_eur": 12, "ticket_eur": 18, "单价_元": 45}))
GRAVEL = ok("quarry_order_get", json.dumps({"order": "Q-88", "site": "North pit",
                                            "tonnes": 50, "truck_capacity_t": 12,
                                            "depot": "D-4", "haul_km": 14}))
BOTTLES = ok("bodega_pedido", json.dumps({"botellas": 100, "por_caja": 24}))
HALL = ok("hall_booking", json.dumps({"hall": "B", "seats": 42, "floor": 2}))
DEBTS = ok("deudas_clientes", json.dumps([{"cliente": "Ruiz", "deuda": 900},
                                          {"cliente": "Gálvez", "deuda": 450},
                                          {"cliente": "Sonrisas", "deuda": 200}]))
TASKS = ok("sprint_tasks", json.dumps([{"task": "api", "hours": 6}, {"task": "ui", "hours": 4},
                                       {"task": "docs", "hours": 2}]))


@pytest.mark.parametrize(("reply", "event", "user", "expected"), [
    ("For 9 people that's €162 in tickets.", TICKETS, "", []),
    ("Para 8 personas son 96 € en entradas.", TICKETS, "", []),
    ("8 个人一共 360 元。", TICKETS, "", []),
    ("50 t over 12 t trucks is 50 ÷ 12 ≈ 4.2, so 4 full trips plus a small one.", GRAVEL,
     "", []),
    ("Son 100 botellas; a 24 por caja salen 5 envíos.", BOTTLES, "", []),
    ("Tickets: 6 × €18 = €108. That covers 6 people.", TICKETS, "", []),
    ("Hall B seats 42, so 8 guests won't fit.", HALL, "We are 50 guests, does hall B work?",
     []),
    ("Hay 4 clientes con deuda: Ruiz (900 €), Gálvez (450 €) y Sonrisas (200 €).", DEBTS,
     "", [(C, ITEMS, "4 clientes")]),
    ("There are 4 tasks, 12 hours in total, so 3 hours each.", TASKS, "",
     [(C, ITEMS, "4 tasks")]),
    ("50 t over 12 t trucks is 50 ÷ 12 ≈ 4.2, so 6 full trips plus a small one.", GRAVEL,
     "", [(C, ITEMS, "6 full trips")]),
])
def test_a_count_the_replys_calculation_gives(reply: str, event: object, user: str,
                                              expected: Expected) -> None:
    """The reply's own operands are no finding; a miscount of the result's items is."""
    assert expected == of_type(C, reply, event, user=user)  # type: ignore[arg-type]
