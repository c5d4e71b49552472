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


HALL = ok("venue_spec", json.dumps({"ceiling_m": 7.5, "stage_width_m": 12.8, "rope_m": 46}))


@pytest.mark.parametrize("reply", [
    "El techo está a 7,5 m, unos 24,6 pies, y el escenario mide 12,8 m de ancho.",
    "La cuerda mide 46 m, unas 50,3 yardas.",
    "天花板高 7.5 米，约 24.6 呎；舞台宽 12.8 米，约 504 吋。",
    "The ceiling is 7.5 m, about 24.6 feet; the rope is 46 m, about 50.3 yards.",
])
def test_feet_and_yards_by_name_convert(reply: str) -> None:
    """Feet and yards by their names (pies, yardas, 呎, 吋, yards) ground a converted figure."""
    assert [] == findings(reply, HALL)


@pytest.mark.parametrize(("reply", "expected"), [
    ("El techo está a 7,5 m, unos 31,2 pies.",
     [("ungrounded_value", "value.not_in_results", "31,2")]),
    ("天花板高 7.5 米，约 31.2 呎。", [("ungrounded_value", "value.not_in_results", "31.2 呎")]),
    ("The rope is 46 m, about 61.5 yards.",
     [("ungrounded_value", "value.not_in_results", "61.5")]),
])
def test_a_wrong_figure_in_feet_or_yards(reply: str, expected: Expected) -> None:
    """A figure in feet or yards that no result converts to stays ungrounded."""
    assert expected == findings(reply, HALL)


LADDERS = ok("ladder_list", json.dumps([{"id": "L1", "height_ft": 30},
                                        {"id": "L2", "height_ft": 24}]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("La L1 tiene 3 pies más que la L2.", []),
    ("Hay 3 escaleras en el almacén.", [("count_mismatch", "count.item_count", "3 escaleras")]),
])
def test_feet_are_no_count_in_spanish(reply: str, expected: Expected) -> None:
    """'3 pies' is a length, never a count of the listed items; '3 escaleras' still is."""
    assert expected == findings(reply, LADDERS)


WIND = ok("anemometer", json.dumps({"wind_kmh": 27, "gust_ms": 11.4}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("风速 27 公里/小时，约 7.5 米/秒。", []),
    ("阵风 11.4 米/秒，约 41 千米每小时。", []),
    ("风速约 17 英里/小时。", []),
    # near miss: a speed no result converts to
    ("风速约 9.5 米每秒。", [("ungrounded_value", "value.not_in_results", "9.5 米每秒")]),
])
def test_chinese_speeds_convert(reply: str, expected: Expected) -> None:
    """公里/小时, 千米每小时, 米/秒, 英里/小时 are speeds, converted like km/h, m/s and mph."""
    assert expected == findings(reply, WIND)
