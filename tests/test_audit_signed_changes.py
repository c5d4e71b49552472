"""A change the reply works out between two of the results' figures, written with its
direction: a signed figure ("−12.0%", "-0.06", "−48 cases") is grounded by the size of
the change between two numbers of one unit (their difference, or it relative to either),
and a figure after a verb of change ("up 0.35 m", "subió 0,35 m", "上涨了 0.35 米") is
a change, not a misread row of a listing; in en, es and zh. A wrong size, or a signed
temperature, is still ungrounded. Findings as (type, rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"

# Two months of a depot's figures, one metric a row (the periods are the columns).
DEPOT = ok("depot_monthly", "metric,2026-10,2026-11\norders,1250,1100\nreturns,84,71\n"
           "pick_rate,0.94,0.88\nforklift_hours,412,455\n")
DEPOT_ZH = ok("depot_monthly", "指标,2026-10,2026-11\n入库箱数,640,592\n退货,84,71\n")
# A gauge's readings through a morning.
GAUGE = ok("tide_gauge", json.dumps({"station": "Quay 3", "readings": [
    {"t": "06:00", "level_m": 1.85}, {"t": "07:00", "level_m": 1.98},
    {"t": "08:00", "level_m": 2.11}, {"t": "09:00", "level_m": 2.20}]}))
FRIDGES = ok("cold_room_temps", "room,min_c,max_c\nA,2,9\nB,4,15\n")

CASES: list[tuple[str, str, object, Expected]] = [
    # A table row of the reply: the change column's sign is the direction.
    ("en", "| Metric | Oct | Nov | Change |\n|---|---:|---:|---:|\n"
           "| Orders | 1,250 | 1,100 | −12.0% |\n| Returns | 84 | 71 | −15.5% |\n"
           "| Pick rate | 0.94 | 0.88 | −0.06 |\n| Forklift hours | 412 | 455 | +10.4% |",
     DEPOT, []),
    ("en", "Returns went down from 84 to 71 (−15.5%), and orders fell by 150 (-12%).",
     DEPOT, []),
    ("es", "Los pedidos bajaron de 1.250 a 1.100 (−12,0 %) y las devoluciones −13 unidades.",
     DEPOT, []),
    ("zh", "| 指标 | 10 月 | 11 月 | 变化 |\n|---|---:|---:|---:|\n"
           "| 入库箱数 | 640 | 592 | −7.5% |\n| 退货 | 84 | 71 | −13 |", DEPOT_ZH, []),
    # A figure after a verb of change is a change, not a misread reading of the column.
    ("en", "Latest level is 2.20 m at 09:00, up 0.35 m since 06:00 (1.98 → 2.20 m since 07:00).",
     GAUGE, []),
    ("es", "El nivel está en 2,20 m a las 09:00, subió 0,35 m desde las 06:00 (de 1,98 a 2,20 m).",
     GAUGE, []),
    ("zh", "最新水位 2.20 米，07:00 是 1.98 米，上涨了 0.35 米。", GAUGE, []),
    # A wrong size is still found, whatever its sign.
    ("en", "| Orders | 1,250 | 1,100 | −9.1% |", DEPOT, [(V, NOT_IN, "−9.1%")]),
    ("zh", "入库箱数从 640 降到 592（−9.4%）。", DEPOT_ZH, [(V, NOT_IN, "−9.4%")]),
    # A signed temperature is a reading, not a change: 9 - 2 does not ground −7 °C.
    ("en", "Room A dipped to −7 °C overnight.", FRIDGES, [(V, NOT_IN, "−7 °C")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_signed_changes(language: str, reply: str, event: object,
                        expected: Expected) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
