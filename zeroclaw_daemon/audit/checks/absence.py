"""Absence claims: "no errors", checked against results that hold items."""

from __future__ import annotations

import re

from ...receipts.render import count_items
from ..claims.numbers import find_dates, month_number
from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, stem, text_keywords
from ..evidence.facts import RESULT_SAYS_NOTHING_RE, EventFacts
from ..evidence.relation import Relation, related
from ..report import FindingType
from .absence_binding import (
    data_the_next_sentence_says_failed,
    failures_recorded_empty,
    holds_a_level_of,
    selects_by_a_filter,
)
from .absence_columns import columns_all_sound
from .absence_confirms import result_confirms
from .absence_days import scoped_to_a_day_with_none, scoped_to_other_days
from .absence_due import due_dates_bear_out, passed_due_date
from .absence_flags import listed_with_the_flag_false
from .absence_kinds import a_state_keyed_empty, a_state_no_item_holds, states_denied
from .absence_lacks import lacks_an_item
from .absence_measures import a_measure_at_zero
from .absence_records import lists_records, selects_group
from .absence_rows import (
    item_holding,
    named_items_hold_none,
    named_row_at_none,
    named_rows_at_zero,
    state_in_the_predicate,
    state_words,
    states_written,
    subject_row_negative,
    vacant_row_named,
)
from .absence_scope import (
    bare,
    doubly_negated,
    its_part_of_the_sentence,
    none_left,
    scoped_to_a_moment,
    topic_no_result_holds,
)
from .absence_selected import listed_in_a_selected_state
from .absence_states import (
    lacks_a_listed_field,
    quotes_a_zero_cell,
    state_of_a_listed_item,
    state_of_a_named_row,
    state_written_as_a_value,
)
from .absence_stock import (
    counted_in_its_state,
    row_text,
    stock_rows_at_zero,
    subject_rows_out_of_stock,
)
from .base import CheckContext, clip
from .disclosure import denies_an_action, discloses_a_failure
from .moments import holds_a_local_time_in
from .named_args import calls_the_sentence_names, holds_named_argument
from .threshold_absences import judged_past_a_bound
from .zero_states import said_of_counted_items, state_of_counted_items

NOT_FOUND_RE = re.compile(
    r"not\s+found|no\s+such|does\s+not\s+exist|doesn't\s+exist|FileNotFound|ENOENT|\b404\b|"
    r"不存在|找不到|no\s+existe|no\s+se\s+encontr", re.IGNORECASE)


def check_absences(context: CheckContext) -> None:
    for absence in context.claims.absences:
        check_absence(context, absence)


