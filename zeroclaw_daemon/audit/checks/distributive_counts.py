"""A count said of each item of a universally quantified subject: "All 10 dogs got two
walks", "Every room has 2 beds", "Todos los perros tuvieron dos paseos", "Cada sala tiene
3 enchufes". The subject opens its clause with the pack's universal quantifier and a noun
of its own; the count after it, in the predicate, is how many each item got (two walks a
dog), not a number of the listing's items, which cannot check it. Precision first: no
finding. Still checked: the subject's own count ("All 10 dogs", "todas las 8 salas"), and
a count after a quantifier that names no noun of its own ("all of the 8 sessions").
"""

from __future__ import annotations

from ..claims.types import CountClaim
from ..claims.words import LATIN_WORD_RE, fold
from .base import CheckContext


def said_of_each_item(context: CheckContext, claim: CountClaim) -> bool:
    pack = context.pack
    clauses = context.claims.clauses
    if pack is None or pack.universal is None or pack.cjk or not clauses:
        return False
    clause = clauses[claim.clause]
    quantifier = pack.universal.search(context.text, clause.start, claim.span[0])
    if quantifier is None:
        return False

    def content(piece: str) -> list[str]:
        return [w for w in LATIN_WORD_RE.findall(piece) if fold(w) not in pack.stopwords]

    # The quantifier opens the clause (only function words before it: "and every room…"),
    # and a noun of its own stands between it and the count (the subject, then its verb).
    if content(context.text[clause.start:quantifier.start()]):
        return False
    return bool(content(context.text[quantifier.end():claim.span[0]]))
