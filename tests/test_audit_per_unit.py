"""A figure the reply says is per something (per hectare, each, por persona, cada, 每亩,
人均, 单台, or a unit over a unit) is grounded when one number of a result's record (a
row, or a column of a table whose records are columns) over another of that record, or a
result's number over a figure the user gave, gives it to the precision written; in en, es
and zh. A wrong quotient, a quotient of two records, and a quotient said flat (no word of
distribution) are still ungrounded. Findings as (type, rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"

ORCHARD = ok("orchard_inputs", "block,area_ha,water_m3,fert_kg\nN1,3.2,418.0,96\n"
             "N2,4.5,502.5,117\nS1,2.1,321.0,70\n")
# A depot's two weeks, one metric a row: a week's records are its column.
DEPOT = ok("depot_weekly", "metric,week_47,week_48\nforklifts,12,11\npallets_moved,8640,8415\n")
DEPOT_ZH = ok("depot_weekly", "指标,第47周,第48周\n叉车台数,12,11\n搬运托盘,8640,8415\n")
BANQUET = ok("banquet_quote", json.dumps({"venue": "Sala Mayor", "total_eur": 18540,
                                          "nights": 4}))
DELEGATES = "Somos 120 delegados, ¿cuánto sale?"

CASES: list[tuple[str, str, object, str, Expected]] = [
    ("en", "Per hectare, S1 took the most water: about 152.9 m³, against 130.6 for N1.",
     ORCHARD, "", []),
    ("en", "N2 got 26 kg of fertiliser per hectare.", ORCHARD, "", []),
    ("en", "Each forklift moved about 765 pallets in week 48 (720 in week 47).", DEPOT, "", []),
    ("es", "El sector S1 recibió unos 152,9 m³/ha y el N1 unos 130,6 m³/ha.", ORCHARD, "", []),
    ("es", "Sale a unos 154,50 € por persona.", BANQUET, DELEGATES, []),
    ("zh", "按公顷算，S1 最高，每公顷约 152.9 立方米。", ORCHARD, "", []),
    ("zh", "| 指标 | 第47周 | 第48周 |\n|---|---:|---:|\n| 单台搬运托盘 | 720 | 765 |",
     DEPOT_ZH, "", []),
    # A wrong quotient is still found.
    ("en", "Per hectare, S1 took about 160.4 m³.", ORCHARD, "", [(V, NOT_IN, "160.4 m³")]),
    ("zh", "每台叉车约 812 个托盘。", DEPOT_ZH, "", [(V, NOT_IN, "812")]),
    # One record's water over another record's area is no figure per hectare.
    ("en", "N1 took 92.9 m³ per hectare.", ORCHARD, "", [(V, NOT_IN, "92.9 m³")]),
    # Said flat, a quotient is a reading, and no result reads so.
    ("en", "Block S1 logged 152.9 m³ of water this week.", ORCHARD, "",
     [(V, NOT_IN, "152.9 m³")]),
    ("es", "El S1 registró 152,9 m³ de agua esta semana.", ORCHARD, "",
     [(V, NOT_IN, "152,9 m³")]),
    ("zh", "S1 本周用水 152.9 立方米。", ORCHARD, "", [(V, NOT_IN, "152.9 立方米")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "user", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_per_unit(language: str, reply: str, event: object, user: str,
                  expected: Expected) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, event, user=user)  # type: ignore[arg-type]
