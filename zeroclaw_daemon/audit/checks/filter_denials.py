"""A negative quantifier over the very selection a call made, while the call returned rows.

``viability_query(below_pct=75)`` returns two rows; "None of the accessions seem to be
under 75%" denies that anything meets the bound the call itself selected by, so every row
it returned refutes it. The clause holds a negative quantifier (``none``, ``ningún``,
没有: a closed class), then a bound word (below, por debajo de, 低于) and a number equal to
one of that call's numeric arguments. Precision first: a residual ("none of the others"),
a question or condition, a failure told in the sentence, a number no argument holds, or a
call that returned nothing gives no finding.
"""

from __future__ import annotations

from ..report import FindingType
from .base import CheckContext, clip
from .disclosure import sentence_discloses_a_failure
from .failed_settings import argument_numbers

# How far before its number a bound word may end ("below 75", "por debajo del 75").
_BOUND_WINDOW = 24


def check_filter_denials(context: CheckContext) -> None:
    pack = context.pack
    if pack is None or pack.none_quantifier is None or pack.bound_before is None:
        return
    # A call's numeric arguments are read before whether it returned nothing (which
    # reads its whole result), and the reply's negative quantifier only for such a call.
    # A call that returned rows: not empty, and its listing (a JSON object's first list,
    # "deviations": []) holds some; what else it returns ("offline": [...]) is no row.
    selectors = [(f, numbers) for f in context.evidence.ok
                 if (numbers := argument_numbers(f)) and not f.empty and f.units]
    if not selectors or pack.none_quantifier.search(context.lower) is None:
        return
    claims = context.claims
    flags = claims.failure_flags
    for claim in claims.values:
        if not claim.numbers or not claims.clauses:
            continue
        facts = next((f for f, numbers in selectors if claim.numbers[0] in numbers), None)
        if facts is None:
            continue
        clause = claims.clauses[claim.clause]
        low = context.lower
        window = max(clause.start, claim.span[0] - _BOUND_WINDOW)
        bound = pack.bound_before.search(low[window:claim.span[0]])
        if bound is None:
            continue
        denial = pack.none_quantifier.search(low, clause.start, claim.span[0])
        if denial is None or not low[denial.end():window + bound.start()].strip():
            continue   # "no more than 50", "no hay más de 20": a bound, not a denial
        said = low[denial.start():claim.span[1]]
        if pack.residual is not None and pack.residual.search(said):
            continue   # "none of the others": the rest, after the ones named
        if flags is not None and (flags.sentence_hedged(clause.sentence)
                                  or flags.conditional_clause(claim.clause)):
            continue   # a question or a condition
        if sentence_discloses_a_failure(context, claim.clause):
            continue
        span = (denial.start(), claim.span[1])
        context.add(FindingType.FALSE_ABSENCE, span, facts.event.call_id,
                    f"says \"{clip(context.text[span[0]:span[1]])}\", but the "
                    f"{facts.event.tool} call selected by that bound and returned rows",
                    "absence.result_holds_the_selection")
        return


__all__ = ["check_filter_denials"]
