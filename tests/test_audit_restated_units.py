"""A figure restated in another unit in the parenthesis right after it ("48.2–59 °F (9–15
°C)", "a 7.5 mi loop (12 km)") is the reply's own conversion of that figure: it holds
when the parenthesised figure holds, or is no value of its own (a small range end). A
figure the parenthesis does not convert to, or a parenthesis holding an ungrounded value,
still leaves findings. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

U = "ungrounded_value"
CELLAR = ok("cellar.sensors", '{"limit_c": 15, "bays": [{"bay": "A", "temp_c": 12.1}, '
                              '{"bay": "B", "temp_c": 13.4}]}')
TRAILS = ok("trails.get", '{"trail": "Ridge", "length_km": 12.0, "climb_m": 310}')


@pytest.mark.parametrize(("reply", "event"), [
    ("Both bays sit inside the 48.2–59 °F (9–15 °C) band.", CELLAR),   # 9: no value
    ("Ambas naves están dentro del rango de 48,2 a 59 °F (9 a 15 °C).", CELLAR),
    ("The two bays average 55.0 °F (12.75 °C).", CELLAR),             # the mean, converted
    ("The Ridge trail is a 7.5 mi loop (12 km) with 310 m of climb.", TRAILS),
])
def test_a_figure_restated_in_its_parenthesis(reply: str, event: ToolEvent) -> None:
    """The converted figure before the parenthesis is the reply's own: no finding."""
    assert [] == [f for f in findings(reply, event) if f[0] == U]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Both bays sit inside the 50.2–59 °F (9–15 °C) band.", CELLAR, ["50.2"]),
    ("Bay A reads 17 °C (about 63 °F).", CELLAR, ["17 °C", "63 °F"]),
    ("The Ridge trail is a 9.5 mi loop (12 km).", TRAILS, ["9.5 mi"]),
])
def test_a_figure_the_parenthesis_does_not_ground(reply: str, event: ToolEvent,
                                                   expected: list[str]) -> None:
    """A wrong conversion, or an ungrounded parenthesis, is still found."""
    assert expected == [span for kind, _, span in findings(reply, event)
                        if kind == U]
