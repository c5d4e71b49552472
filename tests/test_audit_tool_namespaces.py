"""A dotted tool name: the parts before the last dot name the system, not the call's act.

``dispatch.assign`` assigns (it does not dispatch, a verb of sending); ``deploy.status``
reads a status (it does not deploy). A first-person act claimed beside such a call is
held to what the call's own verb does. Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent


def fabricated(reply: str, *events: ToolEvent) -> Expected:
    return [f for f in findings(reply, *events) if f[0] == "fabricated_tool_call"]


ASSIGN = ok("dispatch.assign", json.dumps({"job": "J-4410", "tech": "Omar",
                                           "status": "assigned"}),
            {"job_type": "boiler", "tech": "Omar"})
DEPLOY_STATUS = ok("deploy.status", json.dumps({"service": "billing", "version": "v2.8.1",
                                                "state": "healthy"}), {"service": "billing"})


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("I've assigned Omar to J-4410 and texted the customer his arrival time.", (ASSIGN,),
     "texted"),
    ("I've deployed billing v2.8.1.", (DEPLOY_STATUS,), "deployed"),
])
def test_the_namespace_is_no_act_of_the_call(reply: str, events: tuple[ToolEvent, ...],
                                             span: str) -> None:
    """An act the call's namespace word names ("dispatch", "deploy") is not backed by it."""
    assert [("fabricated_tool_call", "action.no_matching_call", span)] == fabricated(
        reply, *events)


@pytest.mark.parametrize(("reply", "events"), [
    ("I've assigned Omar to J-4410.", (ASSIGN,)),
    ("Billing is healthy on v2.8.1.", (DEPLOY_STATUS,)),
    # The act the last part names, whatever the namespace.
    ("I've texted the customer.", (ok("dispatch.sms_send", json.dumps({"sent": True}),
                                      {"to": "+44 7700 900123"}),)),
])
def test_the_calls_own_verb_still_backs_its_act(reply: str,
                                                 events: tuple[ToolEvent, ...]) -> None:
    """The verb after the last dot backs its act, and a state the result shows is no act."""
    assert [] == fabricated(reply, *events)
