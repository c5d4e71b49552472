"""A bare number in a cell of the reply's own table is in the unit its column's header
names ("| °F |", "| Peso (kg) |", "| Dist. (mi) |"): grounded as that temperature or
measure would be, by conversion from a result's figure. A cell the conversion does not
give, and a column whose header names no unit, stay ungrounded. Sentences and tools of our
own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

U = "ungrounded_value"
KILNS = ok("kiln.status", '{"kilns": [{"id": "K1", "temp_c": 850.0}, '
                          '{"id": "K2", "temp_c": 982.5}]}')
PARCELS = ok("parcels.list", '[{"ref": "P-1", "weight_lb": 22.0, "leg_km": 48.0}, '
                             '{"ref": "P-2", "weight_lb": 35.5, "leg_km": 112.0}]')


@pytest.mark.parametrize(("reply", "event"), [
    ("| Kiln | °F |\n|---|---|\n| K1 | 1562 |\n| K2 | 1800.5 |", KILNS),
    ("| Kiln | Temp (°F) |\n|:--|--:|\n| K1 | 1562 |\n| K2 | 1800.5 |", KILNS),
    ("| Paquete | Peso (kg) | Tramo (mi) |\n|---|---|---|\n| P-1 | 9.98 | 29.8 |\n"
     "| P-2 | 16.1 | 69.6 |", PARCELS),
    ("Here you go:\n\n| Parcel | **kg** |\n| --- | --- |\n| P-1 | 9.98 |\n| P-2 | 16.1 |",
     PARCELS),
])
def test_a_cell_in_its_headers_unit_is_a_conversion(reply: str, event: ToolEvent) -> None:
    """Each cell is the result's figure converted to the header's unit: no finding."""
    assert [] == [f for f in findings(reply, event) if f[0] == U]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("| Kiln | °F |\n|---|---|\n| K1 | 1562 |\n| K2 | 1850.5 |", KILNS, ["1850.5"]),
    ("| Kiln | Reading |\n|---|---|\n| K1 | 1562 |\n| K2 | 1800.5 |", KILNS,
     ["1562", "1800.5"]),                                    # no unit in the header
    ("| Paquete | Peso (kg) |\n|---|---|\n| P-1 | 9.98 |\n| P-2 | 18.4 |", PARCELS, ["18.4"]),
])
def test_a_cell_the_conversion_does_not_give(reply: str, event: ToolEvent,
                                              expected: list[str]) -> None:
    """A wrong cell, or a column with no unit named, is still ungrounded."""
    assert expected == [span for kind, _, span in findings(reply, event)
                        if kind == U]
