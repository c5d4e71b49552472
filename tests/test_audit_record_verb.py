"""To record (a score, a reading, a result) is an act of the create class: said done after
a call that timed out it presents that call's outcome, after only a read it is fabricated;
a result's reading told with "recorded", and a participle labelling a figure ("Recorded
high: 41 °C"), claim no act."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

TIMED_OUT = ToolEvent(call_id="c1", tool="bracket_report_score",
                      args={"match_id": "SF2", "score": "2-1"}, status=ToolStatus.TIMEOUT,
                      result="Error: tournament API timed out after 20s")
RECORDED = ok("match_result_record", json.dumps({"ok": True}), {"match_id": "SF2"})
BRACKET = ok("bracket_get", json.dumps({"SF2": {"team_a": "Caldera", "score": None}}))
WEATHER = ok("weather_history", json.dumps({"max_c": 41, "at": "14:00", "station": "Seville"}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Recorded: Caldera beat Ironwake 2–1 in SF2.", TIMED_OUT,
     [("failed_call_claimed", "failure.outcome_stated", "Recorded")]),
    ("I've recorded Caldera's win in SF2.", TIMED_OUT,
     [("failed_call_claimed", "failure.outcome_stated", "recorded")]),
    ("I've recorded Caldera's win in SF2.", BRACKET,
     [("fabricated_tool_call", "action.no_matching_call", "recorded")]),
])
def test_a_recording_not_done_is_found(reply: str, event: ToolEvent,
                                       expected: list[tuple[str, str, str]]) -> None:
    """A timed-out or absent recording call makes "recorded" a false act."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("I've recorded Caldera's win in SF2.", RECORDED),
    ("The highest reading was recorded at 14:00: 41 °C.", WEATHER),
    ("Seville recorded 41 °C at 14:00.", WEATHER),
    ("Recorded high: 41 °C at 14:00.", WEATHER),
    ("Recorded at Seville: 41 °C at 14:00.", WEATHER),
    ("Recorded in 1976, the old high stood for decades.", WEATHER),
])
def test_a_backed_recording_or_a_reading_is_no_finding(reply: str, event: ToolEvent) -> None:
    """A call that recorded backs the act; a reading or a label claims none."""
    assert [] == findings(reply, event)
