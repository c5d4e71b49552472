"""Count claims: "12 files", checked against the counts the results state or list."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..claims.types import CountClaim
from ..evidence.facts import EventFacts
from ..report import FindingType
from .base import CheckContext

HEADER_WORD_RE = re.compile(r"\bheaders?\b|表头|标题行|\bencabezados?\b|\bcabeceras?\b",
                             re.IGNORECASE)

# A subset quantifier binds to the count beside it: the words just before or after it,
# within its clause.
_SUBSET_WINDOW = 16
_CLAUSE_STOP_RE = re.compile(r"[.;:,!?()\n。；：，、！？（）]")


def check_counts(context: CheckContext) -> None:
    for count in context.claims.counts:
        check_count(context, count)


def check_count(context: CheckContext, claim: CountClaim) -> None:
    evidence = context.evidence
    if not evidence.ok:
        if evidence.failed and not context.claims.acknowledges_failure:
            context.failed_presented(claim.span)
        return
    specific, generic = evidence.stated_counts(claim.context)
    if specific:
        # The result states a count for this very noun: that is the count to match.
        if claim.value not in specific:
            _mismatch(context, claim, f"the result says {_join(sorted(specific))}")
        return
    if claim.digits and any(f.has_integer(claim.value) for f in evidence.ok):
        return  # a number quoted verbatim from the result is not a count of it
    if claim.value in generic:
        return
    minus_header = bool(HEADER_WORD_RE.search(context.sentence_text(claim.clause)))
    for facts in evidence.ok:
        counts = facts.item_counts
        if claim.value in counts:
            return
        if minus_header and (claim.value + 1 in counts or facts.has_integer(claim.value + 1)):
            return  # "1201 lines, so 1,200 rows plus the header"
        if claim.keywords and claim.value in facts.qualified_counts(claim.keywords):
            return
    if _counts_a_subset(context, claim):
        return
    target = context.most_relevant(claim.keywords)
    _mismatch(context, claim, f"the {target.event.tool} result lists "
                              f"{_join(sorted(target.item_counts)) or 'none'}", target)


def _counts_a_subset(context: CheckContext, claim: CountClaim) -> bool:
    """Fewer than a result lists, said with a subset quantifier or a qualifying clause
    ("3 of them are restarting", "其中 2 个"): a count of part of the items, which
    the items alone cannot check. Precision first: no finding."""
    subset = context.pack.subset if context.pack is not None else None
    if subset is None:
        return False
    if not any(claim.value < max(f.item_counts, default=0) for f in context.evidence.ok):
        return False
    start, end = claim.span
    text = context.text
    before = _CLAUSE_STOP_RE.split(text[max(0, start - _SUBSET_WINDOW):start])[-1]
    after = _CLAUSE_STOP_RE.split(text[end:end + _SUBSET_WINDOW])[0]
    return bool(subset.search(before) or subset.search(after))


def _mismatch(context: CheckContext, claim: CountClaim, why: str,
              target: EventFacts | None = None) -> None:
    target = target or context.most_relevant(claim.context)
    context.mismatched_counts.append(claim.span)
    context.add(FindingType.COUNT_MISMATCH, claim.span, target.event.call_id,
                f"says {claim.value} {claim.noun or 'items'}, but {why}", "count.item_count")


def _join(values: Sequence[int]) -> str:
    return " or ".join(str(v) for v in values)
