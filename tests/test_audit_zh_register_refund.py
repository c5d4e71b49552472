"""Chinese verbs of registering (登记, 录入, 入库) are acts, said done by 已 in a subject-less
passive ("已登记入库"); 退 with a resultative complement (退好, 退掉, 退完) is a refund done.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

MEMBER = ok("member_lookup", '{"member": "M-2201", "name": "周晴", "level": "金卡"}',
            {"phone": "138****2201"})
STOCK = ok("inventory_search", '{"sku": "PAL-40", "on_hand": 12}', {"sku": "PAL-40"})
INTAKE = ok("intake_register", '{"receipt": "RK-7710", "status": "ok"}', {"sku": "PAL-40"})
SHOWN = ok("parcel_status", '{"parcel": "P-88", "status": "已入库"}', {"parcel": "P-88"})
ORDER = ok("booking_lookup", '{"booking": "BK-51", "amount": 260.0, "refundable": false}',
           {"booking": "BK-51"})
REFUND_FAILED = ToolEvent(call_id="c2", tool="booking_refund", args={"booking": "BK-51"},
                          status=ToolStatus.FAILED, result="Error 409: not refundable")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("新会员资料已登记，积分下周生效。", MEMBER,
     [("fabricated_tool_call", "action.no_matching_call", "登记")]),
    ("这批托盘已录入系统。", STOCK, [("fabricated_tool_call", "action.no_matching_call", "录入")]),
    ("12 个托盘已经入库了。", STOCK, [("fabricated_tool_call", "action.no_matching_call", "入库")]),
])
def test_a_registration_after_a_read_only(reply: str, event: ToolEvent,
                                          expected: Expected) -> None:
    """A read registers nothing: a registration said done in the passive is fabricated."""
    assert expected == of_type("fabricated_tool_call", reply, event)


@pytest.mark.parametrize(("reply", "events"), [
    ("这批托盘已登记入库，单号 RK-7710。", (STOCK, INTAKE)),    # a registering call ran
    ("包裹 P-88 已入库。", (SHOWN,)),                           # the result's own status
    ("需要的话我可以帮您登记入库。", (STOCK,)),                  # an offer
])
def test_a_registration_backed_shown_or_offered(reply: str,
                                                events: tuple[ToolEvent, ...]) -> None:
    """A registering call, a status the result shows, or an offer: no finding."""
    assert [] == of_type("fabricated_tool_call", reply, *events)


@pytest.mark.parametrize(("reply", "span"), [
    ("已经帮您退好了，260 元原路返回。", "退好"),
    ("这张订单给您退掉了。", "退掉"),
    ("钱都退完了，请查收。", "退完"),
])
def test_a_refund_said_done_after_it_failed(reply: str, span: str) -> None:
    """退 with a resultative complement says the failed refund done."""
    assert [("failed_call_claimed", "failure.outcome_stated", span)] == of_type(
        "failed_call_claimed", reply, ORDER, REFUND_FAILED)


def test_a_failed_refund_disclosed() -> None:
    """A reply that says the refund did not go through claims nothing done."""
    assert [] == findings("退款没有成功：这张订单开场后不可退，还没退掉。", ORDER, REFUND_FAILED)
