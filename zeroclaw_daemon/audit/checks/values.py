"""Value claims: a number, date, name or quantity the reply states, grounded in a result."""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.clock_derive import clock_minutes
from ..evidence.derive import Derivations
from ..evidence.facts import EventFacts
from ..evidence.number_index import rounding_unit
from ..evidence.values import converted_measure, in_base_unit, seconds_in, value_grounded
from ..report import FindingType
from .base import CheckContext, evidence_compact
from .column_readings import misreads_a_column
from .date_shifts import moved_by_stated_days
from .disclosure import discloses_a_failure, failed_call_named
from .durations import duration_derived
from .estimates import an_estimate_like_no_result_figure
from .headed_cells import grounded_in_its_column_unit
from .list_totals import adds_up_with_its_list
from .moments import day_moved_at_the_same_clock
from .own_arithmetic import own_arithmetic
from .per_period import per_period
from .per_unit import per_unit_of_a_record
from .range_sums import sum_of_a_named_run
from .reply_arithmetic import (
    at_a_rate_of_its_sentence,
    recomputed_from_its_figures,
    share_of_its_figure,
)
from .reply_tables import total_of_a_reply_column
from .restated_units import restated_in_its_parenthesis
from .round_bounds import a_round_bound
from .row_readings import misreads_its_row
from .sentence_figures import worked_out_in_its_sentence
from .time_windows import bounds_a_counted_window
from .unit_rates import at_a_rate_times_its_units
from .user_values import restates_users_value
from .written_arithmetic import value_of_a_written_formula
from .zone_shifts import zone_shift_applied


def check_values(context: CheckContext) -> None:
    for value in context.claims.values:
        check_value(context, value)


def check_value(context: CheckContext, claim: ValueClaim) -> None:
    if claim.kind is ValueKind.NUMBER and _inside_count(context, claim.span):
        return  # "120 files" is a count claim, already checked as a count
    cell = misreads_its_row(context, claim, grounded_or_excused)
    if cell is not None:
        facts = context.evidence.ok[0] if len(context.evidence.ok) == 1 else None
        context.add(FindingType.UNGROUNDED_VALUE, claim.span,
                    facts.event.call_id if facts else None,
                    f"{claim.raw.strip()} is not the {cell} of the row its sentence names",
                    "value.misreads_its_row")
        return
    if grounded_or_excused(context, claim):
        return
    if _a_span_from_a_told_moment(context, claim) or _a_name_denied(context, claim):
        return
    evidence = context.evidence
    target: EventFacts | None = evidence.ok[0] if len(evidence.ok) == 1 else None
    context.add(FindingType.UNGROUNDED_VALUE, claim.span,
                target.event.call_id if target else None,
                f"{claim.raw.strip()} appears in no tool result this turn",
                "value.name_not_in_results" if claim.kind is ValueKind.NAME
                else "value.not_in_results")
    if evidence.failed and not discloses_a_failure(context):
        failed = failed_call_named(context, claim.clause) if evidence.ok \
            else evidence.failed[0]
        if failed is not None:
            context.failed_presented(claim.span, failed)


def _a_name_denied(context: CheckContext, claim: ValueClaim) -> bool:
    """A name in a clause its language negates ("PB-05 不在这份报表里", "a Liberty-era copy,
    not a New York one"): the reply says it is not there, or not so; it states nothing read
    from a result."""
    negation = context.pack.negation if context.pack is not None else None
    clauses = context.claims.clauses
    if claim.kind is not ValueKind.NAME or negation is None or not clauses:
        return False
    clause = clauses[claim.clause]
    return negation.search(context.text, clause.start, clause.end) is not None


def _a_span_from_a_told_moment(context: CheckContext, claim: ValueClaim) -> bool:
    """A span of minutes or hours ("about 28 hours before the 13:00 start", "30 minutes
    of baseline before") when the user's message or a call's arguments name a time of day
    ("we need to catch 04:10", a reschedule to 09:00) and no result writes a span in that
    unit: the reply may count it from that moment, on a day or in a zone the auditor cannot
    pair: unclear evidence, no finding. Without a moment told (spans between the results'
    own times), beside a result's own span ("duration_min"), and in days, seconds or
    milliseconds, it is checked as any value."""
    if claim.kind is not ValueKind.MEASURE:
        return False
    seconds = seconds_in(claim.unit)
    words = _SPAN_WORDS.get(int(seconds)) if seconds is not None else None
    evidence = context.evidence
    if words is None or not clock_minutes(
            [evidence.user_message, *(f.arg_text for f in evidence.facts)]):
        return False
    return not any(any(key.startswith(words) for key in facts.result_keys)
                   or any(word in facts.result for word in words if not word.isascii())
                   for facts in evidence.ok)


