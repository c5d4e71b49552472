"""A time of day that bounds a window the reply counts result items in.

"Nine of those came between 01:00 and 03:30": the bounds are the reply's choice of a
window, not times read from a result; what the sentence claims is the count. Such a bound
is recomputed with its window: it is grounded when the sentence states a count (the
number nearest before the window) and at least that many of the results' times of day
fall inside the window (a subset of them may be what it counts: "nine of those", the
warp breaks among the stops). A window that
holds fewer times than its count, a window without a count ("the backup ran between
01:00 and 03:30"), and any other time are checked as before.
"""

from __future__ import annotations

import re

from ..claims import ValueClaim, ValueKind
from ..claims.words import fold
from .base import CheckContext
from .moments import clock_key_minutes

_CLOCK = r"\d{1,2}:[0-5]\d"
# Two times joined as a window's bounds (en, es, zh): "between A and B", "from A to B",
# "entre las A y las B", "de A a B", "desde las A hasta las B", "A 到 B", "A 至 B", "A–B".
_WINDOW_RE = re.compile(
    r"\b(?:between|from|entre|de|desde)\s+(?:las?\s+)?(?P<a>" + _CLOCK + r")\s*"
    r"(?:and|to|until|till|y|a|hasta)\s+(?:las?\s+)?(?P<b>" + _CLOCK + r")"
    r"|(?P<c>" + _CLOCK + r")\s*(?:到|至|[-–—~～])\s*(?P<d>" + _CLOCK + r")",
    re.IGNORECASE)
_WORD_OR_DIGITS_RE = re.compile(r"(?<![\d:.,])\d+(?![\d:.,])|[^\W\d_]+")


def bounds_a_counted_window(context: CheckContext, claim: ValueClaim) -> bool:
    """The time is a bound of a window its sentence counts result items in, and at least
    that many of the results' times fall inside the window."""
    if claim.kind is not ValueKind.TIME:
        return False
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return False
    text = context.text
    for window in _WINDOW_RE.finditer(text, span[0], span[1]):
        first, second = ("a", "b") if window.group("a") else ("c", "d")
        if claim.span[0] not in (window.start(first), window.start(second)):
            continue
        start = clock_key_minutes(window.group(first))
        end = clock_key_minutes(window.group(second))
        count = _count_in(context, span[0], span[1], window.span())
        if start is None or end is None or count is None:
            return False
        inside = sum(1 for minute in context.evidence.clock_minutes
                     if (minute - start) % 1440 <= (end - start) % 1440)
        return inside >= count
    return False


def _count_in(context: CheckContext, start: int, end: int,
              window: tuple[int, int]) -> int | None:
    """The number of the sentence nearest before the window (else the first after it), in
    digits or a number word of the pack ("5 alarmas; 3 de ellas entre las..."): what the
    window is said to hold."""
    rules = context.pack.count_rules if context.pack is not None else None
    words = rules.number_words if rules is not None else {}
    before: int | None = None
    for match in _WORD_OR_DIGITS_RE.finditer(context.text, start, end):
        if window[0] <= match.start() < window[1]:
            continue
        token = match.group(0)
        value = int(token) if token.isdigit() else words.get(fold(token))
        if value is None or value <= 0:
            continue
        if match.start() >= window[1]:
            return before if before is not None else value
        before = value
    return before
