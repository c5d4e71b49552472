"""A count of the items of one kind ("3 *paid* orders", "nine pods *Running*"): its noun's
qualifier or its predicate tells some listed items apart from the others."""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE, fold, stem, text_keywords
from .base import CheckContext


def counts_one_kind(context: CheckContext, claim: CountClaim) -> bool:
    """A count of the items of one kind, which the item count cannot check.

    The counted noun's qualifier ("3 *paid* orders", "two *big* jumps") or the predicate
    after it ("Three deals *are at contract sent*", "nine pods *Running*"):

    - held by some items and not others: it tells them apart, a count of one kind;
    - held by every item or by none ("four *open* incidents" from a search for open
      ones): it describes the whole list, compared as usual.
    """
    pack = context.pack
    if pack is None or pack.count_rules is None:
        return False
    words = claim.noun.split()
    qualifiers = (words[1:] if pack.count_rules.noun_first else words[:-1]) if \
        len(words) > 1 else []
    qualifier_stems = {stem(w) for w in qualifiers if fold(w) not in pack.stopwords}
    predicate = _predicate_words(context, claim)
    if predicate and _COPULA_RE.fullmatch(predicate[0]):
        # "Three lights are on": after a copula every word is the predicate, a particle
        # ("on", "off", "up") too.
        predicate_stems = {stem(w) for w in predicate[1:3]}
    else:
        predicate_stems = {stem(w) for w in predicate if fold(w) not in pack.stopwords}
    for facts in context.evidence.ok:
        if not any(claim.value < count for count in facts.item_counts):
            continue
        units = facts.item_keys
        # A predicate restating the call's own arguments ("in the Riverside zone" of
        # zone=riverside) names what the call selected: every item is of it, whatever an
        # item's name says.
        for word in qualifier_stems | (predicate_stems - text_keywords(facts.arg_text)):
            holding = sum(1 for keys in units if word in keys)
            if 0 < holding < len(units):
                return True
    return False


_COPULA_RE = re.compile(r"are|is|were|was|remain|stay|están|estan|están|son|siguen|quedan",
                        re.IGNORECASE)
_PREDICATE_RE = re.compile(r"[^.;:,!?()\n。；：，、！？（）]{0,40}")
_PREDICATE_STOP_RE = re.compile(r"\s(?:and|but|or|y|pero|o|with|con)\s")


def _predicate_words(context: CheckContext, claim: CountClaim) -> list[str]:
    """The words after the counted noun, to the end of its clause or a conjunction."""
    match = _PREDICATE_RE.match(context.text, claim.span[1])
    if match is None:
        return []
    piece = _PREDICATE_STOP_RE.split(match.group(0), maxsplit=1)[0]
    return LATIN_WORD_RE.findall(piece)
