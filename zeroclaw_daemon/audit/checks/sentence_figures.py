"""A value the reply works out from a figure it states before it in the same sentence.

"That's 86.6 m³ over five months, about 17.3 m³ a month (≈17,300 litres)": 17.3 is the
sentence's 86.6 over the five it names (a mean), and 17,300 litres is 17.3 m³ in another
unit. "| 26 | £6.40 | £166.40 |" is a quantity times a unit price. Each is the reply's own
arithmetic on figures it states, and those are checked
as values of their own (a wrong 86.6 is found there, not here). Only a figure of the same
sentence, before the value, and a whole number the sentence writes (in digits or number
words) as the divisor: a made-up value rarely equals one of those few quotients.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.words import LATIN_WORD_RE, fold
from ..evidence.number_index import approx_tolerance, rounding_unit
from ..evidence.values import in_base_unit
from .base import CheckContext

_SMALL_WHOLE_RE = re.compile(r"(?<![\w.,])\d{1,2}(?![\w]|[.,]\d)")
MAX_DIVISOR = 60
MAX_FACTORS = 4      # the figures just before a value that may multiply into it
_WORKED_KINDS = (ValueKind.NUMBER, ValueKind.CURRENCY, ValueKind.MEASURE)


def worked_out_in_its_sentence(context: CheckContext, claim: ValueClaim) -> bool:
    if claim.kind not in _WORKED_KINDS or not claim.numbers:
        return False
    sentence = context.claims.sentence_span(claim.clause)
    if sentence is None:
        return False
    earlier = [v for v in context.claims.values
               if sentence[0] <= v.span[0] and v.span[1] <= claim.span[0] and v.numbers
               and v.kind in _WORKED_KINDS]
    if not earlier:
        return False
    said = claim.numbers[0]
    tolerance = max(rounding_unit(said) / 2, approx_tolerance(said) if claim.approx
                    else Decimal(0))
    if claim.kind is ValueKind.MEASURE and _converted(claim, said, tolerance, earlier):
        return True
    divisors = _whole_numbers(context, sentence[0], claim.span[0])
    if any(abs(v.numbers[0] / n - said) <= tolerance
           for v in earlier if v.kind is claim.kind and v.unit == claim.unit
           for n in divisors):
        return True
    # A product to the precision written only, not "about": the few pairs must give it.
    return _product_of_two(context, claim, said, rounding_unit(said) / 2, sentence[0], earlier)


def _product_of_two(context: CheckContext, claim: ValueClaim, said: Decimal,
                    tolerance: Decimal, start: int, earlier: list[ValueClaim]) -> bool:
    """A quantity (a whole number) times a unit figure, both just before the value in its
    sentence (a
    table row's "26 | £6.40 | £166.40", "3 nights at €95, €285"): the last few figures."""
    placed = [(v.span[0], v.numbers[0]) for v in earlier]
    taken = {v.span for v in earlier}
    placed += [(m.start(), Decimal(m.group(0)))
               for m in _SMALL_WHOLE_RE.finditer(context.text, start, claim.span[0])
               if not any(a <= m.start() < b for a, b in taken)]
    # One (and zero) multiply into nothing new: "1 EUR = 1.0871 USD" is no product.
    factors = [value for _, value in sorted(placed) if value > 1][-MAX_FACTORS:]
    # One of the two is a quantity: a whole number of things.
    return any(abs(a * b - said) <= tolerance
               for i, a in enumerate(factors) for b in factors[i + 1:]
               if a == a.to_integral_value() or b == b.to_integral_value())


def _converted(claim: ValueClaim, said: Decimal, tolerance: Decimal,
               earlier: list[ValueClaim]) -> bool:
    """The claim is an earlier measure of the sentence in another unit of its dimension."""
    low, high = in_base_unit(said - tolerance, claim.unit), in_base_unit(said + tolerance,
                                                                       claim.unit)
    if low is None or high is None:
        return False
    for other in earlier:
        if other.kind is not ValueKind.MEASURE or other.unit == claim.unit:
            continue
        # The earlier figure is itself rounded ("0.76 m³" of 0.7567): its own precision
        # widens the range its conversion may fall in.
        value = other.numbers[0]
        spread = max(rounding_unit(value) / 2, approx_tolerance(value) if other.approx
                     else Decimal(0))
        other_low = in_base_unit(value - spread, other.unit)
        other_high = in_base_unit(value + spread, other.unit)
        if other_low is not None and other_high is not None and other_low[0] == low[0] \
                and other_low[1] <= high[1] and low[1] <= other_high[1]:
            return True
    return False


def _whole_numbers(context: CheckContext, start: int, end: int) -> set[Decimal]:
    """The whole numbers from 2 to :data:`MAX_DIVISOR` the text writes between ``start``
    and ``end``, in digits or in the pack's number words ("over five months")."""
    text = context.text
    found = {Decimal(m.group(0)) for m in _SMALL_WHOLE_RE.finditer(text, start, end)}
    pack = context.pack
    rules = pack.count_rules if pack is not None else None
    if rules is not None:
        for word in LATIN_WORD_RE.findall(text, start, end):
            value = rules.number_words.get(fold(word))
            if value is not None:
                found.add(Decimal(value))
    return {n for n in found if 2 <= n <= MAX_DIVISOR}
