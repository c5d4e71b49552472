"""Chinese words of a record's state, with the English words tools write that state in.

A closed class: the states a booking, an order, a task, a flight or a payment is in
(取消 cancelled, 延误 delayed, 逾期 overdue...), as a result's status field gives them. A
reply says "没有取消的" of a result whose items are "confirmed" or "cancelled": the state
is the same word in the two languages, so the absence can be checked against the result.
Words that name an availability (空闲, 满) are left out: results write those as keys of
counts ("free_seats") as often as states.
"""

from __future__ import annotations

STATES: dict[str, tuple[str, ...]] = {
    "取消": ("cancelled", "canceled"),
    "作废": ("void", "voided", "cancelled"),
    "延误": ("delayed",),
    "延迟": ("delayed",),
    "晚点": ("delayed", "late"),
    "迟到": ("late",),
    "确认": ("confirmed",),
    "待定": ("tentative", "pending"),
    "待处理": ("pending",),
    "待审": ("pending",),
    "逾期": ("overdue",),
    "超期": ("overdue",),
    "过期": ("expired",),
    "失败": ("failed",),
    # A check or an inspection not passed: one state under three names.
    "不合格": ("failed", "fail", "rejected"),
    "不通过": ("failed", "fail"),
    "未通过": ("failed", "fail"),
    "拒绝": ("rejected", "declined", "denied"),
    "驳回": ("rejected",),
    "批准": ("approved",),
    "暂停": ("paused", "suspended"),
    "停用": ("disabled", "inactive"),
    "退回": ("returned",),
    "退货": ("returned",),
    "退款": ("refunded",),
    "损坏": ("damaged", "broken"),
    "破损": ("damaged",),
    "丢失": ("lost", "missing"),
    "缺失": ("missing",),
    "缺席": ("absent",),
    "缺勤": ("absent",),
    "未付": ("unpaid",),
    "欠费": ("unpaid", "overdue"),
    "故障": ("fault", "faulty"),
    "离线": ("offline",),
    "维护": ("maintenance",),
    "维修": ("maintenance", "repair", "workshop"),
    "停运": ("suspended", "out_of_service", "stopped"),
    "停机": ("stopped", "offline"),
    "占用": ("occupied", "in_use"),
    "发货": ("shipped", "dispatched"),
    "送达": ("delivered",),
    "签收": ("delivered",),
    "售罄": ("sold_out",),
    "缺货": ("out_of_stock",),
    "锁定": ("locked",),
    "未解决": ("unresolved",),
    "排队": ("queued",),
    "挂起": ("on_hold", "suspended"),
}
