"""A threshold the call itself applied: "8 members are above 1800" after a call given
``min_rating: 1800`` counts every item the call returned, not the part of them past a
bound (checks/count_kinds.selected_by_a_threshold), so it is compared with the listing.

A call's argument states a bound when a word of its key is one of the bound words that
argument names are written with (``min_rating``, ``maxPrice``, ``score_gte``,
``threshold``): a closed class of English key words, the language calls are written in;
or when a query it was given compares a column with it ("WHERE last_germ_pct < 75").
Only the number written right after the reply's bound word is read, in every reading its
digits may have.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from ..claims.numbers import number_readings
from .base import CheckContext

BOUND_KEY_WORDS = frozenset({
    "min", "max", "minimum", "maximum", "above", "below", "over", "under", "gt", "gte",
    "lt", "lte", "threshold", "least", "most", "floor", "ceiling", "cutoff",
})
_KEY_WORD_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# The bound's figure: the first number within a few characters of the bound word ("above
# 1800", "more than the 20", "más de 1.500").
# A figure compared in a query's text: after <, <=, > or >= (not "<>", not "=>").
_COMPARED_FIGURE_RE = re.compile(r"(?<![<>=!-])[<>]=?\s*'?(-?\d+(?:\.\d+)?)(?![\d.])")
_FIGURE_AFTER_RE = re.compile(r"[^\d\n.;,!?]{0,14}?(\d[\d.,]*\d|\d)")


def _bound_arguments(args: Mapping[str, object], found: set[Decimal], depth: int = 0) -> None:
    for key, value in args.items():
        if isinstance(value, Mapping) and depth < 1:
            _bound_arguments(value, found, depth + 1)
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            continue
        if isinstance(value, str):
            # A query the call ran ("WHERE last_germ_pct < 75", "rating>=4.5") states its
            # bounds with comparison signs, whatever its key.
            for figure in _COMPARED_FIGURE_RE.findall(value):
                found.add(Decimal(figure))
        words = {w.lower() for w in _KEY_WORD_RE.findall(str(key))}
        if words.isdisjoint(BOUND_KEY_WORDS):
            continue
        try:
            found.add(Decimal(str(value).strip()))
        except InvalidOperation:
            continue


def applied_by_its_call(context: CheckContext, bound_end: int) -> bool:
    """The figure after a bound word ending at ``bound_end`` is a bound a successful call
    of the turn was given."""
    match = _FIGURE_AFTER_RE.match(context.text, bound_end)
    if match is None:
        return False
    given: set[Decimal] = set()
    for facts in context.evidence.ok:
        _bound_arguments(facts.event.args, given)
    if not given:
        return False
    decimal_dot = context.pack.decimal_dot if context.pack is not None else True
    return any(reading in given for reading in number_readings(match.group(1), decimal_dot))