def check_absence(context: CheckContext, claim: AbsenceClaim) -> None:
    evidence = context.evidence
    if judged_past_a_bound(context, claim.span):
        return  # "nothing under 3 mm": judged against the figures in that unit
    if not evidence.ok:
        if any(NOT_FOUND_RE.search(f.result) for f in evidence.failed):
            return  # "it doesn't exist" after the call failed with "not found"
        if (evidence.failed and not discloses_a_failure(context)
                and not denies_an_action(context, claim)):
            context.failed_presented(claim.span)
        return
    flags = context.claims.failure_flags
    if evidence.failed and flags is not None and context.claims.clauses and (
            flags.sentence_failure(context.claims.clauses[claim.clause].sentence)
            or data_the_next_sentence_says_failed(context, claim)):
        return  # "超时了，所以现在队列里还没有它": what a failed call's failure left undone
    residual = context.pack.residual if context.pack is not None else None
    if residual is not None and residual.search(claim.text):
        return  # "with no other warnings": the rest, after the ones named; precision first
    if doubly_negated(context, claim):
        return  # "no hay ningún mes sin consumo": every month has some; a universal
    if scoped_to_a_moment(context, claim):
        return  # "10:16 之后…没有再报错": about part of the result only; precision first
    if not claim.subject and len(claim.text.strip()) <= 3 and bare(context, claim):
        return  # a bare "没有。" answering the question: what it denies is not in the reply
    if none_left(context, claim):
        return  # "没有了，四个场次全部订满": every item taken; the result lists the taken ones
    # The calls its sentence cites by receipt, else the calls its words name.
    pool = context.cited(claim.clause) or context.relevant(claim.container, evidence.ok) \
        or evidence.ok
    if context.pack is not None and context.pack.lack is not None \
            and context.pack.lack.search(claim.text) and not lacks_an_item(pool):
        return  # "没有缺的", "no le falta nada": no item of the results is missing
    if claim.of_action:
        _check_action_count(context, claim)
        return
    if claim.in_daypart:
        _check_daypart(context, claim, pool)
        return
    if claim.located:
        _check_located(context, claim)
        return
    if claim.group:
        # "Nobody from 8B was off": only a call that selected that group, and returned
        # records, speaks of its members; anything else leaves the claim unchecked.
        pool = [f for f in evidence.ok if selects_group(f, claim.group) and lists_records(f)]
        if not pool:
            return
    # A due state is the state on a day ("none overdue as of today"), not of the items
    # dated on it: judged before the day scope.
    passed = passed_due_date(context, claim, pool)
    if passed is not None:
        facts, why = passed
        _refuted(context, claim, facts, why, "absence.due_date_passed")
        return
    if scoped_to_other_days(context, claim, pool) or scoped_to_a_day_with_none(context, claim,
                                                                               pool):
        return   # "no visible pass today or tomorrow": the passes listed are later
    selected = listed_in_a_selected_state(
        context, claim, calls_the_sentence_names(context.sentence_text(claim.clause), evidence.ok))
    if selected is not None:
        facts, listed = selected
        _refuted(context, claim, facts, f"lists {listed} in that state",
                 "absence.selected_state_listed")
        return
    if due_dates_bear_out(context, claim, pool):
        return   # "没有过期的" over use-by dates all after the turn's day
    flagged = listed_with_the_flag_false(context, claim, pool)
    if flagged is not None:
        facts, field, false = flagged
        if false:
            _refuted(context, claim, facts, f"has {false} with {field} false",
                     "absence.flag_says_otherwise")
        return   # or every item holds the field true: the absence is borne out
    stock = stock_rows_at_zero(context, claim, pool)
    if stock is not None:
        facts, at_zero = stock
        if at_zero is not None:
            _refuted(context, claim, facts, f"lists \"{clip(row_text(at_zero))}\" at none in stock",
                     "absence.result_has_items")
        return   # or a stock column with no row at zero: the absence holds
    counted = counted_in_its_state(claim, states_denied(context, claim),
                                   its_part_of_the_sentence(context, claim), pool)
    if counted is not None:
        facts, cell = counted
        _refuted(context, claim, facts, f"counts an item in that state ({cell})",
                 "absence.result_has_items")
        return
    if claim.of_state and not state_written_as_a_value(claim, pool,
                                                       states_denied(context, claim)):
        return   # "nothing pending" beside a balance's "pending" key: no item in that state
    if said_of_counted_items(context, claim):
        return   # "另外 4 通没接到": the four calls' state, checked as a count
    if state_of_counted_items(context, claim):
        return   # "two slots are empty": the counted items' state
    if any(f.empty for f in pool) or a_measure_at_zero(claim, pool) or \
            vacant_row_named(context, claim, pool) or \
            named_row_at_none(context, claim, pool) or subject_row_negative(claim, pool) or \
            named_rows_at_zero(context, claim, pool) or \
            state_of_a_listed_item(context, claim, pool) or \
            quotes_a_zero_cell(context, claim, pool) or state_of_a_named_row(context, claim, pool) \
            or lacks_a_listed_field(context, claim, pool) \
            or subject_rows_out_of_stock(claim, pool):
        return
    sentence = context.sentence_text(claim.clause)
    after = context.text[claim.span[1]:claim.span[1] + 24]
    if any(result_confirms(f, claim, sentence) or failures_recorded_empty(f, claim, after)
           for f in pool):
        return
    target = pool[0]
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    said = context.text[claim.span[0]:clause.end] if clause is not None else claim.text
    whole_clause = context.text[clause.start:clause.end] if clause is not None else said
    dayparts = _dayparts_named(context, whole_clause)
    held = [f for f in pool if _holds_named_value(f, said) or _holds_a_time_in(f, dayparts)
            or holds_named_argument(f, claim, said, quoted_only=True)]
    if held:
        target = held[0]   # "no 5xx" over 502 lines, "没看到 12月1日 的备份" over ...20261201...
    elif topic_no_result_holds(context, claim, pool):
        return   # "Dobles no queda ninguna": no item of the kind the clause opens with
    elif claim.subject:
        # A state the absence names, in the words results write it in ("没有取消的" of
        # "cancelled"): the items in that state are its subject too.
        states = states_denied(context, claim)
        if any(a_state_keyed_empty(f, states) for f in pool):
            return   # "没有故障" over bays whose "faults" are all []
        holders = [f for f in pool if _contains_subject(f, claim.subject)
                   or (states and (_contains_subject(f, states)
                                   or states & states_written(context, f)))
                   or holds_a_level_of(f, claim)]
        stated = state_in_the_predicate(context, claim, pool) if not holders else None
        if holders:
            target = holders[0]
        elif stated is not None:
            target, state = stated
            row = item_holding(target, frozenset(), (state,)) or state
            _refuted(context, claim, target, f"lists \"{clip(row)}\"",
                     "absence.result_has_items")
            return
        elif claim.selective:
            return  # "two errors and no warnings": the result holds something else
        else:
            sought = [f for f in pool if related(f.call_keys, claim.subject)] or \
                _asked_of_the_only_call(context, claim, pool)
            if not sought:
                return  # nothing says the call was about this subject
            target = sought[0]
            names = _names(claim, context)
            if names and not names & target.result_keys:
                # "no Postgres container": the call lists containers, and the name is in
                # none of its items: a true negation.
                return
    if a_state_no_item_holds(context, claim, target) or columns_all_sound(claim, target):
        return  # "no cancelled flights" over flights none of which is cancelled
    if named_items_hold_none(context, claim, target):
        return  # "el 4433 no tiene ninguna baja": only 4417's line is low
    holder = item_holding(target, claim.subject, state_words(context, claim))
    context.add(FindingType.FALSE_ABSENCE, claim.span, target.event.call_id,
                f"says \"{clip(claim.text)}\", but the {target.event.tool} result lists "
                f"\"{clip(holder)}\"" if holder is not None else
                f"says \"{clip(claim.text)}\", but the {target.event.tool} result has "
                f"{len(target.units) or count_items(target.result)} items",
                "absence.result_has_items")


