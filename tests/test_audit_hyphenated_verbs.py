"""A compound verb written with a hyphen ("power-cycled", "e-mailed") is the verb of its
closed form ("powercycled", "emailed"): an act said done, held against the calls like any
other. A hyphenated word that is no verb ("well-written", "double-checked") claims no act.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

STATUS = ok("barrier_status", "gate: exit-south\nstate: fault\nfault_code: E14")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("The barrier has been power-cycled.", STATUS,
     [("fabricated_tool_call", "action.no_matching_call", "power-cycled")]),
    ("I've e-mailed the December update to the list.",
     ok("newsletter_preview", "subject: December update\nrecipients: 412"),
     [("fabricated_tool_call", "action.no_matching_call", "e-mailed")]),
    ("Power-cycled the exit barrier.", STATUS,
     [("fabricated_tool_call", "action.no_matching_call", "Power-cycled")]),
])
def test_a_hyphenated_act_needs_its_call(reply: str, event: ToolEvent,
                                         expected: Expected) -> None:
    """The hyphenated form of an action verb is that verb."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("The barrier has been power-cycled.",
     ok("barrier_powercycle", "gate: exit-south\nresult: cycled\nstate: idle")),
    ("The onboarding doc is well-written and has been double-checked by legal.",
     ok("doc_get", "title: onboarding\nstatus: reviewed")),
])
def test_a_call_that_did_it_or_no_verb(reply: str, event: ToolEvent) -> None:
    """A call doing that act, or a hyphenated word that is no action verb: no finding."""
    assert [] == findings(reply, event)
