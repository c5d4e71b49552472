"""A figure per unit of something: one figure of a result's record over another.

"Per hectare, Syrah got about 152.9 m³" (321 m³ on 2.1 ha), "每亩约 376 升" (15,800 L on
42 亩), "| 单台产量 | 约 11,467 |" (412,800 m on 36 looms), "人均差不多 963 元" (144,452
元 for the 150 guests the user named): the reply divides one figure by another, and the
quotient's digits appear nowhere. It is grounded when recomputing that division gives it,
to the precision written (never the wider "about": quotients come close too easily), from
two numbers of one record of a result (a row, or a column of a table whose records are its
columns) or a result's number over a figure the user gave. Only where the reply says the
figure is per something: a word of distribution (a closed class per language: per, each,
average, por persona, cada, promedio, 每, 人均, 平均, 单台) in its sentence, a unit
written over another ("m³/ha") or "a"/"an" and a unit after it ("30.2 an hour"); a figure
said flat is a reading, and checked as one.
"""

from __future__ import annotations

import re

from ..claims import ValueClaim, ValueKind
from ..evidence.number_index import rounding_unit
from .base import CheckContext

_PER_KINDS = (ValueKind.NUMBER, ValueKind.MEASURE, ValueKind.CURRENCY)

# Words that say a figure is spread over units of something (en, es, zh). Spanish "por"
# only before a word ("por hectárea", never "por 1.240 kWh" or "por ciento"); Chinese 单
# only before a classifier (单台, 单株, 单人; never 订单, 单号).
_PER_WORD_RE = re.compile(
    r"\b(?:per|each|apiece|average|averages|averaged|avg|mean|cada|promedio|media)\b"
    r"|\bpor\s+(?!ciento\b)[^\W\d_]"
    r"|每|人均|户均|亩均|株均|平均|均价|单(?=[台个件人株头只辆次棵亩份箱])",
    re.IGNORECASE)
# A unit over a unit right after the figure ("152,9 m³/ha", "3.2 kg/m²", "12 €/persona").
_UNIT_OVER_UNIT_RE = re.compile(r"\s?[^\W\d_][^\s/]{0,5}/[^\W\d_]")
# "A" and a unit of time or of a head right after the figure, or after its noun ("30.2
# an hour", "40 boxes a day", "€12 a head"): per that unit, in English.
_A_UNIT_RE = re.compile(r"(?:\s+[^\W\d_]+)?\s+an?\s+(?:hour|day|night|week|month|year|shift|"
                        r"head|person|visit|session|copy|piece)\b", re.IGNORECASE)
_AFTER_WINDOW = 12


def said_per_unit(context: CheckContext, claim: ValueClaim) -> bool:
    """The reply says the figure is per something: a word of distribution in its
    sentence, or a unit over a unit right after it."""
    after = context.text[claim.span[1]:claim.span[1] + _AFTER_WINDOW]
    return bool(_UNIT_OVER_UNIT_RE.match(after)
                or _A_UNIT_RE.match(context.text, claim.span[1], claim.span[1] + 2 * _AFTER_WINDOW)
                or _PER_WORD_RE.search(context.sentence_text(claim.clause)))


def per_unit_of_a_record(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is said per something and is one number of a result's record over
    another, or a result's number over a figure the user gave, to the precision written."""
    if claim.kind not in _PER_KINDS or not claim.numbers or not context.evidence.ok:
        return False
    if not said_per_unit(context, claim):
        return False
    said = claim.numbers[0]
    low, high = float(said - rounding_unit(said) / 2), float(said + rounding_unit(said) / 2)
    return any(low <= quotient <= high
               for quotient in context.evidence.derivations.record_quotients)