# The words a result writes a span of that many seconds in (stems, and Chinese whole).
_SPAN_WORDS: dict[int, tuple[str, ...]] = {
    60: ("min", "minuto", "分钟"),
    3600: ("hour", "hora", "hrs", "小时"),
}


def grounded_or_excused(context: CheckContext, claim: ValueClaim) -> bool:
    """The value is grounded in a result, or read as something else than a figure a
    result states (the reply's arithmetic, a bound, the user's own figure...)."""
    evidence = context.evidence
    claims = context.claims
    if claim.kind is ValueKind.NAME and not evidence.ok:
        return True  # a name said to come from a tool when none ran: the tool claim is the lie
    if (not evidence.facts
            and claims.sentence_of(claim.clause) not in claims.attributed_sentences):
        return True  # general knowledge, not attributed to any tool
    if value_grounded(claim, evidence) and not day_moved_at_the_same_clock(context, claim) \
            and not misreads_a_column(context, claim):
        return True
    if duration_derived(context, claim) or zone_shift_applied(context, claim) \
            or bounds_a_counted_window(context, claim) or _bounds_a_window(context, claim) \
            or a_round_bound(context, claim):
        return True
    if _given_back_to_user(context, claim) or restates_users_value(context, claim):
        return True
    if claim.kind is ValueKind.DATE and (_named_as_today(context, claim)
                                         or moved_by_stated_days(context, claim)):
        return True
    if claim.kind is ValueKind.NUMBER and (_chained_measure_grounded(context, claim)
                                           or grounded_in_its_column_unit(context, claim)):
        return True
    if own_arithmetic(context, claim) or per_period(context, claim) \
            or worked_out_in_its_sentence(context, claim) \
            or total_of_a_reply_column(context, claim) \
            or adds_up_with_its_list(context, claim) \
            or per_unit_of_a_record(context, claim) \
            or recomputed_from_its_figures(context, claim) \
            or share_of_its_figure(context, claim) \
            or at_a_rate_of_its_sentence(context, claim) \
            or at_a_rate_times_its_units(context, claim) \
            or sum_of_a_named_run(context, claim) \
            or value_of_a_written_formula(context, claim):
        return True
    if _share_no_result_states(context, claim) or restated_in_its_parenthesis(context, claim):
        return True
    return an_estimate_like_no_result_figure(context, claim) or _a_bound_of_its_own(context, claim)


# What a result states a share with: a per cent sign, or a key naming a share, a rate or a
# ratio (in the languages keys are written in).
_SHARE_IN_RESULT_RE = re.compile(
    r"%|(?<![a-z])(?:pct|percent|percentage|ratio|rate|share|util|utilization|usage|"
    r"porcentaje|tasa|proporci[oó]n|taux|anteil|quote)|率|比例|占比|百分", re.IGNORECASE)


# A part of a whole the sentence names before its percentage ("170 of 240", "17 de 24",
# "3/4", "240 票中 170 票"): the percentage is then that share, which is checked.
_PART_OF_WHOLE_RE = re.compile(
    r"\d\s*(?:[^\W\d_]+\s+)?(?:of|out\s+of|de|sobre|/)\s*\d"
    r"|\d\s*[^\W\d]{0,3}\s*(?:中|里|当中)(?:的|有)?\s*\d")


def _share_no_result_states(context: CheckContext, claim: ValueClaim) -> bool:
    """A percentage presented as worked out ("roughly 81%", "约 20%": approximate), when
    this turn's results state no share (no "%", no key naming a share or rate, no
    fraction between 0 and 1): the reply computed it, and a computation is open-ended (an
    attenuation, a margin, an efficiency by the domain's own formula), so it cannot
    contradict a result; the figures it is computed from are checked as values of their
    own. Still checked: a percentage stated flat ("Turnout was 81%"), one said to be read
    from a tool ("the dashboard shows 81%"), one of a part and a whole its sentence names
    ("170 of 240, or 72.8%"), and any percentage when no call succeeded."""
    evidence = context.evidence
    if claim.kind is not ValueKind.PERCENT or not claim.approx or not evidence.ok:
        return False
    if context.claims.sentence_of(claim.clause) in context.claims.attributed_sentences:
        return False
    sentence = context.claims.sentence_span(claim.clause)
    if _PART_OF_WHOLE_RE.search(context.text, sentence[0] if sentence else 0, claim.span[0]):
        return False   # "170 of 240, or 72.8%": the share of the figures it names
    if any(_SHARE_IN_RESULT_RE.search(f.result) for f in evidence.ok):
        return False
    return not any(0 < abs(value) < 1 for value in evidence.derivations.operands)


