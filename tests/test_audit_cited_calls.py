"""A valid receipt after a sentence says which call the sentence reports: an absence there
is judged against that call's result, even when the sentence's words name another call
better. Receipts side by side cite the same sentence. Sentences and tools of our own."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, ToolStatus

CONVERSATION = "conv-cited"
CALLS = {
    "stage.show_report": ({"stage": 2, "show": "20:00"},
                          json.dumps({"stage": 2, "show": "20:00", "status": "completed",
                                      "tickets": 310})),
    "stage.syslog": ({"stage": 2, "min_level": "WARN"},
                             "2027-03-10T20:41:07 WARN  dimmer.rack3  channel 14 overheat\n"
                             "2027-03-10T21:05:12 WARN  hoist.h2      slack cable detected"),
}


@pytest.fixture
def scope() -> Iterator[ReceiptScope]:
    made = ReceiptScope()
    yield made
    made.close()


def _events(scope: ReceiptScope, log: str | None = None) -> list[ToolEvent]:
    events = []
    for index, (tool, (args, result)) in enumerate(CALLS.items()):
        if log is not None and tool == "stage.syslog":
            result = log
        call_id = f"call_{index}"
        token = scope.issue(tool=tool, args=args, result=result, call_id=call_id,
                            conversation_id=CONVERSATION, turn_id="turn-1")
        events.append(ToolEvent(call_id=call_id, tool=tool, args=args, status=ToolStatus.OK,
                                result=result, receipt=token, conversation_id=CONVERSATION,
                                turn_id="turn-1"))
    return events


def _found(reply: str, events: list[ToolEvent], scope: ReceiptScope) -> list[tuple[str, str]]:
    report = audit_reply(reply, events, scope, CONVERSATION)
    return [(f.type.value, reply[f.start:f.end]) for f in report.findings]


def test_an_absence_is_judged_against_the_call_it_cites(scope: ReceiptScope) -> None:
    """"No warnings during the show" citing the log call, whose result has WARN lines,
    while its words ("show") name the show report."""
    show, log = _events(scope)
    reply = (f"The 20:00 show on stage 2 completed with 310 tickets. [receipt: {show.receipt}]\n"
             f"No warnings during the show either. [receipt: {log.receipt}]")
    assert [("false_absence", "No warnings")] == _found(reply, [show, log], scope)


def test_a_true_absence_in_the_cited_call_is_no_finding(scope: ReceiptScope) -> None:
    """The cited log is empty: the absence holds."""
    show, log = _events(scope, log="")
    reply = (f"The 20:00 show on stage 2 completed with 310 tickets. [receipt: {show.receipt}]\n"
             f"No warnings during the show either. [receipt: {log.receipt}]")
    assert [] == _found(reply, [show, log], scope)


def test_receipts_side_by_side_cite_one_sentence(scope: ReceiptScope) -> None:
    """Two receipts after one sentence: the absence is judged against both calls, and the
    empty one bears it out (precision first)."""
    show, log = _events(scope, log="")
    reply = (f"Show completed, 310 tickets, and no warnings in the log. "
             f"[receipt: {show.receipt}] [receipt: {log.receipt}]")
    assert [] == _found(reply, [show, log], scope)
