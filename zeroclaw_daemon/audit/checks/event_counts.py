"""Counts of events a log tells in several lines each: one as it starts, one as it ends.

"07:48 WARN jam detected" then "07:52 INFO jam cleared" is one jam, told twice. A count
of the noun is then the number of its events, half of the lines naming it, when those
lines fall into two phases of equal size: one word held by exactly the lines of one
phase ("detected"), another by exactly the rest ("cleared"). A log may instead name each
thing by an identifier ("INC-2 opened", "INC-2 resolved"): when every identifier of a
family (its letters: INC) stands on the same number of lines, two or more, the things are
the family's distinct identifiers, and a count of them is consistent (a family recurring
unevenly, P1 four times and P2 twice, is a kind of the items, not a thing). Read from
the result's structure only, so it holds in every language.
"""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from .base import CheckContext

MAX_LINES = 400
# An identifier: letters, an optional dash or underscore, digits ("INC-2", "C12", "job_7").
_IDENTIFIER_RE = re.compile(r"(?<![\w.-])([A-Za-z]{1,8})[-_]?(\d{1,8})(?![\w.-])")


def events_told_in_phases(context: CheckContext, claim: CountClaim) -> bool:
    """The count is half the lines naming its noun in a text result, split in two
    phases by the words the lines hold."""
    value = claim.value
    if value < 1:
        return False
    for facts in context.evidence.ok:
        if facts.parsed_json is not None:
            continue
        units = facts.item_keys[:MAX_LINES]
        named = False
        for keyword in claim.keywords:
            lines = [keys for keys in units if keyword in keys]
            named = named or bool(lines)
            if len(lines) == 2 * value and _two_phases(lines, keyword):
                return True
        if not named and _events_in_other_words(units, value):
            return True
    return False


def _events_in_other_words(units: list[frozenset[str]], value: int) -> bool:
    """No line names the counted noun ("outages" over "E1 out of service", "E1 back in
    service"): the events are told in the log's own words, so any word whose lines split
    in two phases of ``value`` lines each tells them."""
    holders: dict[str, list[frozenset[str]]] = {}
    for keys in units:
        for word in keys:
            holders.setdefault(word, []).append(keys)
    return any(len(lines) == 2 * value and _two_phases(lines, word)
               for word, lines in holders.items())


def things_named_in_several_lines(context: CheckContext, claim: CountClaim) -> bool:
    """The count is the number of distinct identifiers of one family in a result whose
    items name each identifier of that family on the same number of lines, more than one."""
    if claim.value < 2:
        return False
    for facts in context.evidence.ok:
        lines_of: dict[tuple[str, str], int] = {}
        for unit in facts.units[:MAX_LINES]:
            for found in {(m.group(1).upper(), m.group(2).lstrip("0"))
                          for m in _IDENTIFIER_RE.finditer(unit)}:
                lines_of[found] = lines_of.get(found, 0) + 1
        families: dict[str, list[int]] = {}
        for (family, _), lines in lines_of.items():
            families.setdefault(family, []).append(lines)
        # Each thing told in as many lines as every other (opened, resolved): a family
        # whose members recur unevenly sorts the items (P1 on four lines, P2 on two).
        if any(len(lines) == claim.value and min(lines) == max(lines) > 1
               for lines in families.values()):
            return True
    return False


def _two_phases(lines: list[frozenset[str]], keyword: str) -> bool:
    """Some word is held by exactly half of the lines and another by exactly the others,
    or one word marks every other line, starting with the first ("job X start" before each
    "job X ok" or "job X FAILED"): each event opens with that word and ends on the next."""
    holders: dict[str, set[int]] = {}
    for index, keys in enumerate(lines):
        for word in keys:
            if word != keyword:
                holders.setdefault(word, set()).add(index)
    half = len(lines) // 2
    phases = {frozenset(found) for found in holders.values() if len(found) == half}
    every = frozenset(range(len(lines)))
    openings = frozenset(range(0, len(lines), 2))
    return openings in phases or any(every - phase in phases for phase in phases)
