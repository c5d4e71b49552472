"""What an absence binds to in a result, beyond its head noun's words.

Two rules of the structure of results and of noun phrases:

- A log line's severity level ("[..] WARN element low", "level=error") is the log's own
  statement that the line is a warning or an error: the level names are a closed class
  (the syslog levels and their common abbreviations), written in capitals as a tag of
  their own, so "No warnings" over a log with a WARN line is contradicted even though no
  word "warning" is written in it.
- A noun phrase whose modifier is a word of failure ("No failed readings", "ninguna
  lectura fallida", "没有失败的读数") denies failures, not the head noun's items: the
  readings exist, none of them failed. It binds to the result's record of failures (an
  "errors" or "failures" list or count); when that record is empty and no item carries a
  failed status, the result confirms the absence.
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import stem, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation
from .base import CheckContext

# A severity tag written in capitals, standing alone (not "ERRORS: 0", not "WARNING_X"),
# or a "level" field set to one; each level with the stems of the nouns that name it.
_LEVEL_TAG_RE = re.compile(
    r"(?:(?<=^)|(?<=[\s\[(|<]))(WARN|WARNING|ERROR|ERR|FATAL|CRIT|CRITICAL|ALERT|EMERG)"
    r"(?=[\s\]):|>]|$)", re.MULTILINE)
_LEVEL_FIELD_RE = re.compile(
    r"\blevel[\"']?\s*[:=]\s*[\"']?(warn|warning|error|err|fatal|crit|critical|alert)\b",
    re.IGNORECASE)
_LEVEL_NOUNS: dict[str, tuple[str, ...]] = {
    "warn": ("warnin", "warn", "alert"), "warning": ("warnin", "warn", "alert"),
    "error": ("error",), "err": ("error",), "fatal": ("fatal", "error"),
    "crit": ("critic", "error"), "critical": ("critic", "error"),
    "alert": ("alert", "warnin"), "emerg": ("emerge", "error"),
}


def log_levels(facts: EventFacts) -> frozenset[str]:
    """The stems of the nouns naming the severity levels the result's lines carry."""
    found: set[str] = set()
    for match in _LEVEL_TAG_RE.finditer(facts.result):
        found.update(_LEVEL_NOUNS[match.group(1).lower()])
    for match in _LEVEL_FIELD_RE.finditer(facts.result):
        found.update(_LEVEL_NOUNS[match.group(1).lower()])
    return frozenset(found)


def holds_a_level_of(facts: EventFacts, claim: AbsenceClaim) -> bool:
    """The result has a line of the severity the absence denies ("No warnings" and a WARN
    line; "没有任何告警" and a WARN line)."""
    levels = log_levels(facts)
    return bool(levels) and bool(claim.subject & levels)


# Words of failure that modify a noun (en, es, zh stems as the packs make them): the
# phrase is about failures of the noun's things.
_FAILURE_MODIFIERS = frozenset({
    "failed", "failin", "broken", "errone", "invali",
    "fallid", "fallad", "fallo",
    "失败", "出错", "报错",
})
# Keys of a result that record failures.
_FAILURE_RECORDS = Relation(("error", "errors", "failur", "failed", "fault", "fallo"))
_FAILED_STATUS_RE = re.compile(
    r"[\"']?(?:status|state|result|estado)[\"']?\s*[:=]\s*[\"']?(?:failed|failure|error|"
    r"fail|fallido|fallida|失败)\b", re.IGNORECASE)


def denies_failures(claim: AbsenceClaim, after: str) -> bool:
    """The absence's noun phrase has a modifier of failure beside its head noun: before it
    (en, zh: in the claim's subject), or as the adjective that follows it (es "ninguna
    lectura fallida": the first word of ``after``, the text after the claim)."""
    if len(claim.subject) >= 2 and claim.subject & _FAILURE_MODIFIERS:
        return True
    following = _FIRST_WORD_RE.match(after)
    return following is not None and bool(claim.subject) and \
        stem(following.group(1)) in _FAILURE_MODIFIERS


_FIRST_WORD_RE = re.compile(r"\s*([^\W\d_]+)")


def failures_recorded_empty(facts: EventFacts, claim: AbsenceClaim, after: str) -> bool:
    """A denial of failures ("No failed readings") confirmed by the result: its record of
    failures is empty ("errors": [], "failures": 0) and no item has a failed status."""
    if not denies_failures(claim, after):
        return False
    if not any(_FAILURE_RECORDS(text_keywords(key)) for key in facts.empty_keys):
        return False
    return _FAILED_STATUS_RE.search(facts.result) is None


# Argument names that select records by a property (a closed class; keys are written in
# English or Spanish whatever the reply's language), and the values that select nothing.
_FILTER_KEY_RE = re.compile(r"filter|filtro|status|state|estado|type|tipo|kind|flag|only|"
                            r"category|categor[ií]a|状态|类型|筛选", re.IGNORECASE)
_ANY_VALUES = frozenset({"", "all", "any", "*", "todos", "todas", "todo", "cualquiera",
                         "全部", "所有"})


def selects_by_a_filter(facts: EventFacts) -> bool:
    """The call kept only records of one property: an argument named by a word of
    filtering ("filter", "status", "tipo") holds a value other than "all"."""
    return any(isinstance(value, str) and _FILTER_KEY_RE.search(key) is not None
               and value.strip().lower() not in _ANY_VALUES
               for key, value in facts.event.args.items())


def data_the_next_sentence_says_failed(context: CheckContext, claim: AbsenceClaim) -> bool:
    """"River: no numbers, sorry. The request to the river gateway timed out": an absence of
    data in general words (numbers, data, results) that the next sentence of its paragraph
    puts down to a failure: the data of the call that failed, not of those that ran."""
    pack = context.pack
    flags = context.claims.failure_flags
    if pack is None or flags is None or not claim.subject <= pack.generic_words | {
            stem(w) for w in pack.generic_words}:
        return False
    sentence = context.claims.clauses[claim.clause].sentence
    bounds = context.claims.sentence_bounds
    if sentence + 1 >= len(bounds):
        return False
    between = context.text[bounds[sentence][1]:bounds[sentence + 1][0]]
    return "\n\n" not in between and flags.sentence_failure(sentence + 1)
