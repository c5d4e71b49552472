"""Absences read against the rows a reply names, and the evidence a refuted absence quotes.

A reply names items by a number or an identifier ("bed 6", "el 4433", "FA-300-70"): an
absence of those items is judged on their rows, not on the whole result. "Bed 6 is empty"
beside a row "6  -  -  -" (nothing past its first cell) is true; so is "both shifts are
empty" over items that all hold an empty list, "no queda nada (FA-300-70 está agotado)" over
that row at 0, and "el 4433 no tiene ninguna baja" when no line naming 4433 holds the
subject, though another bus's line does. A refuted absence quotes the row holding what it
denies: a word of its subject, or the Chinese word of its state (不通过 for 不合格), which
:func:`states_written` reads the other way round. An absence whose subject no row names
("ninguna muestra ha superado los límites") may name in its predicate the state a row's
state cell holds ("SUPERA"): those rows are its items (:func:`state_in_the_predicate`).
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, fold, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.json_values import first_list
from .absence_kinds import STATE_KEY_RE, states_denied
from .base import CheckContext


def vacant_row_named(context: CheckContext, claim: AbsenceClaim,
                        pool: list[EventFacts]) -> bool:
    """"Bed 6 is empty" beside a row "6  -  -  -": the clause names a row the table lists
    with nothing in it; or every item the result lists holds nothing."""
    if not _EMPTY_RE.search(claim.text):
        return False
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    said = context.text[clause.start:clause.end] if clause is not None else claim.text
    named = _names_with_digits(said)
    return any(named & set(f.vacant_rows) or _every_item_holds_nothing(f) for f in pool)


def named_items_hold_none(context: CheckContext, claim: AbsenceClaim,
                              target: EventFacts) -> bool:
    """The absence's clause names items before its negation by a number or an identifier
    the result's items write ("el 4433 no tiene ninguna baja"), and no item holding the
    subject names one of them: the items it is about hold none of it, though others do."""
    if not claim.subject:
        return False
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    if clause is None:
        return False
    # The items named before the negation, as its subject ("el 4433 no tiene…"), not a
    # thing named after it ("no warnings in the F-2291 log", "errores 500").
    said = context.text[clause.start:claim.span[0]]
    named = {n for n in _names_with_digits(said) if _an_identifier(n) or len(n) >= 3}
    units = target.units[:_ITEMS_QUOTED]
    if units and claim.subject & text_keywords(units[0]):
        return False   # a column the subject names ("ALARM"): a named row's cell there says
    naming = [unit for unit in units
              if named & _names_with_digits(unit)]
    if not naming:
        return False
    return not any(claim.subject & text_keywords(unit) for unit in naming)


def named_row_at_none(context: CheckContext, claim: AbsenceClaim,
                         pool: list[EventFacts]) -> bool:
    """"del de 300 g no queda nada (FA-300-70 está agotado)", "铃兰一支都没到": the
    absence's sentence names a row by an identifier or a Chinese name, and that row holds
    a 0 or a state of none left (agotado, sold out, 售罄): the absence is of that row's
    stock, and borne out."""
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return False
    sentence = context.text[span[0]:span[1]]
    named = {n for n in _names_with_digits(sentence) if _an_identifier(n)}
    for facts in pool:
        for row in facts.rows:
            # A Chinese name of the row written whole ("铃兰一支都没到" of the row 铃兰).
            han = {cell for cell in row.labels.values()
                   if _HAN_NAME_RE.fullmatch(cell) and cell in sentence}
            if row.structured and (named | han) & set(row.labels.values()) and (
                    0 in row.numbers.values()
                    or any(_NONE_LEFT_RE.search(label) for label in row.labels.values())):
                return True
    return False


def named_rows_at_zero(context: CheckContext, claim: AbsenceClaim,
                       pool: list[EventFacts]) -> bool:
    """"The studio and quarantine traps were empty" over rows "T05,Conservation studio,0,0,0"
    and "T08,Quarantine room,0,0,0": the absence's clause names rows by words no other row
    of their table holds, and every figure of every row it names is zero: borne out."""
    clauses = context.claims.clauses
    if not clauses:
        return False
    clause = clauses[claim.clause]
    said = text_keywords(context.text[clause.start:clause.end])
    for facts in pool:
        rows = [row for row in facts.rows if row.structured and row.numbers]
        if len(rows) < 2:
            continue
        words = [frozenset().union(*map(text_keywords, row.labels.values())) for row in rows]
        seen: dict[str, int] = {}
        for row_words in words:
            for word in row_words:
                seen[word] = seen.get(word, 0) + 1
        named = [row for row, row_words in zip(rows, words, strict=True)
                 if any(seen[w] == 1 for w in row_words & said)]
        if named and all(value == 0 for row in named for value in row.numbers.values()):
            return True
    return False


def subject_row_negative(claim: AbsenceClaim, pool: list[EventFacts]) -> bool:
    """"no inhibitory substances" beside a row "Inhibitory substances  NEG  NEG": the row
    the absence's subject names (every word of the subject in its label) reads negative, a
    test's result of none found; the absence is that result, borne out."""
    if not claim.subject:
        return False
    for facts in pool:
        for row in facts.rows:
            if not row.structured or row.numbers:
                continue
            labels = list(row.labels.values())
            named = [label for label in labels if claim.subject <= text_keywords(label)]
            results = [label for label in labels if label not in named]
            if named and results and all(_NEGATIVE_RE.match(label) for label in results):
                return True
    return False


