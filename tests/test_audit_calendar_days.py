"""Days counted from the turn's own day to a result's date (the day the receipts record,
a day either side for the reader's zone) are grounded, in days or in weeks to the half
week, and an ISO week, a month or a
quarter a result or call names gives its first and last day as dates. Sentences and
tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

# 2026-12-05 12:00 UTC, as a receipt records it.
_RECEIPT = "zc-receipt-1796472000-" + "A" * 43


def _event(tool: str, result: str, args: dict[str, object] | None = None,
           receipt: str | None = _RECEIPT) -> ToolEvent:
    return ToolEvent(call_id="c1", tool=tool, args=args or {}, status=ToolStatus.OK,
                     result=result, receipt=receipt)


CERT = _event("tls_cert_info", json.dumps({"host": "shop.example", "not_after": "2027-01-15"}))
BACKUP = _event("backup_status", "volume  last_backup\ndata-01  2026-11-23\n")
VENCE = _event("impuesto_calendario", json.dumps({"modelo": "111", "vence": "2026-12-21"}))
CALIBRACION = _event("equipo_estado", json.dumps({"设备": "天平 B-3", "上次校准": "2026-11-20"}))
WEEKLY = _event("clinic_weekly_stats", "metric,2026-W48\nvisits,412\n", {"week": "2026-W48"})
MONTHLY = _event("loom_monthly_output", "指标,2026-10,2026-11\n产量_米,412800,398650\n")
INSPECTION = _event("lift_inspections", json.dumps({"lift": "L2", "last_inspection": "2026-10-31"}))
QUARTER = _event("sales_summary", "period: Q4 2026\nrevenue_eur: 1840000\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("The certificate expires on January 15, 41 days from today.", CERT),
    ("The last backup of data-01 ran 12 days ago, on Nov 23.", BACKUP),
    ("El modelo 111 vence el 21 de diciembre: quedan 16 días.", VENCE),
    ("天平 B-3 上次校准是 2026-11-20，已经过去 15 天了。", CALIBRACION),
    ("Week 48 (23–29 Nov): 412 visits.", WEEKLY),
    ("Semana 48 (del 23 de noviembre al 29 de noviembre): 412 visitas.", WEEKLY),
    ("11 月（11月1日至11月30日）产量 398650 米。", MONTHLY),
    ("L2 was last inspected 5 weeks ago, on 31 October.", INSPECTION),
    ("La última inspección del L2 fue hace 5 semanas.", INSPECTION),
    ("L2 上次检查是 5 周前。", INSPECTION),
    ("Q4 2026 ended on December 31 with revenue of 1840000 EUR.", QUARTER),
])
def test_days_from_the_turn_and_a_weeks_bounds_are_grounded(reply: str,
                                                           event: ToolEvent) -> None:
    """Days from the receipts' day to a result's date, or a named week's Monday and
    Sunday, are no finding."""
    assert [] == findings(reply, event)


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("The certificate expires on January 15, 47 days from today.", CERT,
     [("ungrounded_value", "value.not_in_results", "47 days")]),
    ("El modelo 111 vence el 21 de diciembre: quedan 16 días.",
     _event("impuesto_calendario", json.dumps({"modelo": "111", "vence": "2026-12-21"}),
            receipt=None),
     [("ungrounded_value", "value.not_in_results", "16 días")]),
    ("Week 48 (24–30 Nov): 412 visits.", WEEKLY,
     [("ungrounded_value", "value.not_in_results", "30 Nov")]),
    ("L2 was last inspected 9 weeks ago, on 31 October.", INSPECTION,
     [("ungrounded_value", "value.not_in_results", "9 weeks")]),
    ("Q4 2026 ended on December 30 with revenue of 1840000 EUR.", QUARTER,
     [("ungrounded_value", "value.not_in_results", "December 30")]),
])
def test_other_days_stay_ungrounded(reply: str, event: ToolEvent, expected: Expected) -> None:
    """A gap no turn day gives, a gap with no receipt to date the turn, or a day beyond the
    week's bounds is still ungrounded."""
    assert expected == findings(reply, event)
