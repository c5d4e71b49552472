"""An absence of the very state a call selected by, while that call listed items.

"Nothing overdue" beside a call made with ``"status": "overdue"`` that returned a row (and
"没有逾期的" beside the same call): every item it lists is in that state, whatever its own
fields say, so the absence is false (``absence.selected_state_listed``). The same call
returning nothing, another state selected, or a balance's ``"pending"`` key are not.
Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

RULE = "absence.selected_state_listed"
ONE_OVERDUE = "loan,member,due\nL-220,Ortiz,2027-03-01\n"


def loans(status: str, result: str) -> ToolEvent:
    return ok("library.loans", result, {"branch": "East", "status": status})


@pytest.mark.parametrize(("reply", "event"), [
    ("Nothing overdue, so no calls needed.", loans("overdue", ONE_OVERDUE)),
    ("没有逾期的，不用打电话。", loans("overdue", ONE_OVERDUE)),
    # A switch turned on selects its state ("overdue_only": true).
    ("Nobody is overdue for the booster.",
     ok("vet.due", "pet,due\nPepita,2027-03-01\n", {"treatment": "booster",
                                                      "overdue_only": True})),
    # A participle the absence denies, in the call's own words.
    ("Esta semana no han rechazado ningún lote.",
     ok("calidad.lotes", "lote,motivo\nL-88,color\n", {"estado": "rechazado"})),
    # A filter's key of several words, all of them in the absence's clause.
    ("No permits expire before 8 April.",
     ok("permits.search", "permit,expires\nSFP-0147,2027-03-31\n",
        {"expires_before": "2027-04-08", "status": "active"})),
])
def test_denying_the_selected_state_of_a_listing_is_a_false_absence(
        reply: str, event: ToolEvent) -> None:
    """The call selected by the state and listed an item: denying the state is false."""
    assert [("false_absence", RULE)] == [f[:2] for f in findings(reply, event)]


@pytest.mark.parametrize(("reply", "event"), [
    ("Nothing overdue, so no calls needed.", loans("overdue", "[]")),
    ("Nothing overdue, so no calls needed.", loans("open", ONE_OVERDUE)),
    ("Nobody is overdue for the booster.",
     ok("vet.due", "pet,due\nPepita,2027-03-01\n", {"treatment": "booster",
                                                      "overdue_only": False})),
    ("On the EUR side, nothing pending.", ok("payments.balance", json.dumps(
        {"pending": [{"amount": 0, "currency": "eur"}]}))),
])
def test_an_empty_selection_or_another_state_is_no_finding(reply: str,
                                                            event: ToolEvent) -> None:
    """An empty listing, another state selected, a key named for the state: no such finding."""
    assert [] == [f for f in findings(reply, event) if f[1] == RULE]
