"""Failure disclosure. Told as a denied act: after calls that did not succeed, "No vans
have been sent" says the act did not happen; it presents no result of the failed call.
Not told at all: when every call of the turn failed, a reply that states something without
a word of failure, disclosure or denial anywhere presents the outcome of a call that has
none (:func:`check_undisclosed_failure`); when some calls succeeded, a reply that names what
a failed call alone acted on (an argument no successful call holds) presents that call's
outcome (:func:`check_undisclosed_failed_object`)."""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ..claims.actions import ActionClaim
from ..claims.numbers import HAYSTACK_NUMBER_RE, number_readings
from ..claims.segment import QUOTATION_MARKS, QUOTATION_RE
from ..claims.text import mask
from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, stem
from ..evidence.facts import EventFacts
from .action_calls import call_profiles, unsuperseded_failures
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


def discloses_a_failure(context: CheckContext) -> bool:
    """Whether the reply discloses a failure anywhere (``acknowledges_failure``), leaving
    out a word of failure that a successful result holds: "one ball lift timeout" of a
    fault history listing a TIMEOUT restates that result, it tells no call's failure; nor
    one a failed call's arguments hold ("raised a fault: main filament failed").
    Every check asks it alike; worked out once per reply."""
    if context.failure_disclosed is None:
        context.failure_disclosed = _discloses_a_failure(context)
    return context.failure_disclosed


def _discloses_a_failure(context: CheckContext) -> bool:
    claims = context.claims
    pack = context.pack
    if not claims.acknowledges_failure:
        return False
    if pack is None or claims.failure_flags is None:
        return True
    disclosure = pack.actions.disclosure if pack.actions is not None else None
    if disclosure is not None and disclosure.search(context.lower) is not None:
        return True
    # A failure word a successful result holds restates it; one the failed calls' own
    # arguments hold ("main filament failed" in the description of a fault to be raised)
    # tells what the call was to write, not that it failed.
    results = [f.result.lower() for f in context.evidence.ok] + [
        f.arg_text.lower() for f in context.evidence.failed]
    failure = pack.patterns["failure"]
    for sentence, (start, end) in enumerate(claims.failure_flags.spans):
        if not claims.failure_flags.sentence_failure(sentence):
            continue
        words = [match.group(0).strip() for match in failure.finditer(context.lower, start, end)]
        if any(not word or not any(word in result for result in results) for word in words):
            return True
    return False


def failed_call_named(context: CheckContext, clause: int) -> EventFacts | None:
    """The failed call the sentence of ``clause`` names by a word of its tool's name
    ("Según el AIS, ..." of ``ais.vessel_position``), when it names no successful call: a
    figure there presents what that call would have returned."""
    words = {stem(w) for w in LATIN_WORD_RE.findall(context.sentence_text(clause).lower())}

    def named(facts: EventFacts) -> bool:
        return not words.isdisjoint(stem(w) for w in facts.name_words if len(w) >= 3)

    if any(named(f) for f in context.evidence.ok):
        return None
    return next((f for f in context.evidence.failed if named(f)), None)


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
            or _denies(context)):
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


def check_undisclosed_failed_object(context: CheckContext) -> None:
    """Some calls succeeded and one that did not (no later successful call of its tool
    redid it) is told nowhere: the reply holds no failure word, no disclosure and no
    denial, yet it names what that call alone acted on, an argument value of it no
    successful call holds in its arguments or result ("SAND-MATTE-04" after a recipe
    load that timed out, the address an invoice was to be mailed to, "180 minutes" of a
    denied set_mode): the reply presents the failed call's outcome as if it had one.
    Distinctive values only (an identifier with digits, an address, several words, a
    number of two digits or more): a bare word ("main") names nothing of its own."""
    evidence = context.evidence
    claims = context.claims
    flags = claims.failure_flags
    pack = context.pack
    if (pack is None or pack.actions is None or pack.denial is None or not evidence.ok
            or not evidence.failed or claims.acknowledges_failure or flags is None
            or not claims.clauses or _denies(context)):
        return
    # The failed calls no later successful call of the same tool redid (the rule of
    # principle 4, as the action checks read it).
    failed = [p.facts for p in unsuperseded_failures(call_profiles(evidence.facts, [pack.actions]))
              if p.facts.event.call_id not in context.failed_reported]
    if not failed:
        return
    known = _folded("\n".join(part for f in evidence.ok for part in (f.result, f.arg_text)))
    known_numbers: set[Decimal] | None = None
    starts = [c.start for c in claims.clauses]
    for facts in failed:
        for value in _argument_values(facts.event.args):
            if isinstance(value, str):
                if _folded(value) in known:
                    continue
                spans: Iterator[tuple[int, int]] = itertools.chain(
                    (m.span() for m in _loose_pattern(value).finditer(context.text)),
                    _words_in_one_clause(context, value))
            else:
                if known_numbers is None:
                    known_numbers = _numbers_of(evidence.ok)
                if value in known_numbers:
                    continue
                spans = (v.span for v in claims.values if value in v.numbers)
            for span in spans:
                index = max(bisect_right(starts, span[0]) - 1, 0)
                if not (flags.hedged(index) or flags.general(index)
                        or flags.conditional_clause(index)
                        or _speaks_to_the_user(context, index)):
                    context.failed_presented(span, facts, rule="failure.object_named")
                    break
            if facts.event.call_id in context.failed_reported:
                break