_HAN_NAME_RE = re.compile(r"[\u4e00-\u9fff]{2,8}")

# A test's result of none found, in the languages results are written in.
_NEGATIVE_RE = re.compile(r"^\s*(?:neg(?:ative|ativo|ativa)?|not\s+detected|n\.?d\.?|absent|"
                          r"ausente|no\s+detectad[oa]|none|nil|阴性|未检出)\s*$", re.IGNORECASE)


# States of nothing left of an item, in the languages results are written in.
_NONE_LEFT_RE = re.compile(r"^\s*(?:agotad[oa]s?|sin\s+stock|sold\s+out|out\s+of\s+stock|none|"
                           r"售罄|缺货|无货|已售完)\s*$", re.IGNORECASE)


def _every_item_holds_nothing(facts: EventFacts) -> bool:
    """Every item of a JSON listing holds an empty list or a null ("volunteers": []): "both
    shifts are empty" says so."""
    data = facts.parsed_json
    items = data if isinstance(data, list) else \
        first_list(data, depth=0) if isinstance(data, dict) else None
    return bool(items) and all(
        isinstance(item, dict) and any(value == [] or value is None for value in item.values())
        for item in items or ())


_EMPTY_RE = re.compile(r"\bempty\b|\bvac[ií][oa]s?\b|空", re.IGNORECASE)
# A word with a digit in it: how items are named ("6", "4433", "FA-300-70", "H03").
_DIGIT_WORD_RE = re.compile(r"(?<![\w.,-])[\w-]*\d[\w-]*(?![\w-]|[.,]\d)")


def _names_with_digits(text: str) -> set[str]:
    return {m.group(0).lower() for m in _DIGIT_WORD_RE.finditer(text)}


def _an_identifier(name: str) -> bool:
    """Letters and digits in one word ("fa-300-70", "sku-12"), no bare number."""
    return any(c.isalpha() for c in name)


def item_holding(facts: EventFacts, subject: frozenset[str],
                  state_words: tuple[str, ...] = ()) -> str | None:
    """The first item of the result (a line, or a JSON array's entry) holding a word of the
    absence's subject, or a Chinese word of the state it denies: the evidence a finding
    quotes."""
    if not subject and not state_words:
        return None
    units = facts.units[:_ITEMS_QUOTED]
    # A table's header names the subject as a column: a row holding it is the evidence.
    for unit in [*units[1:], *units[:1]]:
        if subject & text_keywords(unit) or any(word in unit for word in state_words):
            return unit.strip()
    return None


def state_words(context: CheckContext, claim: AbsenceClaim) -> tuple[str, ...]:
    """The Chinese words of the states the absence denies (不通过 for 不合格)."""
    pack = context.pack
    if pack is None or not pack.cjk:
        return ()
    denied = states_denied(context, claim)
    return tuple(word for word, words in pack.states.items() if denied & words)


_ITEMS_QUOTED = 200


def states_written(context: CheckContext, facts: EventFacts) -> frozenset[str]:
    """The English words of the states a Chinese result writes in Chinese ("不通过" is
    "failed"): a reply's "不合格" names the same state in other words."""
    pack = context.pack
    if pack is None or not pack.cjk:
        return frozenset()
    return frozenset(w for word, words in pack.states.items() if word in facts.result
                     for w in words)


def state_in_the_predicate(context: CheckContext, claim: AbsenceClaim,
                           pool: list[EventFacts]) -> tuple[EventFacts, str] | None:
    """A result and the state its state column holds that the absence's predicate names:
    "ninguna muestra ha superado los límites" beside a row whose ESTADO is "SUPERA", "none
    of the units exceeded it" beside "EXCEEDS". A word and a state cell name one state when
    they share their first :data:`_STEM` letters (a verb's forms and its state word differ
    in their endings). Latin scripts only: what a Chinese result writes is read through
    the pack's states (:func:`states_written`)."""
    if context.pack is None or context.pack.cjk or not context.claims.clauses:
        return None
    clause = context.claims.clauses[claim.clause]
    predicate = {fold(w)[:_STEM] for w in LATIN_WORD_RE.findall(
        context.lower, claim.span[1], clause.end) if len(w) >= _STEM}
    if not predicate:
        return None
    for facts in pool:
        rows = facts.rows[:_ITEMS_QUOTED]
        if not rows:
            continue
        # A column named for states: by its key, or (a text table, cells by position) by
        # the cell of the header row above it.
        header = {column for column, cell in rows[0].labels.items()
                  if STATE_KEY_RE.fullmatch(cell.strip())}
        for row in rows:
            for column, cell in row.labels.items():
                if column not in header and STATE_KEY_RE.search(column) is None:
                    continue
                words = LATIN_WORD_RE.findall(cell.lower())
                if len(words) == 1 and len(words[0]) >= _STEM and \
                        fold(words[0])[:_STEM] in predicate:
                    return facts, cell
    return None


_STEM = 5

