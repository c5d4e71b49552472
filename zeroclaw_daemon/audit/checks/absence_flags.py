"""An absence of a state that an item's yes/no field says it is in.

"Nothing's out of service" beside an item with ``"in_service": false``, "no hay ningún
socio sin confirmar" beside a column ``confirmado`` holding ``no``, "nobody is unpaid"
beside ``paid: N``: the reply denies a state written as the negation of a yes/no field (a
negating particle, "out of", "not", "un-", "non-", "sin", "fuera de", "no", before the
field's own word), and an item holds that field false, so it is in the denied state. The
state's own word denied ("no loans are overdue" beside ``overdue: true``) is refuted by an
item holding the field true. Every item holding it the other way bears the absence out.
"""

from __future__ import annotations

import re
from typing import Any

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, key_text
from ..evidence.facts import EventFacts
from ..evidence.json_values import first_list
from ..evidence.tables import headed_table
from .base import CheckContext

# A negating particle and the word it negates, as a state is written: "out of service",
# "not confirmed", "unpaid", "non-billable", "sin confirmar", "fuera de servicio".
_NEGATED_STATE_RE = re.compile(
    r"(?<![\w-])(?:out\s+of|not(?:\s+yet)?|non-?|un|sin|fuera\s+de|no|des|in(?=active|valid))"
    r"[\s-]*(?P<word>[a-záéíóúñ]{4,})", re.IGNORECASE)
# The values a yes/no field is false with, in the languages results are written in.
_FALSE_VALUES = frozenset({"false", "no", "n", "0", "否", "无", "não", "non", "nein"})
_TRUE_VALUES = frozenset({"true", "yes", "y", "1", "sí", "si", "是", "有", "sim", "oui", "ja"})
# Letters two forms of one word share ("confirmar", "confirmado", "confirmed"; "paid" and
# "paid"): the whole of a shorter word.
_SHARED_PREFIX = 6


def listed_with_the_flag_false(context: CheckContext, claim: AbsenceClaim,
                               pool: list[EventFacts]) -> tuple[EventFacts, str, int] | None:
    """The result, the field and how many of its items hold it false, when the absence
    denies the negation of that field's word (a count of 0 when no item does: the field
    then bears the absence out); None when no such field is read."""
    clauses = context.claims.clauses
    end = clauses[claim.clause].end if clauses else claim.span[1]
    said = context.text[claim.span[0]:max(end, claim.span[1])]
    negated = {m.group("word").lower() for m in _NEGATED_STATE_RE.finditer(said)}
    # The state itself denied ("no loans are overdue" of overdue: true), in its clause.
    plain = {w for w in LATIN_WORD_RE.findall(said.lower()) if len(w) >= 4} - negated
    if not negated and not plain:
        return None
    borne_out: tuple[EventFacts, str, int] | None = None
    # The reply past the absence's own clause: where it may name the items it judges.
    own = (clauses[claim.clause].start, clauses[claim.clause].end) if clauses else claim.span
    stop = _STOP_RE.search(context.text, claim.span[1], own[1])   # "…colonies.** The queen"
    reply = (context.text[:own[0]] + "\n" + context.text[stop.end() if stop else own[1]:]
             ).lower()
    for facts in pool:
        names = _item_names(facts)
        for field, values in _yes_no_fields(facts).items():
            words = LATIN_WORD_RE.findall(key_text(field).lower())
            if any(_same_word(word, part) for word in negated for part in words):
                in_state = _FALSE_VALUES
            elif any(_same_word(word, part) for word in plain for part in words):
                in_state = _TRUE_VALUES
            else:
                continue
            held = [index for index, value in enumerate(values) if value in in_state]
            told = _sentences_of_the_field(reply, words)
            if held and told and len(names) == len(values) and all(
                    any(name in told for name in names[index]) for index in held):
                # The reply names every such item itself, where it speaks of that field ("the
                # queen wasn't spotted in H03, H06 or H10, but…"): it judges them, it hides
                # none.
                borne_out = borne_out or (facts, field, 0)
                continue
            if held:
                return facts, field, len(held)
            borne_out = borne_out or (facts, field, 0)
    return borne_out


def _same_word(said: str, key_word: str) -> bool:
    if len(key_word) < 4:
        return False
    size = min(len(said), len(key_word), _SHARED_PREFIX)
    return said[:size] == key_word[:size]


def _yes_no_fields(facts: EventFacts) -> dict[str, list[str]]:
    """Each field of the result's items whose every value is a yes or a no, with those
    values lower-cased: a JSON list's keys, or a table's columns."""
    data = facts.parsed_json
    values: dict[str, list[str]] = {}
    if isinstance(data, (list, dict)):
        values = _json_flags(data)
    else:
        # A text table's columns are named by its header row.
        headers, table = headed_table(facts.rows, text_result=True)
        for row in table:
            for key, cell in row.labels.items():
                values.setdefault(headers.get(key, key), []).append(cell.strip().lower())
    yes_no = _FALSE_VALUES | _TRUE_VALUES
    return {key: cells for key, cells in values.items()
            if len(cells) > 1 and all(cell in yes_no for cell in cells)}


def _sentences_of_the_field(reply: str, field_words: list[str]) -> str:
    """The reply's sentences (lower-cased, joined) that hold a word of the field's name."""
    keys = [w for w in field_words if len(w) >= 4]
    return " ".join(sentence for sentence in _SENTENCE_RE.split(reply)
                    if any(_same_word(word, key) for key in keys
                           for word in LATIN_WORD_RE.findall(sentence)))


_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n+")
_STOP_RE = re.compile(r"[.!?;]")


def _item_names(facts: EventFacts) -> list[list[str]]:
    """Each item's names, in the order :func:`_yes_no_fields` reads them: its text cells
    with a digit ("h03", "cr-26-0915") that no other item holds."""
    data = facts.parsed_json
    if isinstance(data, (list, dict)):
        items = data if isinstance(data, list) else first_list(data, depth=0)
        cells = [[str(v).lower() for v in item.values() if isinstance(v, str)]
                 for item in items or () if isinstance(item, dict)]
    else:
        _, table = headed_table(facts.rows, text_result=True)
        cells = [list(row.labels.values()) for row in table]
    counts: dict[str, int] = {}
    for row in cells:
        for cell in set(row):
            counts[cell] = counts.get(cell, 0) + 1
    return [[cell for cell in row if counts[cell] == 1 and len(cell) >= 2
             and any(c.isdigit() for c in cell)] for row in cells]


def _json_flags(data: Any) -> dict[str, list[str]]:
    """The booleans of a JSON list's items, by key ("in_service": false -> "false")."""
    items = data if isinstance(data, list) else \
        first_list(data, depth=0) if isinstance(data, dict) else None
    flags: dict[str, list[str]] = {}
    for item in items or ():
        if isinstance(item, dict):
            for key, value in item.items():
                if isinstance(value, bool):
                    flags.setdefault(str(key), []).append("true" if value else "false")
    return flags