def _refuted(context: CheckContext, claim: AbsenceClaim, facts: EventFacts, why: str,
             rule: str) -> None:
    context.add(FindingType.FALSE_ABSENCE, claim.span, facts.event.call_id,
                f"says \"{clip(claim.text)}\", but the {facts.event.tool} result {why}", rule)


def _check_daypart(context: CheckContext, claim: AbsenceClaim,
                   pool: list[EventFacts]) -> None:
    """"Nothing on Friday afternoon" while a result's item starts in the afternoon of that
    day on the reader's clock; anything else (no such time) is no finding."""
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    whole_clause = context.text[clause.start:clause.end] if clause is not None else claim.text
    windows = _dayparts_named(context, whole_clause)
    held = [f for f in pool if holds_a_local_time_in(context, f, windows, whole_clause)]
    if held:
        context.add(FindingType.FALSE_ABSENCE, claim.span, held[0].event.call_id,
                    f"says \"{clip(claim.text)}\", but the {held[0].event.tool} result has "
                    f"an item at that time", "absence.result_has_items")


def _check_located(context: CheckContext, claim: AbsenceClaim) -> None:
    """"The term isn't in the memory": contradicted only by a result item holding the
    call argument the claim names before its container (the claim ends where the
    container begins: "the fix isn't in 4.2" names the release as the container, not as
    the thing denied); anything else is unclear, so no finding."""
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    said = context.text[clause.start:claim.span[1]] if clause is not None else claim.text
    held = [f for f in context.evidence.ok
            if holds_named_argument(f, claim, said, quoted_only=False)]
    if held:
        context.add(FindingType.FALSE_ABSENCE, claim.span, held[0].event.call_id,
                    f"says \"{clip(claim.text)}\", but the {held[0].event.tool} result holds "
                    f"what the call asked for", "absence.result_holds_the_argument")


def _check_action_count(context: CheckContext, claim: AbsenceClaim) -> None:
    """"Nothing gets destroyed" against "Plan: 1 to add, 0 to change, 1 to destroy": a
    count the result states beside the same verb, above zero, contradicts it; a zero
    confirms it, and a mere mention of the verb says nothing."""
    relation = Relation(claim.subject)
    for facts in context.evidence.ok:
        stated = [value for value, keys in facts.number_neighbours if relation(keys)]
        if stated and all(value > 0 for value in stated):
            context.add(FindingType.FALSE_ABSENCE, claim.span, facts.event.call_id,
                        f"says \"{clip(claim.text)}\", but the {facts.event.tool} result "
                        f"states {stated[0]}", "absence.result_states_a_count")
            return


