"""Spans of time a result gives by its structure: a total of its rows' intervals (two
stops' "from" and "to" add up to 47 minutes), an amount over a rate per period (24,000
bottles at "daily_out": 1,600 last 15 days), the days between two of its dates.
Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

STOPS = ok("line_stops", json.dumps([{"from": "09:12", "to": "09:40", "reason": "feed"},
                                     {"from": "14:05", "to": "14:24", "reason": "feed"},
                                     {"from": "23:50", "to": "00:20", "reason": "jam"}]))
STOCK = ok("stock_level", json.dumps({"sku": "W-1", "qty": 24000, "daily_out": 1600}))
FUEL = ok("tank_gauge", "tank,litres,litres_per_hour\nT1,900,60\n")
LEASE = ok("lease_status", json.dumps({"today": "2026-12-05", "expires": "2026-12-08"}))


@pytest.mark.parametrize(("reply", "event"), [
    ("缺料停了两次，合计 47 分钟。", STOPS),
    ("Las dos paradas por falta de material suman 47 minutos.", STOPS),
    ("All three stops add up to 1 h 17 min.", STOPS),                  # across midnight
    ("按每天出库 1,600 瓶算，大概能撑 15 天。", STOCK),
    ("Al ritmo actual, el stock da para unos 15 días.", STOCK),
    ("At 60 litres an hour the tank lasts 15 hours.", FUEL),
    ("Quedan 3 días para el vencimiento (el 8 de diciembre).", LEASE),   # two dates
    ("合同还有 3 天到期。", LEASE),
])
def test_a_span_the_rows_give(reply: str, event: object) -> None:
    """A total of the rows' intervals, or an amount over a rate, is no ungrounded value."""
    assert [] == of_type("ungrounded_value", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("缺料停了两次，合计 55 分钟。", STOPS, "55 分钟"),
    ("按每天出库 1,600 瓶算，大概能撑 40 天。", STOCK, "40 天"),
    ("Quedan 6 días para el vencimiento.", LEASE, "6 días"),
])
def test_a_span_no_total_or_rate_gives(reply: str, event: object, span: str) -> None:
    """A span no total of intervals nor any amount over a rate gives is still ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, event)  # type: ignore[arg-type]


RENTAL = ok("contracts.get", json.dumps({"contract": "CT-118", "from": "2027-01-08",
                                         "to": "2027-01-24", "rent_cny": 380000}))


@pytest.mark.parametrize(("reply", "expected"), [
    # Both end days counted: 8 to 24 January is 17 days of rent.
    ("租期 2027 年 1 月 8 日到 24 日，一共 17 天。", []),
    ("The lease runs 8 to 24 January, 16 days.", []),
    ("The lease runs 8 to 24 January, 19 days.",
     [("ungrounded_value", "value.not_in_results", "19 days")]),
])
def test_a_range_of_dates_counts_both_its_end_days(reply: str, expected: object) -> None:
    """A stay or a lease from one date to another is its gap in days, or one more."""
    assert expected == of_type("ungrounded_value", reply, RENTAL)
