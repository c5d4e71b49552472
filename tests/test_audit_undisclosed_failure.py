"""When every call of the turn failed, a reply that states something with no word of failure,
disclosure or denial anywhere presents an outcome the turn does not have, whatever its words.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

X, RULE = "failed_call_claimed", "failure.outcome_stated"
VISIT_DENIED = ToolEvent(call_id="c1", tool="cleaning_jobs.assign", args={"job": "J-88"},
                         status=ToolStatus.DENIED, result="403: dispatcher role required")
VISIT_TIMEOUT = ToolEvent(call_id="c1", tool="cleaning_jobs.assign", args={"job": "J-88"},
                          status=ToolStatus.TIMEOUT, result="timed out after 30 s")
JOB = ok("cleaning_jobs.get", '{"job": "J-88", "crew": "Dana", "day": "Tuesday"}')


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Dana will be at the Ashworths' on Tuesday morning, as you asked.", [VISIT_DENIED],
     [(X, RULE, "Dana will be at the Ashworths' on Tuesday morning")]),
    ("Todo en orden: Dana irá el martes por la mañana.", [VISIT_TIMEOUT],
     [(X, RULE, "Todo en orden")]),
    # Disclosed, denied, asked, or backed by a call that succeeded: no finding.
    ("That needs a dispatcher: the assignment was refused (403).", [VISIT_DENIED], []),
    ("I haven't assigned Dana yet: it needs a dispatcher.", [VISIT_DENIED], []),
    ("Want me to try the assignment again?", [VISIT_TIMEOUT], []),
    ("Dana is on J-88 on Tuesday.", [JOB, VISIT_DENIED], []),
])
def test_a_reply_without_a_word_of_failure_after_failed_calls(
        reply: str, events: list[ToolEvent], expected: Expected) -> None:
    """Every call failed and nothing in the reply says so: its statement is flagged."""
    assert expected == [f for f in findings(reply, *events) if f[0] == X]
