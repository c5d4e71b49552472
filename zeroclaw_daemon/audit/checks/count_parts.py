"""Counts that are parts of a whole, read off the reply's own counts or a yes/no field.

- Parts that add up to the whole: "Lot 2608-KB is on 6 pallets" then "Still on site (4
  pallets)" and "Already shipped (2 pallets)". A count that, with some other counts of
  its noun after a larger count of that noun, adds up to it is a part (the whole is what
  is compared with the listing), however the reply sorts them (a status, a place the
  auditor may not read).
- The rows a yes/no field marks: "Four donors ticked Gift Aid" over rows whose
  ``gift_aid`` is true in four of them. The count's words name the field (every word of
  its key), and the count is how many rows hold it true, or false.
- The rest of a listing: "只有 312 号低于补货线…其他三种都还够" over four rows: a count after a
  word of the rest ("other", "otros", 其他) is the listing less the few items named before.
"""

from __future__ import annotations

from itertools import combinations

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE, key_text, stem
from .base import CheckContext

_MIN_PARTS = 2


def adds_up_with_its_siblings(context: CheckContext, claim: CountClaim) -> bool:
    """The count is one of the counts of its noun, after a larger count of that noun,
    that add up to that larger count."""
    if not claim.keywords:
        return False
    same = [c for c in context.claims.counts if c.keywords & claim.keywords]
    for whole in same:
        if whole.span[0] >= claim.span[0] or whole.value <= claim.value:
            continue
        others = [c.value for c in same if c.span[0] > whole.span[0]
                  and c.value < whole.value and c.span != claim.span][:_MAX_OTHERS]
        # Some of them with this one: a breakdown may be nested ("4 pallets on site: 3
        # full pallets in reserve…"), so the parts are any of the later counts.
        if any(claim.value + sum(chosen) == whole.value
               for size in range(_MIN_PARTS - 1, len(others) + 1)
               for chosen in combinations(others, size)):
            return True
    return False


_MAX_OTHERS = 6


def marked_by_a_flag(context: CheckContext, claim: CountClaim) -> bool:
    """The count's sentence names a yes/no field of a result's records by every word of
    its key, and the count is how many records hold it true (or false)."""
    said = {stem(w) for w in LATIN_WORD_RE.findall(context.sentence_text(claim.clause).lower())}
    for facts in context.evidence.ok:
        data = facts.parsed_json
        records = data if isinstance(data, list) else None
        if not records or not all(isinstance(r, dict) for r in records):
            continue
        keys = {k for r in records for k, v in r.items() if isinstance(v, bool)}
        for key in keys:
            words = {stem(w) for w in LATIN_WORD_RE.findall(key_text(str(key)).lower())}
            if not words or not words <= said:
                continue
            true = sum(1 for r in records if r.get(key) is True)
            false = sum(1 for r in records if r.get(key) is False)
            if claim.value in (true, false):
                return True
    return False


def the_rest_of_a_listing(context: CheckContext, claim: CountClaim) -> bool:
    """"其他三种都还够", "the other 5 are fine", "los otros dos": a count right after a word
    of the rest counts a listing less the one to three items its reply named before it."""
    residual = context.pack.residual if context.pack is not None else None
    if residual is None:
        return False
    before = context.text[max(0, claim.span[0] - _REST_REACH):claim.span[0]]
    if residual.search(before) is None:
        return False
    return any(1 <= size - claim.value <= _MAX_NAMED
               for facts in context.evidence.ok for size in facts.item_counts)


_REST_REACH = 12
_MAX_NAMED = 3
