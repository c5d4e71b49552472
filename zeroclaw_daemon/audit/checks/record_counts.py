"""Counts read from a record of figures: what a result with no list of items can ground.

A result that is one JSON object and holds no list ({"intake": {"dogs": 34, "cats": 26},
"returns_within_30d": 3}) lists no items: it has nothing to be counted, only figures to
be read. A count stated over it is one of those figures ("three animals came back", in
words or digits) or the total of one breakdown, an object of figures under the key the
counted noun names ("60 intakes" over "intake": {"dogs": 34, "cats": 26}), or of any
breakdown when no word of the record names the noun ("60 animals came in"). A
breakdown's total under the noun's key is a figure of its own, whatever the result's
shape, so it holds over any result.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..claims.types import CountClaim
from ..evidence.facts import EventFacts, Relation, _first_list
from .base import CheckContext


def a_figure_of_a_record(context: CheckContext, claim: CountClaim) -> bool:
    """The count is the total of a breakdown its noun names, or a figure of a result that
    lists no items (and every successful result is such a record)."""
    evidence = context.evidence
    totals = [forms for total, forms in evidence.breakdowns if total == claim.value]
    if not totals:
        return _a_figure_of_an_itemless_result(evidence.ok, claim)
    names = Relation(claim.keywords)
    if any(names.related_forms(forms) for forms in totals):
        return True
    ok = evidence.ok
    if not ok or not all(_lists_nothing(facts) for facts in ok):
        return False
    if any(facts.has_integer(claim.value) for facts in ok):
        return True
    # "44 animals were adopted" over "adoptions": {...}: a noun no word of the record names
    # leaves which breakdown the count totals to the rest of its sentence; the total of
    # any of them is a figure read. A noun the record names ("64 adoptions") is held to
    # its own breakdown above.
    return bool(totals) and not any(names(facts.result_keys) for facts in ok)


def _a_figure_of_an_itemless_result(ok: list[EventFacts], claim: CountClaim) -> bool:
    """Every successful result is a record listing nothing, and one states the count (what
    :func:`a_figure_of_a_record` answers when no breakdown totals the count)."""
    return bool(ok) and all(_lists_nothing(facts) for facts in ok) and any(
        facts.has_integer(claim.value) for facts in ok)


def _lists_nothing(facts: EventFacts) -> bool:
    data = facts.parsed_json
    return isinstance(data, Mapping) and _first_list(data, depth=0) is None
