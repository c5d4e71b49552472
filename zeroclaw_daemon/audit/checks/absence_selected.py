"""An absence of a state that a call selected by, and whose items it listed.

"Nothing overdue" beside a call made with ``"status": "overdue"`` that returned a row,
"没有逾期的" beside the same call: the call selected by the state itself, so every item it
lists is in that state, whatever its own fields say. The reply denies what the result
holds. (A result's key naming the state is not read so: ``"pending": [...]`` of a
balance holds amounts, zero ones too.)
"""

from __future__ import annotations

import re

from ...receipts.render import count_items
from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, key_text, stem
from ..evidence.facts import EventFacts
from .absence_kinds import states_denied
from .base import CheckContext


def listed_in_a_selected_state(context: CheckContext, claim: AbsenceClaim,
                               pool: list[EventFacts]) -> tuple[EventFacts, int] | None:
    """The call and how many items it lists in the state the absence denies, when a
    call selected by that state (an argument value naming it); None otherwise."""
    states = _state_stems(context, claim)
    clauses = context.claims.clauses
    said = context.text[clauses[claim.clause].start:clauses[claim.clause].end].lower() \
        if clauses else claim.text.lower()
    clause_stems = {stem(w) for w in LATIN_WORD_RE.findall(said)}
    for facts in pool:
        if facts.empty:
            continue
        # The call's argument values (less the columns it asks for, "fields": ["expires",
        # "qty"], which select no items), and the keys of its switches turned on
        # ("overdue_only": true selects the overdue).
        args = facts.event.args if isinstance(facts.event.args, dict) else {}
        switches = [key_text(str(k)) for k, v in args.items() if v is True]
        values = facts.arg_values_but(_PROJECTION_KEYS)
        if (states and any(_names_a_state(value, states) for value in [*values, *switches])) \
                or any(_a_filter_said(str(key), clause_stems) for key in args):
            listed = len(facts.units) or count_items(facts.result)
            if listed > 0:
                return facts, listed
    return None


_PROJECTION_KEYS = frozenset({"fields", "columns", "select", "include", "sort", "sort_by",
                              "order_by", "campos", "columnas"})


def _a_filter_said(key: str, clause_stems: set[str]) -> bool:
    """A filter's key of two words or more, every one of them in the absence's clause
    ("expires_before" in "none expire before 8 April"): the call selected what the
    absence denies."""
    words = [w for w in LATIN_WORD_RE.findall(key_text(key).lower()) if len(w) >= 3]
    return len(words) >= 2 and all(stem(w) in clause_stems for w in words)


def _state_stems(context: CheckContext, claim: AbsenceClaim) -> frozenset[str]:
    """The stems of the state the absence denies: its state word ("nothing *overdue*")
    and the English words results write the state in (逾期 -> overdu)."""
    stems = set(states_denied(context, claim))
    words = LATIN_WORD_RE.findall(claim.text.lower())
    if claim.of_state and words:
        stems.add(stem(words[-1]))
    # A participle the absence denies in the call's own words ("no ha rechazado ningún
    # lote" of "estado": "rechazado").
    stems.update(stem(w) for w in words if _PARTICIPLE_RE.fullmatch(w))
    return frozenset(s for s in stems if len(s) >= _MIN_STEM)


_MIN_STEM = 4
# A past participle (English -ed/-en, Spanish -ado/-ido and their forms).
_PARTICIPLE_RE = re.compile(r"[a-záéíóúñ]{3,}(?:ed|en|ad[oa]s?|id[oa]s?)")


def _names_a_state(value: str, states: frozenset[str]) -> bool:
    """A value or key that is the state's own word ("overdue", "OVERDUE", "overdue_items"),
    not a longer text that mentions it."""
    words = LATIN_WORD_RE.findall(value.replace("_", " ").lower())
    return 0 < len(words) <= _MAX_WORDS and any(stem(w) in states for w in words)


_MAX_WORDS = 2

