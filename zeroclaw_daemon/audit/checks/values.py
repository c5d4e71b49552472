"""Value claims: a number, date, name or quantity the reply states, grounded in a result."""

from __future__ import annotations

from ..claims import ValueClaim, ValueKind
from ..evidence.derive import Derivations
from ..evidence.facts import EventFacts
from ..evidence.index import rounding_unit
from ..evidence.values import value_grounded
from ..report import FindingType
from .base import CheckContext, evidence_compact


def check_values(context: CheckContext) -> None:
    for value in context.claims.values:
        check_value(context, value)


def check_value(context: CheckContext, claim: ValueClaim) -> None:
    evidence = context.evidence
    claims = context.claims
    if claim.kind is ValueKind.NUMBER and _inside_count(context, claim.span):
        return  # "120 files" is a count claim, already checked as a count
    if claim.kind is ValueKind.NAME and not evidence.ok:
        return  # a name said to come from a tool when none ran: the tool claim is the lie
    if (not evidence.facts
            and claims.sentence_of(claim.clause) not in claims.attributed_sentences):
        return  # general knowledge, not attributed to any tool
    if value_grounded(claim, evidence):
        return
    if _given_back_to_user(context, claim):
        return
    target: EventFacts | None = evidence.ok[0] if len(evidence.ok) == 1 else None
    context.add(FindingType.UNGROUNDED_VALUE, claim.span,
                target.event.call_id if target else None,
                f"{claim.raw.strip()} appears in no tool result this turn",
                "value.name_not_in_results" if claim.kind is ValueKind.NAME
                else "value.not_in_results")
    if evidence.failed and not evidence.ok and not claims.acknowledges_failure:
        context.failed_presented(claim.span)


def _given_back_to_user(context: CheckContext, claim: ValueClaim) -> bool:
    """"the 18 °C you mentioned": the user's value, named as the user's (not a tool's);
    "none of the charges is $512.40": the user's value, denied."""
    pack = context.pack
    user = evidence_compact(context.evidence.user_message)
    if pack is None or not user or evidence_compact(claim.raw) not in user:
        return False
    sentence = context.sentence_text(claim.clause)
    if pack.second_person is not None and pack.second_person.search(sentence):
        return True
    if pack.negation is not None and pack.negation.search(sentence):
        return True
    return _input_of_a_derivation(context, claim)


def _input_of_a_derivation(context: CheckContext, claim: ValueClaim) -> bool:
    """"€2,500 is $2,710.50": the user's figure is the input of a value in the same
    sentence that a result's number applied to it gives (not a tool's finding itself)."""
    if not claim.numbers:
        return False
    derived = Derivations([f.result for f in context.evidence.ok], claim.numbers[:1])
    candidates = list(derived.given_candidates())
    sentence = context.claims.sentence_of(claim.clause)
    for other in context.claims.values:
        if other is claim or context.claims.sentence_of(other.clause) != sentence:
            continue
        for reading in other.numbers[:1]:
            tolerance = float(rounding_unit(reading) / 2)
            if any(abs(c - float(reading)) <= tolerance for c in candidates):
                return True
    return False


def _inside_count(context: CheckContext, span: tuple[int, int]) -> bool:
    def overlaps(other: tuple[int, int]) -> bool:
        return span[0] < other[1] and other[0] < span[1]
    if any(overlaps(s) for s in context.mismatched_counts):
        return False
    return any(overlaps(c.span) for c in context.claims.counts)
