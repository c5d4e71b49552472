"""A value in a listing that reads a result's column row by row.

"Tomatoes 84 L, peppers 70 L, lettuce 42 L, herbs 35 L": when the other items of a
sentence's listing are values of one column of a result, each read off its row, the
listing is a reading of that column, and an item of it is a reading too, not the
reply's own computation. A number that is no value of the column is then a misread
row, however easily it could be derived from the result's figures (35 = 70 / 2), while
the column holds a row the listing leaves unstated (the 30 it stands for).

Precision first: the item must follow a list separator and a short label of its own, be
of the listing's kind and unit, at least two of its
siblings must be values of the same column, and no word of aggregation or comparison (a
closed class: total, average, more than, left, up, down; en, es, zh) may stand between the
previous item and it or right after it: "total 226 L" or "35 L more than" is arithmetic.
"""

from __future__ import annotations

import re

from ..claims import ValueClaim, ValueKind
from ..evidence.table_sums import column_values
from .base import CheckContext

_READING_KINDS = (ValueKind.NUMBER, ValueKind.MEASURE, ValueKind.CURRENCY)
MIN_COLUMN_ROWS = 3
MIN_SIBLING_READINGS = 2

# Words that make a figure a computation over others (a sum, mean, difference, change,
# rest or rate) rather than one row's reading: a closed class per language.
_AGGREGATE_RE = re.compile(
    r"\b(?:total|totals|sum|combined|overall|altogether|in\s+all|average|avg|mean|median|"
    r"difference|more|less|fewer|than|left|remaining|extra|net|per|each|apiece|"
    r"suma|promedio|media|diferencia|m[aá]s|menos|que|quedan|restantes?|neto|por|cada|"
    # A change between two readings: its verbs (past, present and perfect: "sube 0,18 m
    # desde las 8:00", "ha bajado") and adverbs of direction.
    r"up|down|rose|risen|rising|fell|fallen|falling|dropped|gained|climbed|grew|increased|"
    r"decreased|subi[oó]|baj[oó]|aument[oó]|cay[oó]|creci[oó]|disminuy[oó]|descendi[oó]|"
    r"sube|baja|aumenta|cae|crece|disminuye|desciende|"
    r"subido|bajado|aumentado|ca[ií]do|crecido|disminuido|descendido)\b"
    r"|合计|总计|总共|一共|共计|共|总|平均|相差|差|多|少|比|剩|余|增|减|每|各|净|涨|跌|上升|下降|回落",
    re.IGNORECASE)
# An item of a listing: a list separator, then a short label that starts with a letter
# and holds no bracket or separator ("，香草", ", herbs", "; Zone 4:"), then the value.
_ITEM_LABEL_RE = re.compile(
    r"[,;:，、；：]\s*[^\W\d_][^,;:，、；：()（）\n]{0,23}[:：]?\s*$")
_LABEL_WINDOW = 32
# How far after the item a word can still be about it ("35 L in total", "35升左右").
_AFTER_WINDOW = 16
_CLAUSE_END_RE = re.compile(r"[,;:，；：。.!?！？\n]")


def misreads_a_column(context: CheckContext, claim: ValueClaim) -> bool:
    """The claim is an item of a listing whose siblings read one result column row by
    row, and is itself no value of that column while the column has a row unstated."""
    if claim.kind not in _READING_KINDS or not claim.numbers or claim.approx:
        return False
    if claim.numbers[0] in context.evidence.numbers.exact:
        return False   # a number a result states (asked below too; a set lookup, first)
    if _ITEM_LABEL_RE.search(context.text, max(0, claim.span[0] - _LABEL_WINDOW),
                             claim.span[0]) is None:
        return False   # not "<separator> <label> <value>": a threshold, an aside, an id
    sentence = context.claims.sentence_span(claim.clause)
    if sentence is None:
        return False
    siblings = [v for v in context.claims.values
                if v is not claim and v.kind is claim.kind and v.unit == claim.unit
                and v.numbers and sentence[0] <= v.span[0] < sentence[1]]
    if len(siblings) < MIN_SIBLING_READINGS or _aggregated(context, claim, siblings):
        return False
    said = claim.numbers[0]
    if context.evidence.numbers.grounds(said, approx=False):
        return False   # a number some result states: read right, of whichever column
    stated = {v.numbers[0] for v in siblings}
    for facts in context.evidence.ok:
        for column in column_values(facts.rows):
            values = set(column)
            if len(column) >= MIN_COLUMN_ROWS and values - stated and \
                    len(stated & values) >= MIN_SIBLING_READINGS:
                return True
    return False


def _aggregated(context: CheckContext, claim: ValueClaim, siblings: list[ValueClaim]) -> bool:
    """A word of aggregation or comparison labels the item: between the item before it
    and it, or in its own clause right after it."""
    before = [v.span[1] for v in siblings if v.span[1] <= claim.span[0]]
    sentence = context.claims.sentence_span(claim.clause)
    start = max(before) if before else (sentence[0] if sentence else 0)
    after = context.text[claim.span[1]:claim.span[1] + _AFTER_WINDOW]
    end = _CLAUSE_END_RE.search(after)
    after = after[:end.start()] if end is not None else after
    return bool(_AGGREGATE_RE.search(context.text[start:claim.span[0]])
                or _AGGREGATE_RE.search(after))
