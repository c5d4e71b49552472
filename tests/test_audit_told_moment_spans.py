"""A span of minutes or hours counted from a moment the user or a call's arguments name
("we need to catch 04:10", a reschedule to Friday 09:00) to one of the results' is the
reply's own count, on a day or in a zone the auditor cannot pair: no finding. Without a
moment told, or beside a result's own span in that unit, it is checked as any value.
Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

WINDOW = ok("queue.status", json.dumps({"block": "087-T3", "window_utc": ["03:40", "05:10"]}))
RESCHEDULE = ToolEvent(call_id="c2", tool="deliveries.reschedule",
                       args={"order": "BR-2207", "date": "2026-12-11", "time": "09:00"},
                       status=ToolStatus.DENIED, result="PolicyDenied: under 36 h before start")
DELIVERY = ok("deliveries.get", json.dumps({"order": "BR-2207",
                                            "event_start": "2026-12-12T13:00:00+00:00"}))
TIMER = ok("job_timer", json.dumps({"job": "render-88", "elapsed_minutes": 135,
                                    "started": "21:30"}))


@pytest.mark.parametrize(("reply", "events", "user", "expected"), [
    ("The 04:10 ingress falls inside the window with 30 minutes of baseline before it.",
     (WINDOW,), "we need to catch ingress at 04:10 UTC", []),
    ("I couldn't move it: Friday 9:00 is about 28 hours before the 13:00 start.",
     (DELIVERY, RESCHEDULE), "move it to Friday 9am", []),
    # No moment told: the span is the results' own, checked.
    ("The window leaves 30 minutes of baseline before ingress.", (WINDOW,), "",
     [("ungrounded_value", "value.not_in_results", "30 minutes")]),
    # A result writes its own span in minutes: held to it.
    ("Started at 21:30; it ran 95 minutes.", (TIMER,), "did the 21:30 render finish?",
     [("ungrounded_value", "value.not_in_results", "95 minutes")]),
])
def test_a_span_from_a_told_moment(reply: str, events: tuple[ToolEvent, ...], user: str,
                                   expected: Expected) -> None:
    """Spans from a told moment pass; the results' own spans are still checked."""
    assert expected == of_type("ungrounded_value", reply, *events, user=user)
