"""A span of hours the reply states as a difference of time zones is grounded when it is
the shift the reply applies: every time it writes that no result holds is a result's
time moved by exactly that many hours, or it is the difference of two UTC offsets the
reply writes. A span the reply's moved times do not show stays ungrounded. Results and
sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"
CALLS = ok("meeting_schedule", json.dumps({"zone": "Europe/London",
                                           "meetings": [{"title": "sync", "time": "10:00"},
                                                        {"title": "review", "time": "15:30"}]}))
REUNION = ok("agenda_reuniones", json.dumps({"zona": "Europe/Madrid",
                                             "reuniones": [{"tema": "cierre", "hora": "16:00"}]}))
HUIYI = ok("meeting_schedule", json.dumps({"时区": "Europe/London", "会议": [{"时间": "09:30"}]}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Tokyo is 9 hours ahead of London: the sync is at 19:00 and the review at 00:30 there.",
     CALLS, []),
    ("Nueva York va 6 horas por detrás de Madrid: el cierre de las 16:00 es a las 10:00 allí.",
     REUNION, []),
    ("北京比伦敦快 8 个小时，09:30 的会是北京时间 17:30。", HUIYI, []),
    ("Madrid (UTC+1) y Bogotá (UTC−5) se llevan 6 horas: el cierre es a las 16:00 en Madrid.",
     REUNION, []),
    ("Tokyo is 8 hours ahead of London: the sync is at 19:00 and the review at 00:30 there.",
     CALLS, [(V, NOT_IN, "8 hours")]),
])
def test_a_zone_difference_the_reply_applies(reply: str, event: object,
                                            expected: Expected) -> None:
    """The shift the reply's moved times show is grounded; another span is not."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
