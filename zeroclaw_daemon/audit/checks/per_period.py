"""A value said per period ("$41 a month", "每月不到 500 块") that is a result's figure over
another period moved to this one, or an amount over a span of time a result states."""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.number_index import approx_tolerance, rounding_unit
from .base import CheckContext

# A period named beside the value ("$41 a month", "每月不到 500 块", "一天大约 3 万立方米",
# "12 € al mes", "per hour"): the value is a result's rate over another period moved to this
# one (a yearly figure spread over the months, an hourly flow over a day). The periods are
# a closed class of each language, and their lengths are the calendar's, in seconds.
_PER_PERIOD_RE = re.compile(
    r"\b(?:per|a|an|each|every)\s+(?P<en>second|minute|hour|day|week|month|year)\b"
    r"|/(?P<slash>s|sec|min|h|hr|d|day|wk|week|mo|month|yr|year)\b"
    r"|\b(?P<adverb>hourly|daily|weekly|monthly|yearly|annually|diari[oa]s?|semanal(?:es)?|"
    r"mensual(?:es)?|anual(?:es)?)\b"
    r"|\b(?:al|por|cada|a\s+la|el)\s+(?P<es>segundo|minuto|hora|d[ií]a|semana|mes|a[ñn]o)\b"
    r"|(?P<zh>每秒|每分钟|每小时|一小时|每天|一天|每日|日均|每周|一周|每星期|周均|每月|每个月|一个月|"
    r"月均|每年|一年|年均)",
    re.IGNORECASE)
_DAY, _YEAR = 86400, 31557600
_PERIOD_SECONDS = {
    "second": 1, "s": 1, "sec": 1, "segundo": 1, "每秒": 1,
    "minute": 60, "min": 60, "minuto": 60, "每分钟": 60,
    "hour": 3600, "h": 3600, "hr": 3600, "hourly": 3600, "hora": 3600, "每小时": 3600,
    "一小时": 3600,
    "day": _DAY, "d": _DAY, "daily": _DAY, "día": _DAY, "dia": _DAY, "diario": _DAY,
    "diaria": _DAY, "diarios": _DAY, "diarias": _DAY, "每天": _DAY, "一天": _DAY,
    "每日": _DAY, "日均": _DAY,
    "week": 7 * _DAY, "wk": 7 * _DAY, "weekly": 7 * _DAY, "semana": 7 * _DAY,
    "semanal": 7 * _DAY, "semanales": 7 * _DAY, "每周": 7 * _DAY, "一周": 7 * _DAY,
    "每星期": 7 * _DAY, "周均": 7 * _DAY,
    "month": _YEAR // 12, "mo": _YEAR // 12, "monthly": _YEAR // 12, "mes": _YEAR // 12,
    "mensual": _YEAR // 12, "mensuales": _YEAR // 12, "每月": _YEAR // 12,
    "每个月": _YEAR // 12, "一个月": _YEAR // 12, "月均": _YEAR // 12,
    "year": _YEAR, "yr": _YEAR, "yearly": _YEAR, "annually": _YEAR, "año": _YEAR,
    "ano": _YEAR, "anual": _YEAR, "anuales": _YEAR, "每年": _YEAR, "一年": _YEAR,
    "年均": _YEAR,
}
_WEEKS_IN_A_YEAR = Decimal(1) / 52


def per_period(context: CheckContext, claim: ValueClaim) -> bool:
    """A value said per period that is a result's figure over another period moved to it
    (a year's over 12 months, an hour's over 24 hours), to the precision written (wider
    when it says "about" or "不到")."""
    if not claim.numbers or claim.kind not in (ValueKind.NUMBER, ValueKind.CURRENCY,
                                               ValueKind.MEASURE):
        return False
    periods = {_PERIOD_SECONDS.get(next(g for g in match.groups() if g).lower())
               for match in _PER_PERIOD_RE.finditer(context.sentence_text(claim.clause))}
    periods.discard(None)
    if not periods:
        return False
    # Any period the sentence names may be the value's ("一年是 ¥5,987.52……每月不到 500").
    ratios = {Decimal(period) / other for period in periods if period is not None
              for other in set(_PERIOD_SECONDS.values()) if other != period}
    if 7 * _DAY in periods:
        ratios.add(_WEEKS_IN_A_YEAR)          # a calendar's 52 weeks, not 52.18
    if _YEAR in periods:
        ratios.add(1 / _WEEKS_IN_A_YEAR)
    said = claim.numbers[0]
    tolerance = float(max(rounding_unit(said) / 2,
                          approx_tolerance(said) if claim.approx else Decimal(0)))
    factors = [float(r) for r in ratios]
    derivations = context.evidence.derivations
    if any(abs(float(value) * factor - float(said)) <= tolerance
           for value in derivations.operands for factor in factors):
        return True
    # An amount over a span of time the results state ("pieces": 640 in "hours": 11.5 is
    # 55.7 an hour): a rate the reply works out.
    return any(abs(float(value) / float(span) - float(said)) <= tolerance
               for span in derivations.durations for value in derivations.operands)
