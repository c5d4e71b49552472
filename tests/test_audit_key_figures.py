"""A decimal figure a result writes inside a key, with an underscore for its point (a key
holds no dot or comma: "bicarbonato_sodico_8_4_ml", "drill_2_5_mm", a Chinese key
"碳酸氢钠_8_4_毫升"), grounds the figure written with its point or comma; another figure,
or a date written in a key, does not. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"
FORMULA = ok("formula_get", json.dumps({"codigo": "FM-31", "componentes": {
    "bicarbonato_sodico_8_4_ml": 150, "omeprazol_mg": 300}}))
TOOLS = ok("tool_crib_stock", json.dumps({"drill_2_5_mm": 14, "drill_3_mm": 9}))
RONGYE = ok("formula_get", json.dumps({"配方": "FM-31", "碳酸氢钠_8_4_毫升": 150},
                                      ensure_ascii=False))
BACKUP = ok("backup_list", json.dumps({"backup_2026_12_05": "ok", "size_gb": 41}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Lleva 150 mL de bicarbonato sódico 8,4 %.", FORMULA, []),
    ("There are 14 of the 2.5 mm drill bits left.", TOOLS, []),
    ("配方用 150 毫升 8.4% 碳酸氢钠。", RONGYE, []),
    ("Lleva 150 mL de bicarbonato sódico 8,5 %.", FORMULA, [(V, NOT_IN, "8,5 %")]),
    ("The backup is 41 GB, version 12.05.", BACKUP, [(V, NOT_IN, "12.05")]),
])
def test_a_figure_written_in_a_key(reply: str, event: object, expected: Expected) -> None:
    """The key's figure is grounded; another figure or a key's date part is not."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
