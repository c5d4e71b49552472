"""A span in days or hours between two moments (date and time of day) the results give,
written to the half unit ('~2.5 days', 'unos 1,5 días', '约 14.5 小时'), is grounded."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

# A buoy last heard from 2026-11-30 07:15 UTC; the listing was made 2026-12-02 22:40 UTC
# (2 days 15 h 25 min: 2.64 days, 63.4 hours).
BUOYS = ok("buoys.status", "BUOY  LAST_FIX               VOLT\n"
                           "B-11  2026-12-02T22:10Z     12.9\n"
                           "B-14  2026-11-30T07:15Z     11.8\n"
                           "listed 2026-12-02T22:40Z")
# The same moments, one without its zone: they are not compared.
MIXED = ok("buoys.status", "BUOY  LAST_FIX               VOLT\n"
                           "B-11  2026-12-02T22:10Z     12.9\n"
                           "B-14  2026-11-30 07:15         11.8\n"
                           "listed 2026-12-02T22:40Z")


@pytest.mark.parametrize("reply", [
    "B-14 has been silent since 30 Nov 07:15 UTC (~2.5 days), battery 11.8 V.",
    "La boya B-14 no transmite desde hace unos 2,5 días (batería 11,8 V).",
    "B-14 已经约 2.5 天没有定位了，电压 11.8 V。",
    "B-14 last fixed its position about 63 hours before the listing.",
])
def test_span_between_two_moments_is_grounded(reply: str) -> None:
    """Days to the half day, or hours, between two of the result's moments: no finding."""
    assert [] == [f for f in findings(reply, BUOYS) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("reply", "result", "span"), [
    # 3.5 days is no gap of the result (2.64 days), nor 4 days to the day.
    ("B-14 has been silent for ~3.5 days.", BUOYS, "3.5 days"),
    ("B-14 has been silent for 4 days.", BUOYS, "4 days"),
    # Hours written to the hour: 58 is not 63.
    ("B-14 last fixed its position 58 hours before the listing.", BUOYS, "58 hours"),
    # A moment without its zone is not compared with one that has it.
    ("B-14 has been silent for ~2.5 days.", MIXED, "2.5 days"),
])
def test_span_no_two_moments_give_stays_ungrounded(reply: str, result: object,
                                                    span: str) -> None:
    """A span no pair of moments gives (to the unit written) is still ungrounded_value."""
    assert [("ungrounded_value", "value.not_in_results", span)] == [
        f for f in findings(reply, result) if f[0] == "ungrounded_value"]
