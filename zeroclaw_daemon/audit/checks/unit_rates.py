"""An amount worked out as a rate times a number of the rate's own units.

"24 € por noche … son 4 noches: 96 €", "£18 an hour, so 3 hours come to £54", "每晚 380
元，住 3 晚共 1,140 元": the reply multiplies a rate by a count of the very unit the rate is
per (nights, hours, days, kilos, people). The rate is a figure the reply writes per that
unit ("24 €/noche", "an hour", "每晚") or a result's figure under a key naming the unit
("precio_noche", "hourly_rate", "price_per_kg"); the count is written in the amount's
sentence before it, with the unit's noun. Both are read, so the product is grounded at the
precision written; a product of a rate and a count of another unit is not. Each operand is
checked as a value of its own.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.words import LATIN_WORD_RE, key_text
from ..evidence.number_index import rounding_unit
from .base import CheckContext

# The units a rate is per, each with its nouns and the forms a key or a rate writes it in
# (en, es, zh). A closed class.
_UNITS: dict[str, tuple[str, ...]] = {
    "night": ("night", "nights", "nightly", "noche", "noches", "晚", "夜"),
    "hour": ("hour", "hours", "hourly", "hr", "hrs", "h", "hora", "horas", "小时", "钟头"),
    "day": ("day", "days", "daily", "día", "días", "dia", "dias", "天", "日"),
    "week": ("week", "weeks", "weekly", "semana", "semanas", "周", "星期"),
    "month": ("month", "months", "monthly", "mes", "meses", "月"),
    "kilo": ("kg", "kilo", "kilos", "kilogram", "kilograms", "kilogramos", "公斤", "千克"),
    "person": ("person", "people", "persona", "personas", "pax", "head", "人", "位"),
}
_ALIAS = {alias: unit for unit, aliases in _UNITS.items() for alias in aliases}
_ALIASES = "|".join(sorted((re.escape(a) for a in _ALIAS), key=len, reverse=True))
# A count of units written before the amount: "4 noches", "3 hours", "住 3 晚".
_COUNT_RE = re.compile(r"(?<![\d.,])(\d{1,3})\s*(" + _ALIASES + r")(?![^\W\d_])", re.IGNORECASE)
# A rate's unit written right after its figure: "/noche", "/h", " por noche", " an hour",
# " per night", " a day", "每晚" is before it (see _PER_BEFORE_RE).
_PER_AFTER_RE = re.compile(r"\s*(?:/\s*|(?:por|per|a|an|each|al|a\s+la)\s+)(" + _ALIASES
                           + r")(?![^\W\d_])", re.IGNORECASE)
_PER_BEFORE_RE = re.compile(r"每\s*(" + _ALIASES + r")\s*$")
_KINDS = (ValueKind.CURRENCY, ValueKind.MEASURE)
_MAX_COUNT = 366


def at_a_rate_times_its_units(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is a rate times a count of the rate's unit written in its sentence."""
    if claim.kind not in _KINDS or not claim.numbers:
        return False
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return False
    text = context.text
    counts = [(int(m.group(1)), _ALIAS[m.group(2).lower()])
              for m in _COUNT_RE.finditer(text, span[0], claim.span[0])
              if 1 < int(m.group(1)) <= _MAX_COUNT]
    if not counts:
        return False
    rates = _reply_rates(context, claim) + _result_rates(context)
    said = claim.numbers[0]
    tolerance = rounding_unit(said) / 2
    return any(abs(rate * count - said) <= tolerance
               for rate, rate_unit in rates for count, unit in counts if unit == rate_unit)


def _reply_rates(context: CheckContext, claim: ValueClaim) -> list[tuple[Decimal, str]]:
    """The reply's figures of the amount's kind and unit written per a unit."""
    text = context.text
    found: list[tuple[Decimal, str]] = []
    for value in context.claims.values:
        if value.kind is not claim.kind or value.unit != claim.unit or not value.numbers \
                or value is claim:
            continue
        after = _PER_AFTER_RE.match(text, value.span[1])
        before = _PER_BEFORE_RE.search(text, max(0, value.span[0] - 6), value.span[0])
        per = after or before
        if per is not None:
            found.append((value.numbers[0], _ALIAS[per.group(1).lower()]))
    return found


def _result_rates(context: CheckContext) -> list[tuple[Decimal, str]]:
    """The results' figures under a key naming the unit they are per ("precio_noche",
    "hourly_rate", "price_per_kg")."""
    found: list[tuple[Decimal, str]] = []
    for facts in context.evidence.ok:
        rows = facts.rows
        names = facts.header
        for row in rows:
            for column, value in row.numbers.items():
                words = LATIN_WORD_RE.findall(key_text(names.get(column, column)).lower())
                units = {_ALIAS[w] for w in words if w in _ALIAS and len(w) > 1}
                if len(units) == 1:
                    found.append((value, units.pop()))
    return found
