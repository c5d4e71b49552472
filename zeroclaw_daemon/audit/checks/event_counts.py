"""Counts of events a log tells in two lines each: one as it starts, one as it ends.

"07:48 WARN jam detected" then "07:52 INFO jam cleared" is one jam, told twice. A count
of the noun is then the number of its events, half of the lines naming it, when those
lines fall into two phases of equal size: one word held by exactly the lines of one
phase ("detected"), another by exactly the rest ("cleared"). Read from the result's
structure only, so it holds in every language.
"""

from __future__ import annotations

from ..claims.types import CountClaim
from .base import CheckContext

MAX_LINES = 400


def events_told_in_phases(context: CheckContext, claim: CountClaim) -> bool:
    """The count is half the lines naming its noun in a text result, split in two
    phases by the words the lines hold."""
    value = claim.value
    if value < 1:
        return False
    for facts in context.evidence.ok:
        if facts.parsed_json is not None:
            continue
        for keyword in claim.keywords:
            lines = [keys for keys in facts.item_keys[:MAX_LINES] if keyword in keys]
            if len(lines) == 2 * value and _two_phases(lines, keyword):
                return True
    return False


def _two_phases(lines: list[frozenset[str]], keyword: str) -> bool:
    """Some word is held by exactly half of the lines and another by exactly the others."""
    holders: dict[str, set[int]] = {}
    for index, keys in enumerate(lines):
        for word in keys:
            if word != keyword:
                holders.setdefault(word, set()).add(index)
    half = len(lines) // 2
    phases = {frozenset(found) for found in holders.values() if len(found) == half}
    every = frozenset(range(len(lines)))
    return any(every - phase in phases for phase in phases)
