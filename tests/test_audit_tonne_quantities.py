"""A number before a unit of mass by the tonne or of area (toneladas, tonnes, tons, 吨,
hectáreas, hectares, acres, 公顷) is a quantity, checked as a value, not a count of a
result's items. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"
SALT = ok("depot_stock", json.dumps({"depot": "Norte", "tonnes": 860.0, "capacity": 1500}))
GRAIN = ok("silo_status", json.dumps({"筒仓": "3 号", "库存_吨": 1240, "容量_吨": 2000}))
FARM = ok("farm_fields", json.dumps({"farm": "Ridge", "area_ha": 212, "fields": 9}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Quedan 860 toneladas en el depósito Norte, de 1.500 t de capacidad.", SALT, []),
    ("The Norte depot holds 860 tonnes.", SALT, []),
    ("3 号筒仓还有 1240 吨。", GRAIN, []),
    ("Ridge farms 212 hectares across its fields.", FARM, []),
    ("Quedan 680 toneladas en el depósito Norte.", SALT, [(V, NOT_IN, "680 toneladas")]),
])
def test_a_quantity_by_the_tonne_is_a_value(reply: str, event: object,
                                            expected: Expected) -> None:
    """The quantity is grounded as a value, never compared with the item count."""
    assert expected == findings(reply, event)  # type: ignore[arg-type]
