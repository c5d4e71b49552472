"""What an absence is about, read from its own sentence: the kind its clause opens with,
the part of the sentence that names its rows, a moment it is scoped to, a bare answer, a
remainder denied, and a double negation that makes it a universal."""

from __future__ import annotations

import re

from ..claims import ValueKind
from ..claims.types import AbsenceClaim
from ..claims.words import stem, text_keywords
from ..evidence.facts import EventFacts
from .base import CheckContext

_DOUBLE_NEGATION_REACH = 24


# Words that open a clause without naming a kind ("Sadly, none left", "Ahora no queda").
_TOPIC_FILLERS = frozenset({"sadli", "unfortun", "sorri", "ahora", "now", "today", "hoy",
                            "still", "todavía", "aún", "current", "actual", "right"})

_COPULA_RE = re.compile(r"(?:is|are|was|were|est[aá]n?|estaba|es|son|是)\b", re.IGNORECASE)
# A participle or adjective of state standing as the topic, stemmed ("agotad", "finish").
_STATE_WORD_RE = re.compile(r"\w+(?:ad|id|ed)")


def topic_of(context: CheckContext, claim: AbsenceClaim) -> frozenset[str]:
    """The kind an absence with no noun of its own is about, when its clause opens with it
    ("Dobles no queda ninguna", "Alarma activa ahora mismo no hay ninguna") and the user
    asked about it: the opening's words, less fillers, states ("Agotado") and the words
    of a call ("The checkout namespace came back empty", "搜索里没有": where nothing was
    found, not a kind); empty otherwise. The user's words only pick the topic out, never
    ground it."""
    clauses = context.claims.clauses
    if claim.subject or not clauses:
        return frozenset()
    start, end = clauses[claim.clause].start, claim.span[0]
    if _COPULA_RE.match(context.text, end):
        return frozenset()   # "La tabla de pedidos está vacía": a state of what it names
    topic = {w for w in text_keywords(context.text[start:end]) - _TOPIC_FILLERS
             if not _STATE_WORD_RE.fullmatch(w)}
    if not topic & context.evidence.user_keys:
        return frozenset()
    called = {w for f in context.evidence.ok for w in f.call_keys} | {
        stem(w) for f in context.evidence.ok for w in f.name_words}
    return frozenset() if topic & called else frozenset(topic)


def topic_no_result_holds(context: CheckContext, claim: AbsenceClaim,
                          pool: list[EventFacts]) -> bool:
    """The absence's topic (:func:`topic_of`) is held by no result: it denies that kind,
    and none is listed."""
    topic = topic_of(context, claim)
    return bool(topic) and not any(topic & f.result_keys for f in pool)


def its_part_of_the_sentence(context: CheckContext, claim: AbsenceClaim) -> str:
    """The absence's sentence from the last semicolon or line break before it to its end,
    lower-cased: the part that names what it is about."""
    span = context.claims.sentence_span(claim.clause)
    start = span[0] if span is not None else 0
    cut = max(context.text.rfind(";", start, claim.span[0]), context.text.rfind(
        "\n", start, claim.span[0]))
    return context.text[max(start, cut + 1):claim.span[1]].lower()


def doubly_negated(context: CheckContext, claim: AbsenceClaim) -> bool:
    """The denied noun is followed, in its clause, by "without"/"sin" and a noun: "no
    month without usage" says every month has some (a universal, not an absence)."""
    double = context.pack.double_negation if context.pack is not None else None
    if double is None:
        return False
    end = claim.span[1] + _DOUBLE_NEGATION_REACH
    if context.claims.clauses:
        end = min(end, context.claims.clauses[claim.clause].end)
    return double.search(context.text, claim.span[0], max(end, claim.span[1])) is not None


def scoped_to_a_moment(context: CheckContext, claim: AbsenceClaim) -> bool:
    """A time or date with a scope word ("since", "之后") before the absence, in its
    sentence."""
    scope = context.pack.time_scope if context.pack is not None else None
    span = context.claims.sentence_span(claim.clause)
    if scope is None or span is None:
        return False
    moments = [v for v in context.claims.values if v.kind in (ValueKind.TIME, ValueKind.DATE)
               and span[0] <= v.span[0] < claim.span[0]]
    return bool(moments) and scope.search(context.text, moments[0].span[0],
                                          claim.span[0]) is not None


def bare(context: CheckContext, claim: AbsenceClaim) -> bool:
    """The absence is its whole clause: the negation word alone."""
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return False
    sentence = context.text[span[0]:span[1]].strip(" \t\n。.!！")
    return len(sentence) <= 3


def none_left(context: CheckContext, claim: AbsenceClaim) -> bool:
    """"没有了", "ya no queda ninguna", "none left": an absence of what remains, with no noun
    of its own and nothing else in its clause, answers the question by saying every item
    is taken; a result listing items (the taken ones) does not refute it, and which item
    is free is a state it does not name. Precision first: no finding."""
    remainder = context.pack.remainder if context.pack is not None else None
    if claim.subject or remainder is None or remainder.search(claim.text) is None:
        return False
    return not claim.container - text_keywords(claim.text)
