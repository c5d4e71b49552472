"""A count whose number a result writes with the counted noun: a figure read off a row.

"Butorphanol: 2 vials" beside a stock line "Butorphanol … 2  vial …", "one line at 43
chars" beside "line length 43 > 42 chars", "10 and 11 drops" beside a column
``drops_held`` holding 10 and 11: the result states that quantity of that noun on one of
its lines, so the reply reads a figure, not the number of items the result lists.
"""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE
from ..evidence.facts import EventFacts
from .base import CheckContext

# How far after the number the noun may stand on the same line ("43 > 42 chars", "2
# vial" across a table's column gap), not past a JSON brace, bracket or quote: the next
# record's key is no word of this figure.
_NOUN_REACH = 12
_MIN_STEM = 4


def written_with_its_noun(context: CheckContext, claim: CountClaim) -> bool:
    """A result line writes the count's number with its noun just after it, or a table
    column named for the noun holds the number."""
    if context.pack is None or context.pack.cjk:
        return False
    stem = _noun_stem(claim.noun)
    if stem is None:
        return False
    if not claim.digits:
        # A number word ("two reminders") is read off a column, not off a line's digits.
        return any(_column_of(facts, stem, claim.value) for facts in context.evidence.ok)
    number = re.compile(rf"(?<![\w.,:/-]){_grouped(claim.value)}(?![\w.,:/-]|[.,]\d)"
                        rf"[^\n{{}}\[\]\"]{{0,{_NOUN_REACH}}}?(?<![^\W\d_]){re.escape(stem)}",
                        re.IGNORECASE)
    return any(number.search(facts.result) is not None or _column_of(facts, stem, claim.value)
               for facts in context.evidence.ok)


# The marks a result may group thousands with: comma, dot, apostrophe, a space (plain,
# no-break or thin, as SI writes "11 123 frames").
_GROUP_MARK = "[,.'\u00a0\u202f ]?"


def _grouped(value: int) -> str:
    """A pattern for ``value``'s digits, its thousands grouped or not."""
    digits = str(value)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return _GROUP_MARK.join(groups)


def _noun_stem(noun: str) -> str | None:
    """The head noun's first letters, singular ("vials" -> "vial", "drops" -> "drop")."""
    words = LATIN_WORD_RE.findall(noun.lower())
    if not words:
        return None
    head = words[-1]
    for ending in ("ies", "es", "s"):
        if head.endswith(ending) and len(head) - len(ending) >= _MIN_STEM:
            head = head[:-len(ending)] + ("y" if ending == "ies" else "")
            break
    return head if len(head) >= _MIN_STEM else None


def _column_of(facts: EventFacts, stem: str, value: int) -> bool:
    """A table column whose name holds the noun ("drops_held") holds the number: a JSON
    key, or a delimited table's header label."""
    table = [row for row in facts.rows if row.structured]
    headers = table[0].labels if table and not table[0].numbers else {}
    return any(number == value and stem in headers.get(key, key).lower()
               for row in table for key, number in row.numbers.items())
