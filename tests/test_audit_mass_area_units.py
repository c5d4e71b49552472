"""Masses in tonnes (t, toneladas, tonnes, 吨) and areas (m², ha, hectáreas, acres, 平方米,
公顷, 亩) are measures, never counts of items, and convert within their dimension ("74.500
m², es decir, 7,45 ha"); in en, es and zh. A wrong conversion is still ungrounded, and
Spanish "1 ha fallado" (the auxiliary before a participle) is no area. Findings as (type,
rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.audit.claims import ValueKind
from zeroclaw_daemon.audit.claims.values import find_values

V, NOT_IN = "ungrounded_value", "value.not_in_results"

SILO = ok("silo_stock", json.dumps({"silo": "Norte", "tonnes": 1240.0, "capacity": 2000}))
FIELD = ok("field_get", json.dumps({"field": "P-9", "superficie_m2": 32000, "crop": "maize"}))

CASES: list[tuple[str, str, object, Expected]] = [
    ("en", "There are 1,240 tonnes left in silo Norte, 62% of its 2,000 t.", SILO, []),
    ("es", "Quedan 1.240 toneladas en el silo Norte, un 62 % de sus 2.000 t.", SILO, []),
    ("zh", "北仓还剩 1,240 吨，占 2,000 吨容量的 62%。", SILO, []),
    ("en", "Field P-9 is 32,000 m², that is 3.2 hectares.", FIELD, []),
    ("es", "La parcela P-9 tiene 32.000 m², es decir, 3,2 ha.", FIELD, []),
    ("zh", "P-9 地块 32,000 平方米，合 3.2 公顷，即 48 亩。", FIELD, []),
    # A wrong conversion is still found.
    ("es", "La parcela P-9 tiene 32.000 m², es decir, 4,2 ha.", FIELD,
     [(V, NOT_IN, "4,2 ha")]),
    ("en", "Field P-9 is 32,000 m², about 11 acres.", FIELD, [(V, NOT_IN, "11 acres")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_mass_and_area_units(language: str, reply: str, event: object,
                             expected: Expected) -> None:
    """Each reply gets exactly the findings of its row, with their spans."""
    assert expected == findings(reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "measures"), [
    ("Solo 1 ha fallado de los 12 envíos.", []),
    ("Se regaron 2,1 ha de Syrah.", ["2,1 ha"]),
    ("Tratamos 7,45 ha.", ["7,45 ha"]),
])
def test_hectare_is_no_auxiliary(text: str, measures: list[str]) -> None:
    """"ha" after a number is hectares unless a participle follows (the auxiliary)."""
    assert measures == [text[start:end] for start, end, kind, _, _ in find_values(text)
                        if kind is ValueKind.MEASURE]
