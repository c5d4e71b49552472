"""A speed the reply converts from a number whose unit is named by its column or key path
("max_ms" in a table's header, "wind_ms": {"gust_max": ...}) is grounded, as one labelled
beside its number already was; a speed no such number converts to is not. Results and
sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

V, RULE = "ungrounded_value", "value.not_in_results"
TABLE = ok("mast.wind_summary", "\n".join([
    "sensor  height_m  mean_ms  max_ms  dir_deg",
    "M1      10        1.2      3.4     210",
    "M2      30        2.1      5.5     220"]))
NESTED = ok("station.daily", json.dumps({"station": "NORTH-2", "wind_ms": {
    "mean": 4.1, "gust_max": 15.3, "gust_time": "03:10"}}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("At 10 m the wind peaked at 12.2 km/h, at 30 m at 19.8 km/h.", TABLE, []),
    ("At 10 m the wind peaked at about 14 km/h.", TABLE, [(V, RULE, "14 km/h")]),
    ("Gusts reached 15.3 m/s (about 55 km/h) at 03:10.", NESTED, []),
    ("Gusts reached about 61 km/h at 03:10.", NESTED, [(V, RULE, "61 km/h")]),
])
def test_a_speed_converts_from_a_number_its_column_names(reply: str, event: ToolEvent,
                                                         expected: Expected) -> None:
    """The column's or key's unit makes its numbers speeds; other speeds stay ungrounded."""
    assert expected == of_type(V, reply, event)
