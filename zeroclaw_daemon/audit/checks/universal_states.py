"""A universal claim of state: "every bay is either occupied or out of service".

A sentence that quantifies over all the items ("every", "all", "todas", 所有) and names
states that are values of one column of a result (``status``: occupied, out_of_service)
says no item is in any other state: a row of that result whose value in that column is
another state ("free") refutes it, as a listed item refutes "nothing". Precision first:
only a column of states (text values, fewer kinds than rows, each row holding one), only a
sentence that names what the rows are (a header or a word of the call's name), and never a
sentence that excepts some items ("except", "salvo", 除了), names the other row, or is
hedged, negated or general.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..claims.text import CASE_FOLDS_TO_ASCII
from ..claims.words import text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation
from ..evidence.tables import Row
from ..report import FindingType
from .base import CheckContext, clip, first_match_start

_MIN_ROWS = 3
# A subject restricted by a property before the quantifier ("the tall ones", "those with a
# trailer"): the quantifier ranges over that part of the rows, not over all of them.
# A quantifier that opens no noun phrase of its own (a numeral, a preposition or a
# participle follows it: "all three", "all from Saligo", "each down a bus", "all booked",
# "todos de baño"): it floats over a subject named before it, a part of the rows.
_FLOATING_RE = re.compile(
    r"\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dos|tres|"
    r"cuatro|cinco|seis|siete|ocho|nueve|diez|from|in|at|on|with|by|down|up|over|under|out|"
    r"into|across|de|del|en|con|por|a|al|para)\b|[a-z]+ed\b|[a-záéíóúñ]+(?:ados|adas|idos|"
    r"idas)\b)")
# A state right after the quantifier, a subject before it in its sentence ("UV all ok",
# "the pumps all fine"): it floats over that subject; alone ("All ok.") it is universal.
_STATE_AFTER_RE = re.compile(r"\s+(?:ok|okay|good|fine|clear|green|normal|ready|set|done|"
                             r"bien|listos?|listas?)\b")
_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_RESTRICTED_SUBJECT_RE = re.compile(r"\b(?:the|those)\s+(?:[a-z-]+\s+){0,2}ones\b"
                                    r"|\bthose\s+(?:that|which|who|with)\b")
_DIGIT_RE = re.compile(r"\d")
_MAX_STATES = 6


def check_universal_states(context: CheckContext) -> None:
    pack = context.pack
    claims = context.claims
    if pack is None or pack.universal is None or not context.evidence.ok \
            or not claims.clauses:
        return
    low = context.lower
    # The quick stand-in first: no match of it, no quantifier (see lowered_scan); else the
    # first quantifier is at or after its first match.
    first = 0
    if pack.universal_scan is not None and not any(c in low for c in CASE_FOLDS_TO_ASCII):
        found = first_match_start(pack.universal_scan, low)
        if found is None:
            return
        first = found
    if pack.universal.search(low, first) is None:
        return
    flags = claims.failure_flags
    starts = [c.start for c in claims.clauses]
    columns: list[_StateColumns] | None = None   # per result, read once when needed
    for start, end in claims.sentence_bounds:
        quantifier = pack.universal.search(low, start, end)
        if quantifier is None:
            continue
        sentence = low[quantifier.start():end]
        if pack.exception is not None and pack.exception.search(low, start, end):
            continue
        if _RESTRICTED_SUBJECT_RE.search(low, start, quantifier.start()):
            continue   # "the tall ones are all in lane 3": all of a part, picked by a property
        if _FLOATING_RE.match(low, quantifier.end()) or (
                _STATE_AFTER_RE.match(low, quantifier.end())
                and _WORD_RE.search(low, start, quantifier.start())):
            continue   # "oarweed at 610 kg, all from Saligo", "all three slots", "UV all ok"
        clause = max(bisect_right(starts, quantifier.start()) - 1, 0)
        if flags is not None and (flags.hedged(clause) or flags.negated(clause)
                                  or flags.general(clause)):
            continue
        if columns is None:
            # The turn's table reading, shared with the other checks of this reply.
            columns = [_state_columns(f, rows) for f, rows in zip(
                context.evidence.ok, context.evidence.derivations.rows, strict=True)]
        # "Three evening shows tonight, all still on sale": the quantifier ranges over the
        # items counted before it, a part of a longer listing.
        counted = [c.value for c in claims.counts if start <= c.span[0] < quantifier.start()]
        for facts, table in zip(context.evidence.ok, columns, strict=True):
            if counted and min(counted) < len(table[1]):
                continue
            refuted = _refuting_row(facts, table, sentence, low[start:end])
            if refuted is None:
                continue
            state, last = refuted
            span = (quantifier.start(), quantifier.start() + last)
            context.add(FindingType.FALSE_ABSENCE, span, facts.event.call_id,
                        f"says \"{clip(context.text[span[0]:span[1]])}\", but the "
                        f"{facts.event.tool} result has one in state \"{state}\"",
                        "absence.universal_state_refuted")
            return


# A result's header (column -> name), its body rows, and its columns of states: (column,
# the state of each row, the stems their names are first looked for by).
_StateColumns = tuple[dict[str, str], list[Row], list[tuple[str, list[str], set[str]]]]


def _state_columns(facts: EventFacts, rows: list[Row]) -> _StateColumns:
    header, body = _header_and_body(facts, rows)
    found: list[tuple[str, list[str], set[str]]] = []
    if header is None or len(body) < _MIN_ROWS:
        return {}, body, found
    for column in header:
        states = [_state(row.labels.get(column)) for row in body]
        kinds = set(states)
        if "" in kinds or len(kinds) < 2 or len(kinds) > min(_MAX_STATES, len(body) - 1):
            continue
        found.append((column, states, {k[:-1] if len(k) >= _MIN_INFLECTED else k
                                       for k in kinds}))
    return header, body, found


def _refuting_row(facts: EventFacts, table: _StateColumns, sentence: str,
                  whole_sentence: str) -> tuple[str, int] | None:
    """(the other state, the end of the last state named) when a column of states has
    states named in ``sentence`` and a row in another one, else None."""
    header, body, columns = table
    for column, states, stems in columns:
        if not any(stem in sentence for stem in stems):
            continue   # a substring test first: most sentences name no state
        kinds = set(states)
        named = {s: m.end() for s in kinds if (m := _state_said(s, sentence))}
        if not named or len(named) == len(kinds):
            continue
        if not _names_the_rows(text_keywords(whole_sentence), header, facts):
            return None
        other = next(s for s in states if s not in named)
        row = body[states.index(other)]
        if any(len(label) >= 2 and label in sentence for key, label in row.labels.items()
               if key != column):
            continue   # the other row is named: told apart, not denied
        return other, max(named.values())
    return None


def _state_said(state: str, sentence: str) -> re.Match[str] | None:
    """Where the sentence names the state: a Han state anywhere (占用中), a Latin one as
    words, a one-word state of five letters or more ending in a vowel also with another
    ending of gender or number ("ocupadas" for "ocupado")."""
    if not state.isascii() and not any("\u00c0" <= c <= "\u024f" for c in state):
        return re.search(re.escape(state), sentence)
    if " " not in state and len(state) >= _MIN_INFLECTED and state[-1] in "aeiou":
        return re.search(r"(?<!\w)" + re.escape(state[:-1]) + r"[aeiou]s?(?!\w)", sentence)
    return re.search(r"(?<!\w)" + re.escape(state) + r"(?!\w)", sentence)


_MIN_INFLECTED = 5


def _header_and_body(facts: EventFacts, rows: list[Row]
                     ) -> tuple[dict[str, str] | None, list[Row]]:
    """Column keys and their names, and the rows below the header."""
    if len(rows) < _MIN_ROWS:
        return None, rows
    if facts.parsed_json is not None:
        keys = {k: k for row in rows for k in row.labels}
        return keys, rows
    first = rows[0]
    if first.numbers or not first.labels:
        return None, rows
    return dict(first.labels), rows[1:]


def _names_the_rows(said_keys: frozenset[str], header: dict[str, str],
                    facts: EventFacts) -> bool:
    """The sentence names what the rows are: a column's name or a word of the call's name."""
    relation = Relation(said_keys)
    return any(relation(text_keywords(name)) for name in header.values()) or relation(
        text_keywords(" ".join(facts.name_words)))


def _state(label: str | None) -> str:
    """A cell as a state: lower case, "_" read as a space; "" for none or a figure."""
    if not label or _DIGIT_RE.search(label):
        return ""
    return label.replace("_", " ").strip()
