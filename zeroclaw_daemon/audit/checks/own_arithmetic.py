"""A value the reply works out from its own figures: a percentage of two figures it states
before it, a total of its amounts listed beside it, or what is left of a whole it states."""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.number_index import approx_tolerance, rounding_unit
from .base import CheckContext

MAX_OWN_OPERANDS = 24   # the reply's figures before a value, for its own arithmetic


_LEAD_IN_END_RE = re.compile(r"[:：][*_\s]*$")
_LIST_ITEM_RE = re.compile(r"[ \t]*(?:[-*•·]|\d{1,2}[.)、])[ \t]")


def paragraph_start(text: str, position: int) -> int:
    """Where the paragraph holding ``position`` starts; a list's paragraph starts with the
    line that leads into it ("Sales by category, €23,106.00 in all:"), which a blank line
    may set apart from the list."""
    start = text.rfind("\n\n", 0, position) + 1
    if start > 0 and _LIST_ITEM_RE.match(text, start + 1) \
            and _LEAD_IN_END_RE.search(text, 0, start - 1):
        return text.rfind("\n\n", 0, start - 1) + 1
    return start


def own_arithmetic(context: CheckContext, claim: ValueClaim) -> bool:
    """A percentage of two figures the reply states before it ("116 (72.5 %)" of "160
    responses"; "17 de 24 puntos (un 71 %)"), or a total of a run of the reply's own
    amounts listed just before it (or just after it, or the difference of two that follow
    it): the reply's arithmetic on its own figures, each of which is checked as a value of
    its own (a wrong figure is found there, not here)."""
    if not claim.numbers or claim.kind not in (ValueKind.PERCENT, ValueKind.CURRENCY,
                                               ValueKind.NUMBER, ValueKind.MEASURE):
        return False
    said = claim.numbers[0]
    tolerance = float(max(rounding_unit(said) / 2,
                          approx_tolerance(said) if claim.approx else Decimal(0)))
    target = float(said)
    earlier = [v for v in context.claims.values
               if v.span[1] <= claim.span[0] and v.numbers and v.kind is not ValueKind.DATE]
    earlier = earlier[-MAX_OWN_OPERANDS:]
    if claim.kind is ValueKind.PERCENT:
        # The part is one of the two figures just before the percentage in its sentence
        # ("116 (72.5 %)", "17 de 24 puntos, un 71 %"); the whole, any figure before it in
        # its paragraph. Few pairs: a made-up percentage rarely equals one by chance.
        paragraph = paragraph_start(context.text, claim.span[0])
        sentence = context.claims.sentence_span(claim.clause)
        sentence_start = sentence[0] if sentence is not None else paragraph
        figures = sorted([(v.span[0], float(v.numbers[0])) for v in earlier
                          if v.kind is not ValueKind.PERCENT and v.span[0] >= paragraph]
                         + _bare_counts_before(context, claim, paragraph))
        wholes = [value for _, value in figures[-MAX_OWN_OPERANDS:]]
        parts = [value for position, value in figures[-2:] if position >= sentence_start]
        return any(whole and part < whole and abs(part / whole * 100 - target) <= tolerance
                   for part in parts for whole in wholes)
    # A total of the amounts of one kind listed just before it (the items of a list), or
    # just after it ("$3,472.74 overdue: $229.99, $1,402.75 and $1,840.00").
    same = [float(v.numbers[0]) for v in earlier if v.kind is claim.kind and v.unit == claim.unit]
    # What is left of a whole its sentence states before it ("490 spaces, 279 taken, 211
    # free", "共490个车位，已占用279个，还剩211个"): the difference of two of the figures.
    sentence = context.claims.sentence_span(claim.clause)
    if sentence is not None:
        own = [float(v.numbers[0]) for v in earlier if v.span[0] >= sentence[0]][-4:]
        if any(abs(abs(a - b) - target) <= tolerance + 1e-9
               for i, a in enumerate(own) for b in own[i + 1:]):
            return True
    for first in range(len(same) - 1):
        if abs(sum(same[first:]) - target) <= tolerance + 1e-9:
            return True
    later = [float(v.numbers[0]) for v in context.claims.values
             if v.span[0] >= claim.span[1] and v.numbers and v.kind is claim.kind
             and v.unit == claim.unit][:MAX_OWN_OPERANDS]
    running = 0.0
    for count, value in enumerate(later, 1):
        running += value
        if count > 1 and abs(running - target) <= tolerance + 1e-9:
            return True
    # A net figure given first, its gross and what came off it after ("GHS 10,288.77 after
    # the levy: ... gross GHS 10,498.75, levy GHS 209.98"): the difference of two of the
    # amounts that follow. Three digits or more: a small figure meets a difference often.
    if abs(target) >= 100:
        following = later[:MAX_FOLLOWING]
        return any(abs(a - b - target) <= tolerance + 1e-9
                   for i, a in enumerate(following) for b in following[i + 1:])
    return False


MAX_FOLLOWING = 6   # the amounts after a net figure its gross and deduction are looked for in


_SMALL_INT_RE = re.compile(r"(?<![\w.,:/-])\d{1,3}(?![\w:/-]|[.,]\d)")


def _bare_counts_before(context: CheckContext, claim: ValueClaim,
                        paragraph: int) -> list[tuple[int, float]]:
    """Small whole numbers before a percentage in its paragraph ("17 de 24"), with where
    they stand: counts the values pass over (only numbers of three digits or more are
    values by themselves)."""
    return [(m.start(), float(m.group(0))) for m in
            _SMALL_INT_RE.finditer(context.text, paragraph, claim.span[0])][-MAX_OWN_OPERANDS:]
