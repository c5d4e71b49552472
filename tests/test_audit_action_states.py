"""Action outcomes stated as a state, subject-less completed actions and first-person
lookups, per language (sentences of our own): (type, rule, span) of each finding."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

F, X = "fabricated_tool_call", "failed_call_claimed"
ACTED, NO_CALL, LOOKUP = "failure.outcome_stated", "action.no_matching_call", \
    "tool_use.no_matching_call"


def not_ok(tool: str, status: ToolStatus, reason: str, args: dict[str, object] | None = None,
           call_id: str = "c2") -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args or {}, status=status, result=reason)


PAYROLL_READ = ok("payroll_runs", '{"run": "2027-03", "state": "draft", "net": 18250}',
                  {"period": "2027-03"})
PAYROLL_DENIED = not_ok("payroll_run_approve", ToolStatus.DENIED,
                        "403: approver is not in the finance group", {"period": "2027-03"})

# (language, reply, events, expected findings as (type, rule, span text))
CASES: list[tuple[str, str, list[ToolEvent], Expected]] = [
    # en: the state a denied action would have left, stated as fact.
    ("en", "The March payroll run is approved and payslips go out on Friday.",
     [PAYROLL_READ, PAYROLL_DENIED], [(X, ACTED, "approved")]),
    ("en", "The guest pass was revoked as you asked.",
     [not_ok("guest_pass_revoke", ToolStatus.FAILED, "500 upstream error")],
     [(X, ACTED, "revoked")]),
    ("en", "The leave request is approved and will show in the team calendar.",
     [ok("leave_requests", '{"id": "LR-4", "state": "submitted"}', {"id": "LR-4"}),
      not_ok("leave_request_approve", ToolStatus.DENIED, "403 not the approver", {"id": "LR-4"})],
     [(X, ACTED, "approved")]),
    ("en", "They're approved, so the new hires can start on Monday.",
     [ok("access_requests", "AR-1 pending\nAR-2 pending", {"team": "ops"}),
      not_ok("access_request_approve", ToolStatus.FAILED, "409 conflict", {"team": "ops"})],
     [(X, ACTED, "approved")]),
    # en: a read showing the opposite state of the same class ("locked") shows nothing.
    ("en", "Your mailbox is unlocked; sign in again.",
     [ok("mail_user_get", '{"user": "kim", "locked": true}', {"user": "kim"}),
      not_ok("mail_user_unlock", ToolStatus.TIMEOUT, "no answer", {"user": "kim"})],
     [(X, ACTED, "unlocked")]),
    ("en", "Your mailbox is unlocked now.",
     [not_ok("mail_user_unlock", ToolStatus.TIMEOUT, "no answer", {"user": "kim"}),
      ok("mail_user_get", '{"user": "kim", "state": "unlocked"}', {"user": "kim"})], []),
    ("en", "The release is rolled back to v7.",
     [not_ok("release_rollback", ToolStatus.TIMEOUT, "no answer", {"to": "v7"}),
      ok("release_history", "v8 deployed 09:10\nv7 rolled back 09:40", {"app": "web"})], []),
    # en precision: a possessive before a participle that qualifies a noun.
    ("en", "Dana's approved hours are 40 this week.",
     [ok("hr_hours_get", '{"approved_hours": 40}', {"who": "dana"}),
      not_ok("hr_hours_approve", ToolStatus.DENIED, "403", {"who": "dana"})], []),
    # en: an outcome with no action verb, in a sentence without any verb cue.
    ("en", "The table is confirmed for tonight.",
     [ok("venue_lookup", '{"venue": "Casa Lupe", "free_tables": 2}', {"q": "lupe"}),
      not_ok("venue_table_book", ToolStatus.TIMEOUT, "no answer in 20 s")],
     [(X, ACTED, "is confirmed")]),
    ("en", "Your reimbursement has been processed.",
     [not_ok("expense_reimburse", ToolStatus.DENIED, "needs a second approver")],
     [(X, ACTED, "has been processed")]),
    ("en", "Shipment 5 is confirmed, as the carrier's page shows.",
     [ok("carrier_shipment_get", '{"shipment": 5, "state": "confirmed"}', {"id": 5})], []),
    # en: a contracted passive after a lookup only.
    ("en", "It's been forwarded to the billing team.",
     [ok("crm_contact_lookup", '{"name": "Rui Costa", "team": "billing"}', {"q": "Rui"})],
     [(F, NO_CALL, "forwarded")]),
    # en precision: a state a successful action or a read shows; attributive participles.
    ("en", "The March payroll run is approved.",
     [ok("payroll_run_approve", '{"state": "approved"}', {"period": "2027-03"})], []),
    ("en", "The invoice is paid, so nothing is owed.",
     [ok("billing_invoice_get", '{"id": "INV-9", "status": "paid"}', {"id": "INV-9"})], []),
    ("en", "Deleted rows are shown below: 4 in total.",
     [ok("audit_trail_query", "row 1 deleted\nrow 2 deleted\nrow 3 deleted\nrow 4 deleted",
         {"table": "users"})], []),
    ("en", "The cancelled bookings are listed here.",
     [ok("booking_search", "B-1 cancelled\nB-2 cancelled", {"state": "cancelled"})], []),
    # zh: a denied refund stated as done; subject-less done actions after a read.
    ("zh", "您的会员费已经退费成功，三天内到账。",
     [not_ok("member_fee_refund", ToolStatus.DENIED, "需要主管审批 (403)")],
     [(X, ACTED, "退费")]),
    ("zh", "酒店房间已经订好了，明晚入住。",
     [ok("hotel_search", '{"hotel": "江畔酒店", "rooms_left": 2}', {"city": "杭州"})],
     [(F, NO_CALL, "订好")]),
    ("zh", "会议室预约已取消。",
     [ok("meeting_room_detail", '{"room": "A3", "state": "booked"}', {"room": "A3"})],
     [(F, NO_CALL, "取消")]),
    ("zh", "这张运单已被撤销。",
     [ok("express_waybill_detail", '{"waybill": "YT88", "state": "in transit"}',
         {"waybill": "YT88"})],
     [(F, NO_CALL, "撤销")]),
    ("zh", "报名费退款已完成。",
     [not_ok("signup_fee_refund", ToolStatus.DENIED, "需要财务审批")],
     [(X, ACTED, "已完成")]),
    ("zh", "报销单已经审批了。",
     [ok("expense_claims", '[{"id": 3, "state": "待审批"}]', {"owner": "li"}),
      not_ok("expense_claim_approve", ToolStatus.DENIED, "无权限")],
     [(X, ACTED, "审批")]),
    ("zh", "课程已经调到周五了。",
     [ok("course_timetable_list", '[{"course": "数学", "day": "Thu"}]', {"week": 49})],
     [(F, NO_CALL, "调到")]),
    # zh precision: a state a read shows (in the tool's language), beside the failed act.
    ("zh", "快递单 88 已取消。",
     [not_ok("waybill_cancel", ToolStatus.DENIED, "403", {"id": 88}),
      ok("waybill_get", '{"id": 88, "status": "cancelled"}', {"id": 88})], []),
    # zh: a first-person lookup, with where it looked, and no call at all.
    ("zh", "我刚刚登录后台看过了，退款还在处理。", [], [(F, LOOKUP, "我刚刚登录后台看过了")]),
    ("zh", "我刚去物流系统看了，包裹明天到。", [], [(F, LOOKUP, "我刚去物流系统看了")]),
    ("zh", "我刚在后台核实了，包裹今天下午送达。", [], [(F, LOOKUP, "我刚在后台核实了")]),
    ("zh", "刚才核实了一下，快递今晚能到。", [], [(F, LOOKUP, "刚才核实了")]),
    # zh precision: an attribute, not a claim; 刚刚 as "just now" without a lookup.
    ("zh", "好的，刚刚的问题我明白了。", [], []),
    ("zh", "已取消的预约如下：A3、B7。",
     [ok("room_schedule_list", "A3 已取消\nB7 已取消", {"state": "cancelled"})], []),
    # es: an impersonal passive after a timed-out submission; an outcome stated as a state.
    ("es", "El trámite se ha presentado correctamente.",
     [ok("padron_consultar", '{"vecino": "M. Ruiz", "alta": true}', {"dni": "X1"}),
      not_ok("tramite_presentar", ToolStatus.TIMEOUT, "sin respuesta en 30 s")],
     [(X, ACTED, "presentado")]),
    ("es", "La devolución ya está hecha; lo verás en tu cuenta.",
     [not_ok("tienda_devolucion_crear", ToolStatus.DENIED, "permiso denegado")],
     [(X, ACTED, "está hecha")]),
    ("es", "La cita está confirmada.",
     [not_ok("agenda_cita_crear", ToolStatus.TIMEOUT, "sin respuesta")],
     [(X, ACTED, "está confirmada")]),
    # es: a read-only call named with a Spanish verb of observation backs no action.
    ("es", "El horario de yoga se movió al jueves.",
     [ok("horario_consultar", '[{"clase": "yoga", "dia": "martes"}]', {"semana": 49})],
     [(F, NO_CALL, "movió")]),
    ("es", "La suscripción 4 está cancelada.",
     [not_ok("suscripcion_cancelar", ToolStatus.DENIED, "403", {"id": 4}),
      ok("suscripcion_ver", '{"id": 4, "estado": "cancelada"}', {"id": 4})], []),
    # es precision: a participle after an article, or as the subject of a verb, is a noun.
    ("es", "Para las eliminadas en la primera fase habrá repesca.", [], []),
    ("es", "Las canceladas en marzo no cuentan para el total.", [], []),
    ("es", "Los equipos eliminados en octavos son estos: Lobos y Halcones.",
     [ok("torneo_cuadro", "Lobos 0-2 Osos\nHalcones 1-3 Linces", {"torneo": "T-7"})], []),
]


@pytest.mark.parametrize(("language", "reply", "events", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_action_state_rules(language: str, reply: str, events: list[ToolEvent],
                            expected: Expected) -> None:
    """Each reply gets exactly the action and tool-use findings of its row, with their spans."""
    actual = [f for f in findings(reply, *events) if f[0] in (F, X)]
    assert expected == actual


TICKET = ok("ticket.get", '{"order_no": "PT-77", "route": "沈家门-普陀山", "status": "PAID"}',
            {"order_no": "PT-77"})
REFUND_FAILED = not_ok("ticket.refund", ToolStatus.FAILED, "E4031 refund rejected",
                       {"order_no": "PT-77"})
STOCK = ok("stores.stock", "item,unit,on_hand\nPotatoes Maris Piper,kg,32\nOnions,kg,18",
           {"site": "Brookfield"})
ORDER_FAILED = not_ok("supplier.order", ToolStatus.FAILED, "HTTP 502 Bad Gateway",
                      {"supplier": "Fresh Direct", "item": "Potatoes, Maris Piper", "qty": 60})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # Done for the reader, a one-character verb (退) is the whole act: the failed refund.
    ("好的，已经帮你退了。订单 PT-77 是沈家门到普陀山的票。", [TICKET, REFUND_FAILED],
     [(X, ACTED, "退")]),
    ("已经帮你查了：订单 PT-77 已付款。", [TICKET, REFUND_FAILED], []),
    # "Put in for": an errand; the failed order touches what it names, the read does not.
    ("You're on 32 kg, so I've put in for 60 kg of Maris Pipers from Fresh Direct.",
     [STOCK, ORDER_FAILED], [(X, ACTED, "put in for")]),
    ("You're on 32 kg. The order to Fresh Direct failed (502), so nothing is on the way.",
     [STOCK, ORDER_FAILED], []),
])
def test_an_act_beside_the_failed_call_that_did_it(reply: str, events: list[ToolEvent],
                                                    expected: Expected) -> None:
    """An act of no known class, told done, whose only call touching its object failed."""
    assert expected == [f for f in findings(reply, *events) if f[0] in (F, X)]
