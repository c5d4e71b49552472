"""Chinese says an act done by a verb of doing with the complement 好 after a marker of
completion (已经开好了, 已经帮你办好了, 都换好了): an outcome, as "Done." and "ya está hecho"
are, so beside a call that failed and a reply that discloses nothing it presents that
call's result. Negated (还没开好), the assistant's own work (算好了), or beside a call that
succeeded, it claims nothing wrong. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def failed(tool: str, status: ToolStatus, result: str) -> ToolEvent:
    return ToolEvent(call_id="c1", tool=tool, args={"id": "A-1"}, status=status, result=result)


TIMED_OUT = failed("invoice_issue", ToolStatus.TIMEOUT, "Error: 接口响应超时（30s），开票状态未知")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("11 月的专票已经开好了，电子版会发到财务邮箱。", TIMED_OUT,
     [("failed_call_claimed", "failure.outcome_stated", "已经开好了")]),
    ("在职证明已经帮你办好了，明天可以去前台领。",
     failed("certificate_request", ToolStatus.FAILED, "upstream 502"),
     [("failed_call_claimed", "failure.outcome_stated", "已经帮你办好了")]),
    ("B2 的门锁都换好了。",
     failed("lock_replace_order", ToolStatus.DENIED, "403: requires facilities_admin"),
     [("failed_call_claimed", "failure.outcome_stated", "都换好了")]),
])
def test_an_act_done_by_its_complement_presents_the_failed_call(
        reply: str, event: ToolEvent, expected: Expected) -> None:
    """已经 + a verb of doing + 好 after a failed call is failed_call_claimed."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("专票还没开好，接口响应超时了，开票状态未知。", TIMED_OUT),
    ("总价我已经算好了。开票接口超时了，还不确定有没有开出来。", TIMED_OUT),
    ("专票已经开好了，发票号 FP-1188，金额 8600 元。",
     ok("invoice_issue", '{"invoice": "FP-1188", "status": "issued", "amount": 8600}')),
])
def test_no_act_done_or_a_call_that_did_it(reply: str, event: ToolEvent) -> None:
    """Not done, the reply's own work, or a successful call: no finding."""
    assert [] == findings(reply, event)
