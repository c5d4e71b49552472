"""An absence narrowed by a state its noun's items would be in: "no cancelled flights",
"ningún vuelo está cancelado", "没有取消的航班".

Such an absence denies items *in that state*, not the items: the flights exist, none is
cancelled. When no item of the result holds the state's word (in any form) and the call
did not select by it, nothing in the result is in that state: the absence is true as far
as the evidence goes, and there is no finding. A state some item holds ("no delayed
flights" over a "delayed" one) is still checked. Participles that only restate a thing's
existence or its finding ("no errors found", "no meetings scheduled") narrow nothing, and
only a result whose items are sorted by a field of states speaks of states at all.
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, fold, key_text, stem, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.json_values import empty_value, json_pairs
from ..evidence.kinds import han_core
from ..evidence.relation import Relation
from .absence_binding import selects_by_a_filter
from .base import CheckContext

# Participles (en -ed/-en, es -ado/-ido) and a closed class of adjectives of state.
_PARTICIPLE_RE = re.compile(r"[a-z]{3,}(?:ed|en)|[a-záéíóúñ]{2,}(?:ad|id)[oa]s?")
_STATE_ADJECTIVES = frozenset((
    "open", "active", "inactive", "pending", "overdue", "late", "expired", "unpaid", "unread",
    "outstanding", "abierto", "abierta", "abiertos", "abiertas", "activo", "activa",
    "activos", "activas", "inactivo", "inactiva", "inactivos", "inactivas", "pendiente",
    "pendientes"))
# Levels of a field of severity or priority ("no critical ones" over major / minor).
_LEVELS = frozenset((
    "critical", "urgent", "major", "minor", "severe", "blocker", "crítico", "crítica",
    "críticos", "críticas", "urgente", "urgentes", "grave", "graves"))
# Participles of existence, finding and planning: "no errors found" denies the errors.
_EXISTENCE = frozenset(stem(w) for w in (
    "found", "detected", "reported", "logged", "recorded", "listed", "returned", "shown",
    "seen", "given", "registered", "scheduled", "planned", "booked", "received", "created",
    "added", "written", "taken", "been", "encontrado", "detectado", "reportado",
    "registrado", "listado", "devuelto", "programado", "agendado", "planificado", "previsto",
    "reservado", "recibido", "creado", "añadido"))
# Chinese: the modifier before 的 right after the negation ("没有取消的航班"), or the
# verb after 被 ("没有航班被取消").
_HAN_MODIFIER_RE = re.compile(r"(?:没有|没|无|并无)(?:任何)?([\u4e00-\u9fff]{1,5}?)的"
                              r"|被([\u4e00-\u9fff]{2,4})")
_CLAUSE_END_RE = re.compile(r"[,;:.!?，。；：！？\n]")
_HAN_NEGATION_RE = re.compile(r"(?:没有|没|无|并无|未)(?:任何)?")


def a_state_no_item_holds(context: CheckContext, claim: AbsenceClaim,
                          target: EventFacts) -> bool:
    """The absence is narrowed by a state that no item of ``target`` holds and the call
    did not select by (see the module docstring)."""
    said = _said(context, claim)
    pack = context.pack
    if not sorted_by_state(target) or selects_by_a_filter(target):
        # The call kept the items of one state, or its items have no state: a level they
        # are sorted by may still be denied ("no critical ones" over severities).
        return pack is not None and not pack.cjk and _a_level_no_item_holds(said, target)
    if pack is not None and pack.cjk:
        modifier = _han_modifier(said)
        if len(modifier) < 2:
            return False
        # Held when any two characters of it are ("发现异常的设备" over a status 异常), or
        # the English word of a state it names is ("取消" over "cancelled").
        core = han_core(modifier)
        if states_named(context, modifier) & (target.result_keys | target.call_keys):
            return False
        return not any(core[i:i + 2] in target.result or core[i:i + 2] in target.arg_text
                       for i in range(len(core) - 1))
    states = [w for w in (w.lower() for w in LATIN_WORD_RE.findall(said))
              if (w in _STATE_ADJECTIVES or _PARTICIPLE_RE.fullmatch(w))
              and stem(w) not in _EXISTENCE]
    if not states:
        return False
    held = target.result_keys | target.call_keys
    return all(stem(w) not in held and not states_named(context, w) & held for w in states)


def _a_level_no_item_holds(said: str, target: EventFacts) -> bool:
    """The absence denies a level ("critical", "urgent") of a field of levels the items
    hold (severity, priority), the call did not select by that field, and no item holds
    it: a call that kept one state ("state": "open") still returns every level."""
    levels = [w for w in (w.lower() for w in LATIN_WORD_RE.findall(said)) if w in _LEVELS]
    if not levels or not sorted_by_state(target, _LEVEL_KEY_RE) or any(
            _LEVEL_KEY_RE.search(key) for key in target.event.args):
        return False
    held = target.result_keys | target.call_keys
    return all(stem(w) not in held for w in levels)


def _said(context: CheckContext, claim: AbsenceClaim) -> str:
    """The absence, from its negation to the end of its clause."""
    end = _CLAUSE_END_RE.search(context.text, claim.span[0])
    return context.text[claim.span[0]:end.start() if end else len(context.text)]


def _han_modifier(said: str) -> str:
    match = _HAN_MODIFIER_RE.search(said)
    return (match.group(1) or match.group(2)) if match else ""


def states_denied(context: CheckContext, claim: AbsenceClaim) -> frozenset[str]:
    """The English stems of the record states the absence denies items in: in Chinese the
    modifier after the negation, the verb after 被 or a state word right after the
    negation ("没有取消的", "没有航班被取消", "都没有损坏", "没有故障"; not "没算在退款里",
    which denies no refunds), in Spanish a state word of its clause."""
    pack = context.pack
    said = _said(context, claim)
    if pack is None or not pack.cjk:
        return states_named(context, said)
    modifier = _han_modifier(said)
    if not modifier:
        negation = _HAN_NEGATION_RE.match(said)
        after = said[negation.end():] if negation is not None else ""
        modifier = next((word for word in pack.states if after.startswith(word)), "")
    return states_named(context, modifier)


def states_named(context: CheckContext, text: str) -> frozenset[str]:
    """The stems of the English words of the record states ``text`` names in the reply's
    language (the pack's ``states``: 取消 -> cancel, "retrasadas" -> delaye, late)."""
    pack = context.pack
    if pack is None or not pack.states:
        return frozenset()
    if pack.cjk:
        return frozenset(w for word, words in pack.states.items() if word in text
                         for w in words)
    named = {w for word in LATIN_WORD_RE.findall(text) for w in pack.states.get(fold(word), ())}
    folded = fold(text)   # and a state said in several words ("out of date")
    named.update(w for word, words in pack.states.items() if " " in word and word in folded
                 for w in words)
    return frozenset(named)


# The names of a field of states (keys are written in English or Spanish whatever the
# reply's language).
STATE_KEY_RE = re.compile(r"(?<![a-z])(?:status|state|estado|situaci[oó]n|stage|phase|fase)"
                           r"(?![a-z])|状态", re.IGNORECASE)


# The names of a field of levels ("severity": major / minor / info), which sorts items as
# a field of states does.
_LEVEL_KEY_RE = re.compile(r"(?<![a-z])(?:severity|priority|urgency|prioridad|gravedad|"
                           r"urgencia)(?![a-z])|严重|优先级|级别", re.IGNORECASE)


def sorted_by_state(target: EventFacts, keys: re.Pattern[str] = STATE_KEY_RE) -> bool:
    """The result's items have a field of states: a key (or a header) named status,
    state, estado, 状态... ("delayed" / "on time", 延误 / 准点)."""
    data = target.parsed_json
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), None)
    if isinstance(data, list):
        return any(isinstance(item, dict) and any(
            isinstance(key, str) and keys.search(key) for key in item)
            for item in data[:_ITEMS_READ])
    # A text table's header, under a caption line or two.
    return any(keys.search(line) is not None
               for line in target.result.lstrip().split("\n", 3)[:3])


_ITEMS_READ = 50


def a_state_keyed_empty(facts: EventFacts, states: frozenset[str]) -> bool:
    """The result names a denied state only as keys, each empty ("faults": [] in every bay)
    and writes it as no value: it says itself that no item is in that state."""
    data = facts.parsed_json
    if data is None or not states:
        return False
    relation = Relation(states)
    keyed = False
    for key, value in json_pairs(data):
        if isinstance(value, str) and relation(text_keywords(value)):
            return False   # "status": "fault": an item in the state
        if relation(text_keywords(key_text(key))):
            if not empty_value(value):
                return False
            keyed = True
    return keyed
