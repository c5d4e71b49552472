"""Chinese tells a failed command in words of its arrival or effect (没有送达, 未生效, 未到达)
or of its unknown outcome (状态未知, 结果不明): the failure is disclosed. Sentences and
tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings

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
