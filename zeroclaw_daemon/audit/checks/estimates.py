"""Estimates: an approximate value the reply works out beside the figures it shows.

"Four rooms, 1,240 sq ft, which is roughly 115 m²", "olas de unos 1,5 m (5 pies)",
"3–4 英尺，大约 0.9–1.2 米": the reply converts, averages or rates figures by a method the
auditor may not know (a unit it does not read, a rule of thumb it states). When no figure
of the results comes near such an estimate, the evidence is unclear, and precision comes
first: no finding. Every figure it is worked from is checked as a value of its own.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.values import in_base_unit, is_speed_unit
from .base import CheckContext
from .per_unit import said_per_unit

# How far from a result's figure an estimate may be and still be read as that figure
# restated: a value changed in the copying lands within it; a conversion, a mean or a
# rate the reply works out mostly lands outside it.
_ESTIMATE_SPREAD = Decimal("1.5")
# Words of estimate (not of bound: "over", "más de", 超过 say a side, which is checked).
_ESTIMATE_BEFORE_RE = re.compile(
    r"(?:\b(?:about|around|roughly|approximately|approx\.?|some|close\s+to|nearly|unos|unas|"
    r"aproximadamente|alrededor\s+del?|cerca\s+del?|en\s+torno\s+a|rondan?(?:\s+l[oa]s)?)"
    r"|[~≈]|约|大约|大概|差不多)\s*[*_]*\s*$", re.IGNORECASE)
_ESTIMATE_AFTER_RE = re.compile(r"\S*\s*(?:左右|上下|前后)")
# Verbs saying a figure is read off a source ("the report shows", "según el panel",
# 报表显示), whoever the source: the sentence then gives the figure as the tool's.
_READ_FROM_RE = re.compile(
    r"\b(?:shows?|showing|says|reads|reports|reported|lists|listed|according\s+to|per\s+the|"
    r"muestra|muestran|indica|indican|seg[uú]n|marca|marcan|dice|registra|reporta)\b"
    r"|显示|表明|统计|记录|写着|给出|列出|标明|报告说", re.IGNORECASE)
_TIME = (in_base_unit(Decimal(1), "s") or (None,))[0]
# Not shares (a percentage is small, so some figure of a result is always near one, and
# "about 5%" is a share read, judged in checks/values.py), nor temperatures ("about
# 21 °C" is a reading or a conversion from °F, both checked there).
_ESTIMATED_KINDS = (ValueKind.NUMBER, ValueKind.CURRENCY, ValueKind.MEASURE)


def an_estimate_like_no_result_figure(context: CheckContext, claim: ValueClaim) -> bool:
    """An approximate value beside other figures of its sentence ("1,240 sq ft, roughly
    115 m²", "660 kg en 42,5 ha, unos 3.663 kg/ha", "3–4 英尺，大约 0.9 米") that no figure
    of the results, nor a quotient of a record's figures, comes near (within a factor of
    1.5): the reply's own estimate worked from the figures it shows
    (a conversion, a mean, a rate), whose method the auditor cannot see, so the evidence is
    unclear and precision comes first. Still checked: an approximate value near a result's
    figure but not within its rounding ("about 1,420" against 1,240: a result misread), and
    one its sentence says a tool gave ("the dashboard shows about 48,200")."""
    if not claim.approx or claim.kind not in _ESTIMATED_KINDS or not claim.numbers \
            or not context.evidence.ok:
        return False
    start, end = claim.span
    if not (_ESTIMATE_BEFORE_RE.search(context.text, max(0, start - 24), start)
            or _ESTIMATE_AFTER_RE.match(context.text, end)):
        return False    # a bound ("more than 90 minutes"), which says which side it is on
    if _converts_a_measure_of_its_sentence(context, claim):
        return False    # "250 kg ≈ 610 lb": the conversion is there to check
    if claim.unit and ((in_base_unit(Decimal(1), claim.unit) or (None,))[0] == _TIME
                       or is_speed_unit(claim.unit)):
        return False    # a span of time (the results' moments check it) or a speed
    if context.claims.sentence_of(claim.clause) in context.claims.attributed_sentences \
            or _READ_FROM_RE.search(context.sentence_text(claim.clause)):
        return False    # "the dashboard shows about 48,200": said to be the tool's figure
    sentence = context.claims.sentence_of(claim.clause)
    if not any(other is not claim and other.numbers
               and context.claims.sentence_of(other.clause) == sentence
               for other in context.claims.values):
        return False    # an estimate alone ("East is about 90,000"): no working to see
    numbers = context.evidence.numbers
    # A figure said per something may be a record's quotient misworked ("each forklift
    # about 812 pallets" of 8,415 over 11): near one, it is checked. Only then: quotients
    # of every pair of a record's figures fall near most values by chance.
    quotients = context.evidence.derivations.record_quotients \
        if said_per_unit(context, claim) else []
    for reading in claim.numbers:
        value = abs(reading)
        low, high = value / _ESTIMATE_SPREAD, value * _ESTIMATE_SPREAD
        if value and (numbers.any_between(low, high)
                      or any(float(low) <= q <= float(high) for q in quotients)):
            return False    # near a figure, or a quotient of a record's figures ("per …")
    return True


def _converts_a_measure_of_its_sentence(context: CheckContext, claim: ValueClaim) -> bool:
    """Its sentence states the same dimension in another unit ("250 kg ≈ 610 lb"): the
    estimate is a conversion of that figure, which the conversion rules check."""
    dimension = in_base_unit(Decimal(1), claim.unit) if claim.unit else None
    sentence = context.claims.sentence_of(claim.clause)
    for other in context.claims.values:
        if other is claim or other.kind is not claim.kind or not other.unit \
                or other.unit == claim.unit \
                or context.claims.sentence_of(other.clause) != sentence:
            continue
        other_dimension = in_base_unit(Decimal(1), other.unit)
        if dimension is not None and other_dimension is not None \
                and dimension[0] == other_dimension[0]:
            return True
    return False
