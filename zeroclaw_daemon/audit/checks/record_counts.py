"""Counts read from a record of figures: what a result with no list of items can ground.

A result that is one JSON object and holds no list ({"intake": {"dogs": 34, "cats": 26},
"returns_within_30d": 3}) lists no items: it has nothing to be counted, only figures to
be read. A count stated over it is one of those figures ("three animals came back", in
words or digits) or the total of one breakdown, an object of figures under the key the
counted noun names ("60 intakes" over "intake": {"dogs": 34, "cats": 26}). A breakdown's
total is a figure of its own, whatever the result's shape, so it holds over any result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..claims.types import CountClaim
from ..claims.words import text_keywords
from ..evidence.facts import EventFacts, Relation, _first_list
from .base import CheckContext

MAX_DEPTH = 4
MAX_KEYS = 100


def a_figure_of_a_record(context: CheckContext, claim: CountClaim) -> bool:
    """The count is the total of a breakdown its noun names, or a figure of a result that
    lists no items (and every successful result is such a record)."""
    ok = context.evidence.ok
    if any(_breakdown_total(facts.parsed_json, Relation(claim.keywords), claim.value, 0)
           for facts in ok if isinstance(facts.parsed_json, Mapping)):
        return True
    return bool(ok) and all(_lists_nothing(facts) for facts in ok) and any(
        facts.has_integer(claim.value) for facts in ok)


def _lists_nothing(facts: EventFacts) -> bool:
    data = facts.parsed_json
    return isinstance(data, Mapping) and _first_list(data, depth=0) is None


def _breakdown_total(node: Mapping[str, Any], names: Relation, value: int, depth: int) -> bool:
    """A key the noun names whose value is an object of two or more figures (and nothing
    else) adding up to ``value``."""
    if depth > MAX_DEPTH:
        return False
    for key, child in list(node.items())[:MAX_KEYS]:
        if not isinstance(child, Mapping):
            continue
        figures = [v for v in child.values()
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if len(figures) >= 2 and len(figures) == len(child) and sum(figures) == value \
                and names(text_keywords(str(key))):
            return True
        if _breakdown_total(child, names, value, depth + 1):
            return True
    return False
