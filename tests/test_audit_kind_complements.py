"""Spanish narrows a counted noun to one kind with "de" and a bare noun ("2 alarmas de
humedad", "3 billetes de tren"): below the listing, and of the size of a kind a field of
the result sorts its items into, such a count is of that kind (precision first: its word
may be one the result writes in English). With a determiner, a name or a time after "de",
or over a listing of one kind, the count is still of the whole. Sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

C, RULE = "count_mismatch", "count.item_count"
ALERTS = ok("pump_alerts.list", json.dumps({"site": "P3", "alerts": [
    {"id": "A1", "type": "pressure_high", "value": 7.9},
    {"id": "A2", "type": "flow_low", "value": 2.1},
    {"id": "A3", "type": "pressure_high", "value": 8.2}]}), {"site": "P3"})
FILES = ok("list_dir", "a.json\nb.json\nc.json\nd.json\ne.json", {"path": "samples"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Esta semana hubo 2 alertas de presión en P3.", ALERTS, []),
    ("En P3 saltaron 2 alertas de sobrepresión esta semana.", ALERTS, []),
    # Near misses: no complement; a determiner after "de"; a listing of one kind.
    ("Esta semana hubo 2 alertas en P3.", ALERTS, [(C, RULE, "2 alertas")]),
    ("Hubo 2 alertas de la estación P3.", ALERTS, [(C, RULE, "2 alertas")]),
    ("Hay 4 ficheros de muestra en samples.", FILES, [(C, RULE, "4 ficheros")]),
])
def test_a_complement_of_kind_narrows_a_count(reply: str, event: ToolEvent,
                                               expected: Expected) -> None:
    """'N <noun> de <bare noun>' of a kind's size is a part; anything else the whole."""
    assert expected == findings(reply, event)
