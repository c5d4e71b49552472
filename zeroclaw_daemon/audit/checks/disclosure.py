"""Failure disclosure. Told as a denied act: after calls that did not succeed, "No vans
have been sent" says the act did not happen; it presents no result of the failed call.
Not told at all: when every call of the turn failed, a reply that states something without
a word of failure, disclosure or denial anywhere presents the outcome of a call that has
none (:func:`check_undisclosed_failure`)."""

from __future__ import annotations

import re

from ..claims.actions import ActionClaim
from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE
from .base import CheckContext

_CJK_NEGATION_RE = re.compile(r"^(?:并没有|还没有|并未|没有|还没|没|未)")


def denies_an_action(context: CheckContext, claim: AbsenceClaim) -> bool:
    """"No vans have been sent", "nothing was dispatched", 没有派出任何车辆: the absence is
    of an action (a participle after a negative pronoun, or a done form of the language's
    action verbs in the claim and the rest of its clause), so after calls that did not
    succeed it tells that the act did not happen (a disclosure), not what a result held."""
    lexicon = context.pack.actions if context.pack is not None else None
    if claim.of_action:
        return True
    if lexicon is None or not context.claims.clauses:
        return False
    clause = context.claims.clauses[claim.clause]
    said = context.text[claim.span[0]:clause.end].lower()
    if lexicon.cjk:
        # The verb is the negation's predicate (没有派出任何车辆), not inside a phrase that
        # qualifies the denied noun with 的 (没有支付失败的订单: no failed-payment orders).
        rest = _CJK_NEGATION_RE.sub("", claim.text, count=1)
        return "的" not in rest and any(rest.startswith(verb) for verb in lexicon.verbs)
    return any(word in lexicon.verbs for word in LATIN_WORD_RE.findall(said))


def told_with_a_failure(context: CheckContext, claim: ActionClaim) -> bool:
    """Whether the claim's own sentence discloses a failure ("I sent the new target, but
    the controller hasn't acknowledged it", 已下发，但没有确认): an act told there, beside a
    call that acted and did not succeed, is that attempt, however the tool names it."""
    return sentence_discloses_a_failure(context, claim.clause)


def sentence_discloses_a_failure(context: CheckContext, clause: int) -> bool:
    """The sentence of ``clause`` holds a failure word or a disclosure ("hasn't
    acknowledged", 没有确认)."""
    span = context.claims.sentence_span(clause)
    pack = context.pack
    if span is None or pack is None:
        return False
    start, end = span
    disclosure = pack.actions.disclosure if pack.actions is not None else None
    return (pack.patterns["failure"].search(context.lower, start, end) is not None
            or (disclosure is not None
                and disclosure.search(context.lower, start, end) is not None))


def check_undisclosed_failure(context: CheckContext) -> None:
    """Every call of the turn failed, the reply holds no failure word, no disclosure and no
    word of denial or failure (``LanguagePack.denial``, read broadly: precision first), and
    one of its clauses states something (not a question, a hedge,
    an offer or a condition): "Done, the 10:00 tour is cancelled" after a denied cancel
    presents the failed call's outcome, whatever words it uses. Read last, when no other
    check has found the failure presented; a language without a pack is not read."""
    evidence = context.evidence
    claims = context.claims
    flags = claims.failure_flags
    if (context.pack is None or evidence.ok or not evidence.failed or context.failed_reported
            or claims.acknowledges_failure or flags is None or not claims.clauses
            or claims.absences or context.pack.denial is None
            or context.pack.denial.search(context.text) is not None):
        return   # a denial ("没有派出任何巡检车", "it didn't go out") may be the disclosure
    stated = next((index for index in range(len(claims.clauses))
                   if not (flags.hedged(index) or flags.general(index)
                           or flags.conditional_clause(index))), None)
    if stated is None:
        return
    clause = claims.clauses[stated]
    text = context.text[clause.start:clause.end]
    start = clause.start + len(text) - len(text.lstrip())
    end = clause.start + len(text.rstrip())
    if end > start:
        context.failed_presented((start, end))
