"""Chinese tells a failed command in words of its arrival or effect (没有送达, 未生效, 未到达),
of its unknown outcome (状态未知, 结果不明), or as the act with its result denied (邮件没发
出去, 金箔没订成功, 没交上): the failure is disclosed, and what such a sentence says of the
failure (地址被退回了（用户不存在）, 订单没下) is its account, not an absence or an act to
check against the successful results. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

FAILED = ToolEvent(call_id="c1", tool="valve_close", args={"valve": "V-3"},
                   status=ToolStatus.FAILED, result="gateway unreachable")


@pytest.mark.parametrize("reply", [
    "网关连不上，关阀指令没有送达，阀门状态未知。",
    "关阀指令未生效，V-3 还开着。",
    "指令发出后结果不明，建议到现场确认。",
])
def test_an_undelivered_command_is_disclosed(reply: str) -> None:
    """The command said not to have arrived or taken effect, or its outcome unknown."""
    assert [] == findings(reply, FAILED)


@pytest.mark.parametrize(("reply", "expected"), [
    ("V-3 已经关闭了。", [("failed_call_claimed", "failure.outcome_stated", "已经关闭了")]),
])
def test_a_command_said_done_is_still_claimed(reply: str, expected: Expected) -> None:
    """The failed command said done: failed_call_claimed."""
    assert expected == findings(reply, FAILED)

VISITS = ok("museum.daily_visits", "date,adults,students\n2026-12-01,86,142\n"
                                   "2026-12-02,74,95\n2026-12-03,91,210")
BOUNCED = ToolEvent(call_id="c2", tool="email.send", args={"to": ["curator@example.org"]},
                    status=ToolStatus.FAILED,
                    result="SMTP 550 5.1.1 <curator@example.org>: User unknown")
HELD = ToolEvent(call_id="c3", tool="suppliers.place_order", args={"sku": "GL-235"},
                 status=ToolStatus.FAILED,
                 result="422: account on credit hold (invoice INV-55 overdue). Order not placed.")


@pytest.mark.parametrize(("reply", "events"), [
    ("这三天一共 698 人次。不过邮件没发出去，地址被退回了（550 用户不存在），请确认邮箱。",
     (VISITS, BOUNCED)),
    ("这三天一共 698 人次。金箔没订成功：供应商说账户被冻结了信用，订单没下。", (VISITS, HELD)),
])
def test_a_denied_result_discloses_the_failure(reply: str,
                                               events: tuple[ToolEvent, ...]) -> None:
    """The failure's own account raises no absence, act or outcome finding."""
    assert [] == findings(reply, *events)


def test_an_undisclosed_failure_is_still_found() -> None:
    """Without the denied result, the failed send told as done is found."""
    reply = "这三天一共 698 人次，邮件已经发给馆长了。"
    assert ["failed_call_claimed"] == [f[0] for f in findings(reply, VISITS, BOUNCED)]
