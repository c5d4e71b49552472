"""A number the reply gives for a quantity a result labels, that differs from the result's.

A bare small number ("gusts of 25", "rachas de 25", "retries 4") is no value by itself:
counts, days and positions look the same, so the value check passes it over. It becomes a
claim when the word just before it names a quantity that a result states under a key
("gust_kn": 21, "racha_kn": 21, "retries": 2): the reply then gives another value for the
same labelled quantity, which is a contradiction, not a derivation. Precision first: a
number that any result number, rounding, derivation or unit conversion explains is no
finding, nor one the user's message holds, nor one with a unit or a per cent sign after it
(that one is a value claim of its own, checked by :mod:`.values`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from decimal import Decimal

from ..claims.numbers import UNIT_WORDS, number_readings
from ..claims.words import fold
from ..evidence.facts import EventFacts
from ..evidence.number_index import rounding_unit
from ..evidence.tables import Row
from ..report import FindingType
from .base import CheckContext

# A label word, at most one linking word (a preposition, a copula or a colon), then a
# number of one or two digits (with one decimal at most) standing alone.
# The label starts a run of letters and takes all of it (possessive): a match can begin
# nowhere else, since a label ending inside a run leaves a letter before the number;
# scanning the run's other positions and shorter labels found nothing (same matches,
# about half the time on a 4 KB reply).
_LABELLED_NUMBER_RE = re.compile(
    r"(?<![^\W\d_])(?P<label>[^\W\d_]{4,}+)"
    r"(?:\s+(?:of|at|to|up\s+to|is|was|de|del|a|hasta|es|son|en))?"
    r"\s*[:=]?\s*(?<![\w.,#/-])(?P<num>\d{1,2}(?:[.,]\d)?)"
    r"(?![\w.,:/%°]*\d|\s?(?:%|°|[^\W\d_]))")
# Factors between units of one dimension (speed, length, mass, volume, pressure,
# energy): a reply may state the labelled quantity in another unit.
_FACTORS = tuple(Decimal(f) for f in (
    "1.852", "1.609344", "3.6", "0.514444", "0.44704", "2.236936", "1.943844",
    "2.2046226", "0.4535924", "2.54", "0.3048", "3.2808399", "3.785412", "0.264172",
    "0.0145038", "68.947573", "1.3332237", "0.7500617", "4.1868", "0.2388459",
    "10", "100", "1000", "60", "24"))
MAX_KEYS = 64


def check_labelled_numbers(context: CheckContext) -> None:
    """Flag a bare number bound to a result's labelled quantity and different from it."""
    evidence = context.evidence
    if context.pack is None or not evidence.ok:
        return
    if not any(f.result.lstrip().startswith("{") for f in evidence.ok):
        return   # no result is an object: no labelled quantity (see _labelled_quantities)
    text = context.text
    taken = [v.span for v in context.claims.values] + [c.span for c in context.claims.counts]
    keys: dict[str, list[tuple[Decimal, EventFacts, str]]] | None = None
    user = context.evidence.user_message
    for match in labelled_numbers(text):
        start, end = match.span("num")
        if any(s < end and start < e for s, e in taken):
            continue
        label = fold(match.group("label"))
        if label in context.pack.common_words or label in UNIT_WORDS:
            continue
        if keys is None:
            keys = _labelled_quantities(evidence.ok, evidence.object_rows)
            if not keys:
                return
        bound = _bound_quantities(label, keys)
        readings = number_readings(match.group("num"))
        if not bound or not readings:
            continue
        said = readings[0]
        if _explained(context, said, [value for value, _, _ in bound]) or (
                match.group("num") in _numbers_of(user)):
            continue
        value, facts, key = bound[0]
        context.add(FindingType.UNGROUNDED_VALUE, (start, end), facts.event.call_id,
                    f"{match.group('num')} is given for the {key} of the "
                    f"{facts.event.tool} result, which is {value}",
                    "value.contradicts_result")


# A number the pattern may end on: one or two digits (one decimal at most) that no word
# character, dot, comma, '#', '/' or '-' precedes and that stand alone after (the
# pattern's own number, matched from its first digit: a pattern that begins with a digit
# is scanned for one quickly, one that begins with a look-behind is tried at every
# position). Where none stands, no label is looked for.
_NUMBER_START_RE = re.compile(r"\d(?<![\w.,#/-]\d)\d?(?:[.,]\d)?"
                              r"(?![\w.,:/%°]*\d|\s?(?:%|°|[^\W\d_]))")