# A time that opens its clause as the bound of a window ("After 20:00 there are 2
# bookings", "Antes de las 19:00 hay…", "20:00 以后有两桌"): the span the reply looks at,
# not a value a result states ("the last sailing arrives before 17:00" still is one).
_BOUND_BEFORE_RE = re.compile(r"^[\s*_>-]*(?:after|before|since|until|till|(?:antes|después|"
                              r"despues)\s+de(?:\s+las?)?|desde\s+las?|hasta\s+las?)\s*$",
                              re.IGNORECASE)
_BOUND_AFTER_RE = re.compile(r"^\s*(?:以后|之后|以前|之前|后|前)")


def _bounds_a_window(context: CheckContext, claim: ValueClaim) -> bool:
    if claim.kind is not ValueKind.TIME or not context.claims.clauses:
        return False
    start, end = claim.span
    opening = context.text[context.claims.clauses[claim.clause].start:start]
    return bool(_BOUND_BEFORE_RE.match(opening)
                or (not opening.strip() and _BOUND_AFTER_RE.match(context.text[end:end + 3])))


# How far before a value its bound word may end ("por encima del 45 %", "above the 2 mm").
_BOUND_REACH = 24


def _a_bound_of_its_own(context: CheckContext, claim: ValueClaim) -> bool:
    """"The rest are above 45 %", "todo lo demás por debajo de 3 m", "其余都高于 45%": a
    figure after a comparative bound word is where the reply draws a line through the
    results' figures, a round number of its choosing, not a figure it says a result
    states; what it says of the items past the line is checked where it denies them
    (checks/threshold_absences.py, checks/filter_denials.py)."""
    pack = context.pack
    if pack is None or pack.bound_before is None or claim.kind in (
            ValueKind.NAME, ValueKind.DATE, ValueKind.TIME):
        return False
    start = claim.span[0]
    before = context.lower[max(0, start - _BOUND_REACH):start].replace("*", "")
    return pack.bound_before.search(before) is not None


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


# Words naming a day relative to the reader's clock: the date beside one is the model's
# calendar ("as of today, Dec 4"), not a value read from a result.
_DEICTIC_DAY_RE = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|hoy|mañana|ayer|aujourd'hui|demain|hier|heute|"
    r"morgen|gestern|oggi|domani|ieri|hoje|amanhã|ontem)\b|今天|明天|昨天|今日|明日|昨日",
    re.IGNORECASE)
_DEICTIC_WINDOW = 24


def _named_as_today(context: CheckContext, claim: ValueClaim) -> bool:
    start, end = claim.span
    before = context.text[max(0, start - _DEICTIC_WINDOW):start]
    after = context.text[end:end + 3]
    return bool(_DEICTIC_DAY_RE.search(before.rsplit("\n", 1)[-1])) or after.startswith(
        ("今天", "明天", "昨天"))


# "120 × 100 × 145 cm" / "47.2 × 39.4 × 57.1 in": every number of a dimension chain is
# written in the unit after its last number; so is each end of a range ("about 2.4–3.7 m",
# "de 2,4 a 3,7 m"). A bare "m" is read here only: a value's own unit it is not (million?).
_JOIN = r"(?:[×xX*–—-]|to|a|hasta)"
_CHAIN_TAIL_RE = re.compile(
    r"(?:\s*" + _JOIN + r"\s*\d+(?:[.,]\d+)?)+\s?(?P<unit>in|inch|inches|ft|feet|cm|mm|m|km|mi)\b")


_CHAIN_HEAD_RE = re.compile(r"\d\s*" + _JOIN + r"\s*$")
_UNIT_AFTER_RE = re.compile(r"\s?(?P<unit>in|inch|inches|ft|feet|cm|mm|m|km|mi)\b")


# A unit's name after a number that no value pattern reads as a unit, because the word is
# also a noun of another language ("36,7 pies" is feet in Spanish, "12 pies" a dish in
# English): looked up in the conversion tables, so it can only ground the number.
_NAME_AFTER_RE = re.compile(r"\s?(?P<unit>[^\W\d_]{2,12})\b")


def _chained_measure_grounded(context: CheckContext, claim: ValueClaim) -> bool:
    match = _CHAIN_TAIL_RE.match(context.text, claim.span[1])
    if match is None and _CHAIN_HEAD_RE.search(context.text[max(0, claim.span[0] - 12):
                                                            claim.span[0]]):
        match = _UNIT_AFTER_RE.match(context.text, claim.span[1])   # the chain's last number
    if match is None:
        match = _NAME_AFTER_RE.match(context.text, claim.span[1])
        if match is None or in_base_unit(Decimal(1), match.group("unit")) is None:
            return False
    unit = match.group("unit").lower()
    return any(converted_measure(reading, unit, context.evidence.numbers, approx=claim.approx)
               for reading in claim.numbers)
