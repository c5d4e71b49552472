"""An act no successful call did, beside a failed call that acts in no known class or is
named for the act's own verb.

"I've booked the extra tanker" after a timed-out ``haulier.request_collection`` (a call
that acts, in words the lexicon gives no class): that call is the attempt, so the reply
presents its outcome (``failed_call_claimed``), not a call never made. A failed call of
another known class, or one that only reads, leaves the act fabricated. Tools and
sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

TANK = ok("bulktank.status", json.dumps({"tank": "BT-1", "volume_l": 10460}))


def timed_out(tool: str) -> ToolEvent:
    return ToolEvent(call_id="c2", tool=tool, args={"date": "2026-12-07"},
                     status=ToolStatus.TIMEOUT, result="Error: no response within 45s")


@pytest.mark.parametrize(("failed", "expected"), [
    ("haulier.request_collection", "failed_call_claimed"),
    ("mail.send_message", "fabricated_tool_call"),
    ("haulier.status", "fabricated_tool_call"),
])
def test_the_failed_call_of_no_known_class_is_the_attempt(failed: str, expected: str) -> None:
    """Only a failed call that acts in no known class takes the claim as its outcome."""
    reply = "The tank is at 10,460 L. I've booked the extra tanker for tomorrow morning."
    kinds = {f[0] for f in findings(reply, TANK, timed_out(failed))}
    assert {expected} == kinds & {"failed_call_claimed", "fabricated_tool_call"}


def test_a_failed_call_named_for_the_claims_verb_is_the_attempt() -> None:
    """"I've downloaded the three nights" after a timed-out device.download: its outcome."""
    reply = "The tank is at 10,460 L. I've downloaded the three nights of readings."
    kinds = {f[0] for f in findings(reply, TANK, timed_out("device.download"))}
    assert {"failed_call_claimed"} == kinds & {"failed_call_claimed", "fabricated_tool_call"}


@pytest.mark.parametrize(("reply", "failed", "expected"), [
    # A state told in a contraction with "now"; a failed call of no known class about it.
    ("The tank is at 10,460 L, and the tanker's now booked for tomorrow.",
     "haulier.book_collection", {"failed_call_claimed"}),
    ("The tank is at 10,460 L. Power's booked for the milking parlour.",
     "parlour.request_power", {"failed_call_claimed"}),
    # A failed call of no class about something else leaves the state unjudged.
    ("The tank is at 10,460 L. Power's booked for the milking parlour.",
     "haulier.request_collection", set()),
])
def test_a_state_told_done_after_its_failed_call(failed: str, reply: str,
                                                 expected: set[str]) -> None:
    """"it's now booked", "Power's booked": the failed call about it is the attempt."""
    kinds = {f[0] for f in findings(reply, TANK, timed_out(failed))}
    assert expected == kinds & {"failed_call_claimed", "fabricated_tool_call"}