# Read backwards from a number (on the reversed text): what stands between it and its
# label is letters, white space, ':' and '=', so the label begins one, two or three runs
# of letters back (a label, a linking word, "up to").
_RUNS_BEFORE_RE = re.compile(r"[\s:=]*([^\W\d_]+)(?:\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?)?")


def labelled_numbers(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_LABELLED_NUMBER_RE` in ``text``, in order, as its scan finds
    them, found from the numbers back: a label is all letters, spaces, ':' and '=' up to
    its number, so a match ends on the first number after its start, begins at one of the
    three runs of letters before that number, and is the leftmost of those that match
    (two matches of different numbers never overlap). Only a number that stands alone
    as the pattern's does is read back from. Few numbers, few trials: the scan tries the
    pattern at every letter."""
    backwards = ""
    size = len(text)
    for number in _NUMBER_START_RE.finditer(text):
        backwards = backwards or text[::-1]
        runs = _RUNS_BEFORE_RE.match(backwards, size - number.start())
        if runs is None:
            continue
        for group in (3, 2, 1):
            run_end = runs.end(group)
            if run_end < 0:
                continue
            match = _LABELLED_NUMBER_RE.match(text, size - run_end)
            if match is not None:
                yield match
                break


def _labelled_quantities(ok: list[EventFacts], object_rows: list[Row | None]
                         ) -> dict[str, list[tuple[Decimal, EventFacts, str]]]:
    """The words of the keys of the results' objects (not their arrays' rows: a key of
    many rows has many values), each with the number it holds. ``object_rows``: each
    result's own fields, in the order of ``ok`` (see :attr:`Evidence.object_rows`)."""
    found: dict[str, list[tuple[Decimal, EventFacts, str]]] = {}
    for facts, row in zip(ok, object_rows, strict=True):
        if row is None:
            continue
        for key, value in list(row.numbers.items())[:MAX_KEYS]:
            for word in _key_words(key):
                found.setdefault(word, []).append((value, facts, key))
    return found


_KEY_WORD_RE = re.compile(r"[A-Z]?[a-z\u00e0-\u00ff]+")


def _key_words(key: str) -> Iterator[str]:
    """The words of a key ("racha_kn", "gustSpeed", "wind.max") of four letters or more."""
    for word in _KEY_WORD_RE.findall(key.rsplit(".", 1)[-1]):
        if len(word) >= 4:
            yield fold(word)


def _bound_quantities(label: str, keys: Mapping[str, list[tuple[Decimal, EventFacts, str]]]
                      ) -> list[tuple[Decimal, EventFacts, str]]:
    """The quantities whose key word is the label, or the label with an ending added
    ("rachas", "gusting" for "racha", "gust"): a word and its inflections share a stem."""
    return [q for word, quantities in keys.items()
            if label == word or (label.startswith(word) and len(label) - len(word) <= 3)
            for q in quantities]


def _explained(context: CheckContext, said: Decimal, values: list[Decimal]) -> bool:
    """Whether the number is a result's number, or one of the bound values rounded, in
    another unit of its dimension, or their sum, mean or difference. Not any derivation
    of the results' numbers: the label names which quantity it is ("coeficiente 82" of a
    "coeficiente": 78 is no sum of a tide height and some other figure)."""
    evidence = context.evidence
    if evidence.numbers.grounds(said):
        return True
    half = rounding_unit(said) / 2
    if len(values) > 1:
        total = sum(values, Decimal(0))
        spread = max(values) - min(values)
        if any(abs(x - said) <= half for x in (total, total / len(values), spread)):
            return True
    for value in values:
        for factor in _FACTORS:
            if abs(value * factor - said) <= half or abs(value / factor - said) <= half:
                return True
        if abs(value * Decimal("1.8") + 32 - said) <= half or abs(
                (value - 32) / Decimal("1.8") - said) <= half:
            return True
    return False


_PLAIN_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)?")


def _numbers_of(text: str) -> set[str]:
    return set(_PLAIN_NUMBER_RE.findall(text)) if text else set()