def _denies(context: CheckContext) -> bool:
    """The reply holds a word of denial or failure outside quotations (a reason quoted
    from a tool, "equipment failure", is the tool's word, not a disclosure)."""
    denial = context.pack.denial if context.pack is not None else None
    if denial is None:
        return False
    text = context.text
    if any(mark in text for mark in QUOTATION_MARKS):
        text = mask(text, [m.span() for m in QUOTATION_RE.finditer(text)])
    return denial.search(text) is not None


def _speaks_to_the_user(context: CheckContext, clause: int) -> bool:
    """The sentence addresses the user ("You asked for 40 kW"): the value may be the
    user's own, handed back, not the failed call's outcome. Precision first."""
    second_person = context.pack.second_person if context.pack is not None else None
    return second_person is not None and second_person.search(
        context.sentence_text(clause)) is not None


def _words_in_one_clause(context: CheckContext, value: str) -> Iterator[tuple[int, int]]:
    """A phrase of several words, one with a digit, whose every word a clause of the reply
    holds in any order ("R9 机场路" in "去机场路 R9 支援"): the span of its first word there."""
    words = [w for w in _SEPARATOR_RE.split(value.lower()) if w]
    if len(words) < 2 or not any(c.isdigit() for w in words for c in w):
        return
    # An ASCII word stands alone ("r9", not inside "r90"); a Chinese one anywhere.
    patterns = [re.compile(r"(?<![a-z0-9])" + re.escape(w) + r"(?![a-z0-9])") if w.isascii()
                else re.compile(re.escape(w)) for w in words]
    lower = context.lower
    for clause in context.claims.clauses:
        found = [p.search(lower, clause.start, clause.end) for p in patterns]
        if all(m is not None for m in found):
            first = min((m for m in found if m is not None), key=lambda m: m.start())
            yield first.span()


# An identifier: letters and digits, maybe parted by - _ . / # (SAND-MATTE-04, A7721).
_IDENTIFIER_RE = re.compile(r"[^\W_]*\d[^\W_]*(?:[-_./#][^\W_]+)*|[^\W_]+(?:[-_./#][^\W_]+)*")
_MIN_NUMBER = Decimal(10)
_MAX_PHRASE = 80


def _argument_values(args: Any) -> Iterator[str | Decimal]:
    """The distinctive values of a call's arguments: numbers of two digits or more (not
    a year), strings holding a digit, an "@" or several words (whole, four to 80
    characters, or two or three of letters and digits: "C14", "P5"), and the identifiers
    with a digit inside longer strings."""
    if isinstance(args, dict):
        for item in args.values():
            yield from _argument_values(item)
    elif isinstance(args, list):
        for item in args:
            yield from _argument_values(item)
    elif isinstance(args, bool) or args is None:
        return
    elif isinstance(args, (int, float)):
        try:
            number = Decimal(str(args)).normalize()
        except InvalidOperation:
            return
        if number >= _MIN_NUMBER and not _a_year(number):
            yield number
    elif isinstance(args, str):
        value = args.strip()
        letters_and_digits = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
        if len(value) <= _MAX_PHRASE and (len(value) >= 4 or (len(value) in (2, 3)
                                                              and letters_and_digits)) and (
                any(c.isdigit() for c in value) or "@" in value or len(value.split()) >= 2):
            yield value
        if len(value) > _MAX_PHRASE or " " in value:
            for match in _IDENTIFIER_RE.finditer(value):
                word = match.group(0)
                if len(word) >= 3 and any(c.isdigit() for c in word) \
                        and any(c.isalpha() for c in word) and word != value:
                    yield word


def _a_year(number: Decimal) -> bool:
    return 1900 <= number <= 2100 and number == number.to_integral()


def _folded(text: str) -> str:
    """Lower case, separators as single spaces: "SAND-MATTE-04" and "sand matte 04" meet."""
    return " ".join(_SEPARATOR_RE.split(text.lower()))


_SEPARATOR_RE = re.compile(r"[\s\-_./,;:#'\"()]+")


def _loose_pattern(value: str) -> re.Pattern[str]:
    """The value's words in order, whatever separates them, not inside a longer word."""
    words = [re.escape(w) for w in _SEPARATOR_RE.split(value) if w]
    return re.compile(r"(?<![^\W_])" + r"[\s\-_./,;:#'\"()]*".join(words) + r"(?![^\W_])",
                      re.IGNORECASE)


def _numbers_of(facts: list[EventFacts]) -> set[Decimal]:
    """Every reading of every number in the successful calls' results and arguments."""
    found: set[Decimal] = set()
    for f in facts:
        for text in (f.result, f.arg_text):
            for match in HAYSTACK_NUMBER_RE.finditer(text):
                found.update(n.normalize() for n in number_readings(match.group(0)))
    return found
