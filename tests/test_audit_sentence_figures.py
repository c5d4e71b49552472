"""A value worked out from a figure its own sentence states before it: that figure over a
whole number the sentence names (a mean), or that figure in another unit, is the reply's
arithmetic, in sentences of our own; a value neither gives is still ungrounded."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

METER = ok("meter_reads", "read_date,reading_m3\n2026-06-15,1843.2\n2026-07-15,1861.9\n"
                          "2026-08-14,1884.6\n2026-09-15,1901.0\n2026-10-15,1915.4\n"
                          "2026-11-16,1929.8\n")
INVOICES = ok("invoice_list", json.dumps([{"id": "A", "usd": 450}, {"id": "B", "usd": 275},
                                          {"id": "C", "usd": 300}, {"id": "D", "usd": 175}]))
RIDE = ok("ride_log", json.dumps({"stages": [{"km": 15.2}, {"km": 12.6}, {"km": 14.4}]}))
SACOS = ok("almacen", json.dumps({"sacos": [{"kg": 28.5}, {"kg": 31.0}, {"kg": 30.5}]}))


@pytest.mark.parametrize(("reply", "event"), [
    ("That's 86.6 m³ over five months, about 17.3 m³ a month (≈17,300 litres).", METER),
    ("August rose 22.7 m³ in 30 days, about 0.76 m³ a day or 757 litres.", METER),
    ("The 4 invoices total $1,200, so $300 on average.", INVOICES),
    ("The ride was 42.2 km in three stages, about 14.1 km a stage (roughly 8.7 mi).", RIDE),
    ("Son 90 kg en tres sacos, unos 30 kg por saco.", SACOS),
])
def test_a_value_worked_out_in_its_sentence_is_grounded(reply: str, event: object) -> None:
    """A mean of the sentence's own figure, or that figure in another unit, is no finding."""
    assert [] == of_type("ungrounded_value", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "span"), [
    ("That's 86.6 m³ over five months, about 21.3 m³ a month.", "21.3 m³"),
    ("That's 86.6 m³ over five months, about 17.3 m³ a month (≈25,000 litres).",
     "25,000 litres"),
])
def test_a_value_its_sentence_does_not_give_is_still_ungrounded(reply: str, span: str) -> None:
    """A mean or a conversion that no figure of the sentence gives is ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, METER)
