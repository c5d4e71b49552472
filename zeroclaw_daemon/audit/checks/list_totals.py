"""A total the reply states over a list of its own, and the items that make it up.

A reply gives a sum on one line and its parts as the list under it ("Serían **146,10 €**:"
then "- … 74,10 €" and "- … 72 €"), or an item of the list as what is left of that sum once
the other items are counted ("**£4,803.45** all in." then four items, the last "£353.45").
Each is the reply's arithmetic on figures it states: when the last figure of each item (of
the line's kind and unit) adds up to the figure of the line that opens the list, the
opening figure and every item's figure are each other's sum and part. Each figure is still
checked as a value of its own (the opening total against the results, an item against its
line), so a wrong one is found there; this only spares the one a result does not state.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.number_index import rounding_unit
from .base import CheckContext

_KINDS = (ValueKind.CURRENCY, ValueKind.MEASURE, ValueKind.NUMBER)
# An item of a Markdown or plain list: a bullet, or a number with a dot or bracket.
_ITEM_RE = re.compile(r"[ \t]*(?:[-*•·]|\d{1,2}[.)])\s+")
_MIN_ITEMS = 2
_MAX_ITEMS = 12


def adds_up_with_its_list(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is the figure opening a list whose items' last figures add up to it, or
    one of those items' last figures."""
    if claim.kind not in _KINDS or not claim.numbers:
        return False
    lines = _lines(context.text)
    index = next((i for i, (start, end) in enumerate(lines) if start <= claim.span[0] < end),
                 None)
    if index is None:
        return False
    text = context.text
    if _ITEM_RE.match(text, lines[index][0]):
        head = index
        while head > 0 and (_ITEM_RE.match(text, lines[head][0])
                            or not text[lines[head][0]:lines[head][1]].strip()):
            head -= 1
        if _ITEM_RE.match(text, lines[head][0]):
            return False
    else:
        head = index
    opening = _figures(context, claim, lines[head])
    if not opening:
        return False
    items = _item_figures(context, claim, lines, head)
    if not _MIN_ITEMS <= len(items) <= _MAX_ITEMS:
        return False
    total = opening[0]
    if head == index and claim.numbers[0] != total.numbers[0]:
        return False   # another figure of the opening line
    if head != index and all(item.span != claim.span for item in items):
        return False   # not an item's last figure
    said = sum((item.numbers[0] for item in items), Decimal(0))
    tolerance = max(rounding_unit(total.numbers[0]), *(rounding_unit(i.numbers[0])
                                                       for i in items)) / 2
    return abs(said - total.numbers[0]) <= tolerance


def _lines(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for line in text.split("\n"):
        spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def _figures(context: CheckContext, claim: ValueClaim,
             line: tuple[int, int]) -> list[ValueClaim]:
    """The line's figures of the claim's kind and unit, in order."""
    return [v for v in context.claims.values
            if line[0] <= v.span[0] < line[1] and v.numbers and v.kind is claim.kind
            and v.unit == claim.unit]


def _item_figures(context: CheckContext, claim: ValueClaim, lines: list[tuple[int, int]],
                  head: int) -> list[ValueClaim]:
    """The last figure of each item of the list right under line ``head`` (blank lines
    between items allowed); empty when an item has no such figure."""
    text = context.text
    found: list[ValueClaim] = []
    for start, end in lines[head + 1:]:
        if not text[start:end].strip():
            continue
        if not _ITEM_RE.match(text, start):
            break
        figures = _figures(context, claim, (start, end))
        if not figures:
            return []
        found.append(figures[-1])
        if len(found) > _MAX_ITEMS:
            break
    return found