def _asked_of_the_only_call(context: CheckContext, claim: AbsenceClaim,
                            pool: list[EventFacts]) -> list[EventFacts]:
    """"¿Tengo citas pendientes?", one call, its records, then "no tienes ninguna cita":
    a negated possession of the reader answers the user's question, and the turn's only
    call, returning records, is what answered it (the tool may be named in another
    language). So does any absence of what the user asked for when that call selected its
    records by a filter argument ("9 楼有没有挂请勿打扰的房间？", a board read with
    ``filter: dnd``, then "没有挂请勿打扰的房间"): each record is one the filter kept. The
    user's words bind the claim to the call here; they are never read as evidence of what
    the result holds."""
    if len(pool) != 1 or not (claim.possession or selects_by_a_filter(pool[0])) \
            or not lists_records(pool[0]):
        return []
    return pool if related(context.evidence.user_keys, claim.subject) else []


def _names(claim: AbsenceClaim, context: CheckContext) -> frozenset[str]:
    """The proper names among what the absence is about: capitalised words after the
    first ("no MySQL container"), not month names; in a CJK reply, where a loanword may be
    capitalised at will ("未发现Pod"), only mixed-case words ("MongoDB", not "PR")."""
    words = LATIN_WORD_RE.findall(claim.text)
    if context.pack is not None and context.pack.cjk:
        found = {stem(w) for w in words
                 if any(c.isupper() for c in w[1:]) and any(c.islower() for c in w)}
    else:
        if claim.text[:1].isalpha() and claim.text[:1].isascii():
            words = words[1:]   # the phrase's first word is capitalised as a sentence start
        found = {stem(w) for w in words if w[0].isupper() and month_number(w) is None}
    return frozenset(found) & claim.subject


_STATUS_CLASS_RE = re.compile(r"\b([1-5])xx\b", re.IGNORECASE)
_NUMBER_RE = re.compile(r"(?<![\w.,:/-])\d{3,}(?![\w.,:/-])")


# A time of day in a result, not a UTC offset ("+08:00").
_RESULT_TIME_RE = re.compile(r"(?<![\d+-])([01]?\d|2[0-3]):([0-5]\d)(?!\d)")


def _dayparts_named(context: CheckContext, said: str) -> list[tuple[int, int]]:
    pack = context.pack
    if pack is None or not pack.dayparts:
        return []
    lowered = said.lower()
    return [hours for word, hours in pack.dayparts.items() if word in lowered]


def _holds_a_time_in(facts: EventFacts, windows: list[tuple[int, int]]) -> bool:
    """"Nothing on Friday afternoon", "下午没有安排": the result lists a time in that part
    of the day."""
    if not windows:
        return False
    for match in _RESULT_TIME_RE.finditer(facts.result):
        hour = int(match.group(1))
        if any(start <= hour < end for start, end in windows):
            return True
    return False


def _holds_named_value(facts: EventFacts, said: str) -> bool:
    """The absence names a value the result holds: a status class ("5xx": any 5nn), a
    number ("errores 500"), or a date in any spelling ("12月1日" in "shop-20261201")."""
    for match in _STATUS_CLASS_RE.finditer(said):
        head = int(match.group(1))
        if any(head * 100 <= n < head * 100 + 100 for n in facts.integers):
            return True
    if any(int(raw) in facts.integers for raw in _NUMBER_RE.findall(said)):
        return True
    for _, _, (year, month, day) in find_dates(said):
        compact = f"{month:02d}{day:02d}"
        pattern = (str(year) if year else r"(?:19|20)\d\d") + f"-?{month:02d}-?{day:02d}"
        if compact in facts.result and re.search(r"(?<!\d)" + pattern + r"(?!\d)",
                                                 facts.result):
            return True
    return False


def _contains_subject(facts: EventFacts, subject: frozenset[str]) -> bool:
    # "errores"/"errors" stem to "errore"/"error": one stem may begin the other.
    relation = Relation(subject)
    if subject & facts.result_keys or relation(k for k in facts.result_keys if len(k) >= 5):
        if not RESULT_SAYS_NOTHING_RE.search(facts.result):
            return True
        return any(not RESULT_SAYS_NOTHING_RE.search(u) and (
            subject & (keys := text_keywords(u)) or relation(k for k in keys if len(k) >= 5))
            for u in facts.units)
    return any(len(s) <= 5 and s.isascii() and s.isalpha() and s in facts.acronyms
               for s in subject)
