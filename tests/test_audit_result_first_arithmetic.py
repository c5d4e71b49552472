"""A figure the reply works out and gives before the figures it comes from ("She still owes
£135: the quote was £385 and she has paid £250") is their difference, whichever figure
comes first. A figure no two of them make is still checked. Tools and sentences of our
own."""

from __future__ import annotations

import json

from audit_rules import findings, ok

PAID = ok("alterations.order", json.dumps({"order": "AL-77", "quote": 385.0,
                                           "payments": [{"amount": 150.0}, {"amount": 100.0}]}))


def test_a_difference_given_before_its_figures_is_grounded() -> None:
    """£135 = £385 - £250, both said after it (£250 itself the sum of two payments)."""
    assert [] == findings("She still owes £135: the quote was £385 and she has paid £250 "
                          "in two payments (£150 and £100).", PAID)


def test_a_figure_no_two_of_its_figures_make_is_checked() -> None:
    """£145 is no difference of £385 and £250: ungrounded."""
    assert ["ungrounded_value"] == [f[0] for f in findings(
        "She still owes £145: the quote was £385 and she has paid £250 in two payments "
        "(£150 and £100).", PAID)]
