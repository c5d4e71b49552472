"""English words that disclose a failure: a feed that "didn't update", a call that "came
back with a 503". A count of rows ("returned 500 rows") discloses nothing. Tools and
sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

FEED = ToolEvent(call_id="c1", tool="weather_feed.fetch", args={"station": "AWS-2"},
                 status=ToolStatus.FAILED, result="upstream error: HTTP 503; feed stale")
F = "failed_call_claimed"


@pytest.mark.parametrize("reply", [
    "The weather feed didn't update: it came back with a 503, so I have no rainfall today.",
    "The weather feed came back with a 503 and says the station has been stale since last "
    "night.",
])
def test_a_failure_told_in_these_words_is_disclosed(reply: str) -> None:
    """The reply tells the call failed: no failed_call_claimed."""
    assert [] == [f for f in findings(reply, FEED) if f[0] == F]


def test_a_count_of_rows_discloses_nothing() -> None:
    """"returned 500 rows" after a failed call presents a result it never had."""
    assert [F] == [f[0] for f in findings("The weather feed returned 500 rows of readings.",
                                          FEED) if f[0] == F]
