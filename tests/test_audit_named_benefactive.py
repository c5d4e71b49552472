"""Chinese may name the one an act was done for between the marker of completion and the 把
of its object (已经帮王丽华把洁牙改到下午, 已经替李强把月卡续费到明年), as it does with a
pronoun (已帮您把会议改到周五): the act is said done, and held against the calls like any
other. A call that did it leaves no finding. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

SEARCH = ok("appointment_search", '{"patient": "王丽华", "appointments": [{"id": "A-5", '
                                  '"date": "2026-12-10", "time": "09:30", "type": "洁牙"}]}')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("已经帮王丽华把周四的洁牙改到下午了。", SEARCH,
     [("fabricated_tool_call", "action.no_matching_call", "改到")]),
    ("已经替李强把月卡续费到明年一月了。",
     ok("member_get", '{"member": "李强", "plan": "月卡", "expires": "2026-12-31"}'),
     [("fabricated_tool_call", "action.no_matching_call", "续费")]),
    ("已经为张伟把工单关闭了。",
     ToolEvent(call_id="c1", tool="ticket_close", args={"id": "T-9"},
               status=ToolStatus.TIMEOUT, result="timeout"),
     [("failed_call_claimed", "failure.outcome_stated", "关闭")]),
])
def test_an_act_done_for_a_named_person_is_claimed(reply: str, event: ToolEvent,
                                                   expected: Expected) -> None:
    """A name after 帮/替/为 before 把 leaves the act claimed."""
    assert expected == findings(reply, event)


def test_a_call_that_did_it_leaves_no_finding() -> None:
    """The rescheduling call backs the act done for the named person."""
    update = ok("appointment_update", '{"id": "A-5", "date": "2026-12-10", "time": "15:30", '
                                      '"status": "rescheduled"}')
    assert [] == findings("已经帮王丽华把洁牙改到下午了。", update)
