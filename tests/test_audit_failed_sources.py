"""A figure no result holds, in a sentence that names a failed call by a word of its
tool's name ("According to the AIS, ..." after ``ais.vessel_position`` timed out), presents
what that call would have returned: failed_call_claimed besides the ungrounded value. A
sentence that names a successful call too is the value's own matter. Tools and sentences
of our own."""

from __future__ import annotations

import json

from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

POSITION = ToolEvent(call_id="c2", tool="ais.vessel_position", args={"name": "KESTREL"},
                     status=ToolStatus.TIMEOUT, result="timeout after 20 s")
BUOY = ok("meteo.buoy", json.dumps({"buoy": "Ness Point", "wave_m": 1.8, "wind_kn": 22}))


def test_a_figure_said_from_a_failed_source_presents_it() -> None:
    """The AIS call timed out: its position told as known is a failed call presented."""
    found = findings("According to the AIS, Kestrel is 2.4 miles north-east of the harbour. "
                     "The Ness Point buoy shows 1.8 m waves.", POSITION, BUOY)
    assert ("failed_call_claimed", "failure.outcome_stated", "2.4 miles") in found


def test_a_figure_of_a_sentence_naming_a_successful_call_is_its_own_matter() -> None:
    """The buoy call succeeded: an unknown figure in its sentence is an ungrounded value."""
    found = findings("The buoy shows 2.6 m waves.", POSITION, BUOY)
    assert [("ungrounded_value", "value.not_in_results", "2.6")] == found
