"""A net amount given first and worked out from the gross and the deduction the reply lists
after it ("GHS 10,288.77 after the levy: ... gross GHS 10,498.75, levy GHS 209.98") is the
reply's own arithmetic; an amount that no such difference gives is still ungrounded. An
ISO 4217 code before an amount ("GHS 7,348.20") makes it money in that currency. Results
and sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.audit.claims import ValueKind, extract_claims
from zeroclaw_daemon.audit.lang import PACKS

V, RULE = "ungrounded_value", "value.not_in_results"
DELIVERIES = ok("coop.deliveries", "\n".join([
    "date        grade  kg     price_per_kg",
    "2026-12-01  A      310.0  14.80",
    "2026-12-03  B      120.5  13.10"]))
BREAKDOWN = ("\n\n- grade A: 310.0 kg × 14.80 = GHS 4,588.00\n"
             "- grade B: 120.5 kg × 13.10 = GHS 1,578.55\n"
             "- gross GHS 6,166.55, levy (2%) GHS 123.33")


@pytest.mark.parametrize(("reply", "expected"), [
    ("**GHS 6,043.22** after the 2% levy." + BREAKDOWN, []),
    ("**GHS 6,143.22** after the 2% levy." + BREAKDOWN, [(V, RULE, "6,143.22")]),
])
def test_a_net_amount_is_the_difference_of_the_two_after_it(reply: str,
                                                             expected: Expected) -> None:
    """Gross less levy, both listed after it, gives the net; another net is ungrounded."""
    assert expected == of_type(V, reply, DELIVERIES)


def test_a_currency_code_before_an_amount_makes_it_money() -> None:
    """"GHS 4,588.00" is read as an amount of GHS, not a bare number."""
    claims = extract_claims("The grade A lot came to GHS 4,588.00.", PACKS["en"])
    assert [(ValueKind.CURRENCY, "GHS", (Decimal("4588.00"),))] == [
        (v.kind, v.unit, v.numbers) for v in claims.values]
