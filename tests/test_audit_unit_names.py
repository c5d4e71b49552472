"""Weights, lengths and volumes written with their units' names (kilos, libras, pulgadas,
millas, galones; pounds, ounces, metres; 磅, 英寸, 英里, 厘米, 克) are measures: converted
like their symbols, and never counts of items. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

SPEC = ok("parcel_spec", json.dumps({"mass_kg": 4.2, "length_cm": 55, "route_km": 12,
                                     "tank_l": 40, "sample_g": 500}))


@pytest.mark.parametrize("reply", [
    "El paquete pesa 4,2 kilos, unas 9,3 libras.",
    "Mide 55 centímetros, casi 21,7 pulgadas.",
    "La ruta tiene 12 kilómetros, unas 7,5 millas.",
    "El depósito lleva 40 litros, unos 10,6 galones.",
    "La muestra pesa 500 gramos, unas 17,6 onzas.",
    "包裹重 4.2 公斤，约 9.3 磅；长 55 厘米，约 21.7 英寸。",
    "路线 12 公里，约 7.5 英里；样品 500 克，约 17.6 盎司。",
    "The parcel weighs 4.2 kilograms, about 9 pounds, and is 55 centimetres long.",
])
def test_named_units_convert(reply: str) -> None:
    """A measure in a unit's name is grounded by its conversion, and is no count."""
    assert [] == findings(reply, SPEC)


@pytest.mark.parametrize(("reply", "expected"), [
    ("El paquete pesa 4,2 kilos, unas 14 libras.",
     [("ungrounded_value", "value.not_in_results", "14 libras")]),
    ("包裹重 4.2 公斤，约 13 磅。", [("ungrounded_value", "value.not_in_results", "13 磅")]),
])
def test_a_wrong_conversion_in_named_units(reply: str, expected: Expected) -> None:
    """A conversion no result gives is an ungrounded value, not a count_mismatch."""
    assert expected == findings(reply, SPEC)
