"""A decimal written inside a result's identifier with "_" for its point ("sodium_bicarbonate
_8_4_ml" holds 8.4, "buffer_ph_7_4" 7.4, "pm2_5" 2.5) grounds that value, in en, es and
zh; another value, and the runs of a time, a date or a version in an identifier
("slot_10_30", "backup_2026_12_05", "v1_2_3"), do not. Findings as (type, rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"

RECIPE = ok("compounding_recipe", json.dumps({
    "code": "RX-88", "volume_ml": 200,
    "components": {"sodium_bicarbonate_8_4_ml": 200, "buffer_ph_7_4_ml": 20}}))
AIR = ok("air_station", json.dumps({"station": "Delta", "pm2_5": 14, "slot_10_30": 3}))

CASES: list[tuple[str, str, object, Expected]] = [
    ("en", "RX-88 is made up to 200 mL with 8.4% sodium bicarbonate.", RECIPE, []),
    ("es", "La RX-88 se completa hasta 200 mL con bicarbonato sódico al 8,4 %.", RECIPE, []),
    ("zh", "RX-88 用 8.4% 碳酸氢钠补足到 200 毫升。", RECIPE, []),
    ("en", "It also takes 20 mL of a pH 7.4 buffer.", RECIPE, []),
    # Another value, or a time's runs read as a decimal, is still ungrounded.
    ("en", "RX-88 is made up to 200 mL with 8.5% sodium bicarbonate.", RECIPE,
     [(V, NOT_IN, "8.5%")]),
    ("en", "Delta reads 10.3 on the index.", AIR, [(V, NOT_IN, "10.3")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_identifier_decimals(language: str, reply: str, event: object,
                             expected: Expected) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
