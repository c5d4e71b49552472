"""A count said of one subject the result's items name: "Dr. Lind has four patients"
over appointments whose vet is Lind in four rows of seven.

The clause's capitalised words before the count name its subject (a person, a room, a
team); when some
of the result's items hold one of those words and the others do not, the count is of the
items that hold it, and it is consistent when it is exactly their number. Any other
count is compared as usual (the whole's count, a kind...): precision first, and a wrong
count of a subject is still wrong against the whole.
"""

from __future__ import annotations

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE, fold, stem
from .base import CheckContext

MAX_SUBJECT_WORDS = 6


def counts_the_items_of_its_subject(context: CheckContext, claim: CountClaim) -> bool:
    pack = context.pack
    clauses = context.claims.clauses
    if pack is None or not clauses:
        return False
    clause = clauses[claim.clause]
    before = context.text[clause.start:claim.span[0]]
    # A named subject: capitalised words, not the language's common words ("The", "All").
    words = [w for w in LATIN_WORD_RE.findall(before) if w[0].isupper() and len(w) > 2
             and fold(w) not in pack.common_words][-MAX_SUBJECT_WORDS:]
    if not words:
        return False
    stems = {stem(w) for w in words}
    for facts in context.evidence.ok:
        units = facts.item_keys
        if len(units) <= claim.value:
            continue
        for word in stems:
            holding = sum(1 for keys in units if word in keys)
            if holding == claim.value:
                return True
    return False
