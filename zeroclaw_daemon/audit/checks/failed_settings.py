"""A value a failed call was to set, stated as in force now: the failed act told as done.

"His pellets are now 3.2 kg a day" after ``feeding_plan_update(kg_per_day=3.2)`` timed
out presents the update's outcome: the number comes from the call's own arguments, no
successful result holds it, and its clause says it holds now (a closed class of
present-state markers: "now", "ahora", 现在). Its sentence disclosing a failure, or the
reply acknowledging one anywhere, leaves it alone; so does a later successful call of the
same tool (the act redone).
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import number_readings
from ..evidence.facts import EventFacts
from ..evidence.tables import LINE_NUMBER_RE
from .base import CheckContext
from .disclosure import discloses_a_failure, sentence_discloses_a_failure

_DIGIT_RE = re.compile(r"\d")
_SET_KINDS = (ValueKind.NUMBER, ValueKind.MEASURE, ValueKind.CURRENCY, ValueKind.PERCENT,
              ValueKind.TEMPERATURE)


def check_failed_settings(context: CheckContext) -> None:
    evidence = context.evidence
    pack = context.pack
    if not evidence.failed or pack is None or pack.present_state is None \
            or discloses_a_failure(context):
        return
    redone = {f.event.tool for f in evidence.ok}
    setters = [(f, argument_numbers(f)) for f in evidence.failed
               if f.event.tool not in redone]
    setters = [(f, numbers) for f, numbers in setters if numbers]
    if not setters:
        return
    for claim in context.claims.values:
        if claim.kind not in _SET_KINDS or not claim.numbers:
            continue
        facts = next((f for f, numbers in setters if claim.numbers[0] in numbers), None)
        if facts is None or facts.event.call_id in context.failed_reported:
            continue
        if not _said_in_force(context, claim) or _in_a_result(context, claim.numbers[0]):
            continue
        context.failed_presented(claim.span, facts)


def argument_numbers(facts: EventFacts) -> frozenset[Decimal]:
    """The numbers among a call's argument values (what it was to set)."""
    if _DIGIT_RE.search(facts.arg_text) is None:
        return frozenset()   # no digit, no number: the arguments are not scanned
    found: set[Decimal] = set()
    for match in LINE_NUMBER_RE.finditer(facts.arg_text):
        found.update(number_readings(match.group(0))[:1])
    return frozenset(found)


def _said_in_force(context: CheckContext, claim: ValueClaim) -> bool:
    """The value's clause says it holds now, and its sentence tells of no failure."""
    pack = context.pack
    clauses = context.claims.clauses
    if pack is None or pack.present_state is None or not clauses:
        return False
    clause = clauses[claim.clause]
    if pack.present_state.search(context.lower, clause.start, clause.end) is None:
        return False
    return not sentence_discloses_a_failure(context, claim.clause)


def _in_a_result(context: CheckContext, value: Decimal) -> bool:
    """A successful result holds the number: a read may show the value in force."""
    return any(value in readings for f in context.evidence.ok
               for readings in (number_readings(m.group(0))
                                for m in LINE_NUMBER_RE.finditer(f.result)))
