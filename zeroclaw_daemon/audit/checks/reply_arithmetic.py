"""A value the reply computes from figures it has already given: its own arithmetic.

A reply that works out a cost writes its steps: "2,88 € + 120 min × 0,041 = 7,80 €",
"4 hot desks (€960)" at a desk's €240, "12 个人是 264 元，比单人票省 96 元" after "一共 360
元", "a 20 L/ha son 149 L" of the 7,45 ha it has just given. The result's digits appear
nowhere, and are grounded by recomputing the step, to the precision written (never the
wider "about"):

- an expression written before "=" or "≈" evaluates to the value (operators + − × ÷, the
  usual precedence);
- the value, written with three digits or more, is a figure of its sentence before it
  times a figure the reply gave before it, a result's number or a figure of the user's
  message ("18 veces al mes": 2,88 € a day is 51,84 € a month);
- the value is the difference or the sum of a figure of its sentence before it and a
  figure of the same kind and unit the reply gave before it, or the difference of one
  before it and one after it in its sentence ("£40 paid, so £145 of the £185 is owed");
- the value, written with three digits or more, is a running total of two figures of its
  sentence, each maybe times a quantity the sentence writes, in digits or in words ("two
  kits at £42.50 = £85.00, plus two gaskets (£3.20 each) → £91.40");
- a percentage is a figure or a count of its sentence before it over a whole the reply
  gave before it or a result states ("一共收回 462 份 … 满意：343 人，约占 74%"), to the
  precision written (:func:`share_of_its_figure`);
- an amount is a figure of its sentence at a rate its sentence states, or with that rate
  added or taken off ("272,00 € sin IVA; con el 21 % de IVA (57,12 €)"):
  :func:`at_a_rate_of_its_sentence`.

Each operand the reply states is checked as a value of its own (a wrong one is found
there, not in what it gives); the user's figures are never evidence by themselves. The
operands are few (the last :data:`MAX_SENTENCE_FACTORS` figures of the sentence, the last
:data:`MAX_EARLIER` of the reply), so a made-up value rarely meets one by chance.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import product

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import HAYSTACK_NUMBER_RE, number_readings
from ..evidence.number_index import rounding_unit
from .base import CheckContext

_KINDS = (ValueKind.NUMBER, ValueKind.CURRENCY, ValueKind.MEASURE)
_OPERAND_KINDS = (ValueKind.NUMBER, ValueKind.CURRENCY, ValueKind.MEASURE)
MAX_SENTENCE_FACTORS = 4
MAX_EARLIER = 16
MAX_USER_FIGURES = 8
MAX_TERMS = 6
# A product must give a figure of three digits or more: small figures ("4 分 12 秒") are
# products of the sentence's small numbers and the results' by chance.
MIN_PRODUCT_DIGITS = 3
_SMALL_WHOLE_RE = re.compile(r"(?<![\w.,])\d{1,2}(?![\w]|[.,]\d)")
# An equals sign (or "approximately equals") right before the value, past emphasis and
# a currency sign.
_EQUALS_BEFORE_RE = re.compile(r"[=≈]\s*[*_]*\s*[$€£¥]?\s*$")
# What ends the expression to the left: another result, an arrow, a colon, a bracket.
_EXPRESSION_START_RE = re.compile(r"[=≈→:;(\n（：；]")
_TERM_RE = re.compile(r"(?P<num>\d+(?:[.,]\d+)*)"
                      r"|(?P<op>[+×*·÷−]|(?<=\s)[x-](?=\s)|/(?=\s*[$€£¥]?\s*\d))")
_APPLY = {"+": 1, "−": -1, "-": -1}


def recomputed_from_its_figures(context: CheckContext, claim: ValueClaim) -> bool:
    if claim.kind not in _KINDS or not claim.numbers or not context.evidence.ok:
        return False
    sentence = context.claims.sentence_span(claim.clause)
    if sentence is None:
        return False
    said = claim.numbers[0]
    exponent = said.as_tuple().exponent
    tolerance = float(Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0) / 2)
    target = float(said)
    if _written_expression(context.text, sentence[0], claim.span[0], target, tolerance):
        return True
    earlier = [v for v in context.claims.values
               if v.span[1] <= claim.span[0] and v.numbers and v.kind in _OPERAND_KINDS]
    in_sentence = [v for v in earlier if v.span[0] >= sentence[0]]
    factors = _sentence_factors(context, in_sentence, sentence[0], claim.span[0])
    before = earlier[-MAX_EARLIER:]
    others = ([float(v.numbers[0]) for v in before]
              + [v for v, _ in context.evidence.derivations.floats]
              + _user_figures(context.evidence.user_message))
    if _written_digits(said) >= MIN_PRODUCT_DIGITS and any(
            abs(a * b - target) <= tolerance for a in factors for b in others
            if b not in (0.0, 1.0)):
        return True
    same = [float(v.numbers[0]) for v in before
            if v.kind is claim.kind and v.unit == claim.unit]
    own = [float(v.numbers[0]) for v in in_sentence[-MAX_SENTENCE_FACTORS:]
           if v.kind is claim.kind and v.unit == claim.unit]
    if any(abs(abs(a - b) - target) <= tolerance or abs(a + b - target) <= tolerance
           for a in own for b in same if a != b):
        return True
    # A whole the sentence gave, less a part it gives after the value ("全场约 57 分钟：音乐
    # 42 分钟，加中场休息 15 分钟"), or a whole it gives after the value less a part it gave
    # before ("paid the £40 deposit, so she still owes £145 of the £185"): each figure of
    # the same kind and unit.
    later = [float(v.numbers[0]) for v in context.claims.values
             if v.numbers and v.kind is claim.kind and v.unit == claim.unit
             and claim.span[1] <= v.span[0] < sentence[1]][:MAX_SENTENCE_FACTORS]
    if any(abs(abs(a - b) - target) <= tolerance for a in own for b in later if a != b):
        return True
    # The result first, its figures after it ("Le quedan 135 €: el presupuesto era de 385 €
    # y ha abonado 250 €"): a difference of two figures the sentence goes on to give.
    if any(abs(abs(a - b) - target) <= tolerance for i, a in enumerate(later)
           for b in later[i + 1:] if a != b):
        return True
    # A running total of line items, each a figure of the sentence, maybe times a
    # quantity it writes: "two kits at £42.50 = £85.00, plus two gaskets (£3.20 each) →
    # £91.40".
    if _written_digits(said) < MIN_PRODUCT_DIGITS or len(own) < 2:
        return False
    terms = {*own, *(a * f for a in own for f in factors if f != a)}
    return any(abs(a + b - target) <= tolerance for a in terms for b in terms if a != b)


def _written_digits(value: Decimal) -> int:
    """The digits a figure is written with, leading zeros aside ("960": 3, "0.04": 1)."""
    return len(str(abs(value)).replace(".", "").lstrip("0"))


def _sentence_factors(context: CheckContext, in_sentence: list[ValueClaim], start: int,
                      end: int) -> list[float]:
    """The last few figures of the sentence before the value: its values, the small whole
    numbers it writes (a quantity: "4 hot desks") and the counts it writes in words."""
    taken = [v.span for v in in_sentence]
    placed = [(v.span[0], float(v.numbers[0])) for v in in_sentence]
    placed += [(m.start(), float(m.group(0)))
               for m in _SMALL_WHOLE_RE.finditer(context.text, start, end)
               if not any(a <= m.start() < b for a, b in taken)]
    # A quantity in words ("two rebuild kits at £42.50"), as the pack reads counts.
    placed += [(c.span[0], float(c.value)) for c in context.claims.counts
               if not c.digits and start <= c.span[0] < end]
    return [value for _, value in sorted(placed) if value not in (0.0, 1.0)][
        -MAX_SENTENCE_FACTORS:]


def _user_figures(message: str) -> list[float]:
    found: list[float] = []
    for match in HAYSTACK_NUMBER_RE.finditer(message):
        found.extend(float(r) for r in number_readings(match.group(0))[:1])
        if len(found) >= MAX_USER_FIGURES:
            break
    return found


def _written_expression(text: str, start: int, end: int, target: float,
                        tolerance: float) -> bool:
    """An expression written right before "= value" evaluates to the value."""
    equals = _EQUALS_BEFORE_RE.search(text, start, end)
    if equals is None:
        return False
    left = text[start:equals.start()]
    cut = max((m.end() for m in _EXPRESSION_START_RE.finditer(left)), default=0)
    terms = [(m.group("num"), m.group("op")) for m in _TERM_RE.finditer(left, cut)]
    # The longest run at the end that alternates number, operator, number...
    chain: list[tuple[str | None, str | None]] = []
    for number, operator in reversed(terms):
        expected_number = not chain or chain[-1][1] is not None
        if (number is not None) != expected_number:
            break
        chain.append((number, operator))
    while chain and chain[-1][0] is None:
        chain.pop()
    chain.reverse()
    if len(chain) < 3 or len(chain) > 2 * MAX_TERMS - 1:
        return False
    numbers = [number_readings(n) or (Decimal(0),) for n, _ in chain[::2] if n is not None]
    operators = [op for _, op in chain[1::2] if op is not None]
    for readings in product(*numbers):
        value = _evaluate([float(r) for r in readings], operators)
        if value is not None and abs(value - target) <= tolerance:
            return True
    return False


def _evaluate(numbers: list[float], operators: list[str]) -> float | None:
    """``numbers`` joined by ``operators``, products and quotients first."""
    terms: list[float] = [numbers[0]]
    signs: list[int] = [1]
    for operator, number in zip(operators, numbers[1:], strict=True):
        if operator in _APPLY:
            terms.append(number)
            signs.append(_APPLY[operator])
        elif operator in "÷/":
            if number == 0:
                return None
            terms[-1] /= number
        else:
            terms[-1] *= number
    return sum(sign * term for sign, term in zip(signs, terms, strict=True))


def share_of_its_figure(context: CheckContext, claim: ValueClaim) -> bool:
    """A percentage that is a figure of its sentence before it (a value or a count) over a
    whole the reply gave before it, a result's number or a column's total, to the unit it
    is written to (3 % of it when it says "about")."""
    if claim.kind is not ValueKind.PERCENT or not claim.numbers or not context.evidence.ok:
        return False
    claims = context.claims
    sentence = claims.sentence_span(claim.clause)
    if sentence is None:
        return False
    start = claim.span[0]
    figures = sorted([(v.span[0], float(v.numbers[0])) for v in claims.values
                      if v.numbers and v.kind in _OPERAND_KINDS and v.span[1] <= start]
                     + [(c.span[0], float(c.value)) for c in claims.counts
                        if c.span[1] <= start])
    parts = [value for at, value in figures if at >= sentence[0]][-MAX_SENTENCE_FACTORS:]
    if not parts:
        return False
    derivations = context.evidence.derivations
    wholes = ([value for _, value in figures[-MAX_EARLIER:]]
              + [value for value, _ in derivations.floats]
              + [float(total) for total in derivations.table_totals])
    said = float(claim.numbers[0])
    tolerance = float(rounding_unit(claim.numbers[0])) / 2
    if claim.approx:
        tolerance = max(tolerance, said * 0.03)
    return any(abs(part / whole * 100 - said) <= tolerance
               for part in parts for whole in wholes if whole > part > 0)


def at_a_rate_of_its_sentence(context: CheckContext, claim: ValueClaim) -> bool:
    """An amount that is a figure of its sentence (or the reply's figure just before it)
    times a percentage its sentence states, or with that percentage added or taken off:
    a tax, a deposit, a discount worked out in the reply, to the precision written."""
    if claim.kind not in _KINDS or not claim.numbers:
        return False
    claims = context.claims
    sentence = claims.sentence_span(claim.clause)
    if sentence is None:
        return False
    rates = [float(v.numbers[0]) / 100 for v in claims.values
             if v.kind is ValueKind.PERCENT and v.numbers
             and sentence[0] <= v.span[0] < sentence[1]]
    if not rates:
        return False
    bases = [float(v.numbers[0]) for v in claims.values
             if v.numbers and v.kind is claim.kind and v is not claim
             and v.span[1] <= sentence[1] and v.span[0] >= sentence[0] - _BASE_REACH]
    said = float(claim.numbers[0])
    tolerance = float(rounding_unit(claim.numbers[0])) / 2
    return any(abs(base * factor - said) <= tolerance
               for base in bases for rate in rates
               for factor in (rate, 1 + rate, 1 - rate))


# How far before its sentence a base amount may stand ("272,00 € sin IVA; con el 21 %").
_BASE_REACH = 80

