"""A span of time written in two units ("7 小时 40 分钟", "3小时35分", "4 h 45 min", "3h 35m",
"2 horas y 15 minutos") is one value: grounded as a whole by a gap between the results'
times of day or by a result's figure in a unit of time, in sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

SHIFTS = ok("crew_roster", json.dumps({"shifts": [
    {"crew": "A", "from": "2026-03-02T06:15:00Z", "to": "2026-03-02T13:45:00Z"},
    {"crew": "B", "from": "2026-03-02T13:45:00Z", "to": "2026-03-02T22:05:00Z"}]}))
NIGHT = ok("kiln_log", "phase,start,end\npreheat,21:30,23:10\nfiring,23:10,04:55\n")
TOTALS = ok("job_timer", json.dumps({"job": "render-88", "elapsed_minutes": 135}))


@pytest.mark.parametrize(("reply", "event"), [
    ("Crew A works 7 hours 30 minutes.", SHIFTS),                     # en gap
    ("La tripulación B trabaja 8 h 20 min.", SHIFTS),                  # es gap, h + min
    ("B 班一共 8 小时 20 分钟。", SHIFTS),                               # zh gap
    ("La cocción dura 5 horas y 45 minutos, pasada la medianoche.", NIGHT),   # es rollover
    ("烧成阶段持续 5 小时 45 分钟。", NIGHT),                             # zh rollover
    ("The render took 2 h 15 min.", TOTALS),                          # a minutes figure
    ("El render tardó 2 horas 15 minutos.", TOTALS),
    ("烧成阶段持续 5小时45分。", NIGHT),                                # 分 after 小时, no spaces
    ("B 班一共 8 个小时 20 分钟。", SHIFTS),                             # 个小时
    ("The render took 2h 15m.", TOTALS),                              # m after h
])
def test_a_span_in_two_units_is_one_value(reply: str, event: object) -> None:
    """The parts of a two-unit span are grounded together by the whole's gap or figure."""
    assert [] == of_type("ungrounded_value", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "spans"), [
    ("Crew A works 9 hours 10 minutes.", SHIFTS, ["9 hours", "10 minutes"]),
    ("烧成阶段持续 6 小时 25 分钟。", NIGHT, ["6 小时", "25 分钟"]),
    ("El render tardó 5 h 50 min.", TOTALS, ["5 h", "50 min"]),
    ("烧成阶段持续 6小时25分钟。", NIGHT, ["25分钟"]),
])
def test_a_wrong_span_in_two_units_is_still_ungrounded(reply: str, event: object,
                                                       spans: list[str]) -> None:
    """A two-unit span that no gap or figure gives is ungrounded, part by part."""
    expected = [("ungrounded_value", "value.not_in_results", span) for span in spans]
    assert expected == of_type("ungrounded_value", reply, event)  # type: ignore[arg-type]
