"""Spans of time the results give, though no result states them as a number.

A span written in two units ("7 小时 40 分钟", "3小时35分", "4 h 45 min", "3h 35m", "2 horas
y 15 minutos") is one value, read as the sum of its parts: each part alone is no figure
of the results (a gap of 7 h 40 min between two times is neither 7 h nor 40 min), so the
whole is checked as one span of time, and when it is not grounded each part is checked as
before. The parts are read from the text beside the claim, since a part need not be a
value of its own ("3 个小时"; "35 分" and "35m" alone are no spans: 分 is also a point or a
cent, m a metre). A span is also given by a total of the intervals of the results' rows,
by an amount over a rate per period, or, in days, by two dates the results give
(:mod:`..evidence.spans`) or by a date of the results and the turn's own day
(:mod:`..evidence.calendar`), and in days or hours by two moments (date and time of day) the
results give, to the half unit when the reply writes one ("~2.5 days").
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ..claims import ValueClaim, ValueKind
from ..evidence.calendar import days_from_the_turn, turn_days
from ..evidence.index import Evidence
from ..evidence.number_index import approx_tolerance, rounding_unit
from ..evidence.spans import date_gaps, interval_totals, moment_gaps, rates
from ..evidence.values import seconds_in, span_of_time_grounded
from .base import CheckContext

_DAY, _HOUR, _MINUTE = 86400, 3600, 60
# The units of a span's parts, by their seconds: the larger part's, then the smaller's
# (where "m" and 分 can only be minutes).
_LARGER_UNITS = {"d": _DAY, "day": _DAY, "days": _DAY, "día": _DAY, "días": _DAY, "天": _DAY,
                 "h": _HOUR, "hr": _HOUR, "hrs": _HOUR, "hour": _HOUR, "hours": _HOUR,
                 "hora": _HOUR, "horas": _HOUR, "小时": _HOUR, "钟头": _HOUR,
                 "min": _MINUTE, "mins": _MINUTE, "minute": _MINUTE, "minutes": _MINUTE,
                 "minuto": _MINUTE, "minutos": _MINUTE, "分钟": _MINUTE}
_SMALLER_UNITS = {**_LARGER_UNITS, "m": _MINUTE, "分": _MINUTE, "s": 1, "sec": 1, "secs": 1,
                  "second": 1, "seconds": 1, "segundo": 1, "segundos": 1, "秒": 1, "秒钟": 1}


def _alternation(units: dict[str, int]) -> str:
    return "|".join(sorted(map(re.escape, units), key=len, reverse=True))


# What may stand between the parts: nothing, a comma, or a conjunction (en, es, zh).
_JOINER = r"\s*(?:,|and|y|e|又|零)?\s*"
_LARGER_BEFORE_RE = re.compile(
    r"(?<![\d.,])(\d+(?:[.,]\d+)?)\s*个?\s*(" + _alternation(_LARGER_UNITS) + r")" + _JOINER
    + r"$", re.IGNORECASE)
_SMALLER_AFTER_RE = re.compile(
    _JOINER + r"(\d{1,2})\s*(" + _alternation(_SMALLER_UNITS) + r")(?![^\W\d_]|\d)"
    r"|" + _JOINER + r"(\d{1,2})\s*(" + _alternation(_SMALLER_UNITS) + r")(?=[\u4e00-\u9fff])",
    re.IGNORECASE)
_BEFORE_WINDOW = 16


def duration_derived(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is a span of time (or a part of one in two units) that the results give:
    the whole of a two-unit span grounded as any span is, or a total of the intervals of
    the results' rows, or an amount over a rate per period (see :mod:`..evidence.spans`)."""
    if claim.kind is not ValueKind.MEASURE or not claim.numbers:
        return False
    if claim.unit.lower() in _WEEK_UNITS:
        return _weeks_between_dates(context, claim)
    own = seconds_in(claim.unit)
    if own is None:
        return False
    said = claim.numbers[0]
    whole = span_whole(context.text, claim.span, said * own, own)
    evidence = context.evidence
    if whole is not None and span_of_time_grounded(whole, evidence):
        return True
    if whole is None:
        total = said * own
        tolerance = max(rounding_unit(said) / 2,
                        approx_tolerance(said) if claim.approx else Decimal(0)) * own
    else:
        total, tolerance = whole, Decimal(_MINUTE)
    tables = evidence.derivations.rows
    if any(abs(minutes * _MINUTE - total) <= tolerance for minutes in interval_totals(
            tables, (f.result for f in evidence.ok))):
        return True
    if any(abs(amount / rate * period - total) <= tolerance
           for rate, period in rates(tables)
           for amount in evidence.derivations.operands if amount != rate):
        return True
    if own in (_DAY, _HOUR) and whole is None and _between_moments(claim, own, evidence):
        return True
    if own != _DAY:
        return False
    # A stay or a lease counts both of its end days ("del 8 al 24, 17 días"): one more.
    if any(abs(days * _DAY - total) <= tolerance for gap in date_gaps(evidence.haystack)
           for days in (gap, gap + 1)):
        return True
    # "quedan 56 días hasta el 30 de enero", "hace 36 días": from the turn's own day.
    today = turn_days([f.event for f in evidence.ok])
    return any(abs(gap * _DAY - total) <= tolerance
               for gap in days_from_the_turn(evidence.haystack, today))


_HALF, _TENTH = Decimal("0.5"), Decimal("0.1")


def _between_moments(claim: ValueClaim, own: Decimal, evidence: Evidence) -> bool:
    """Days or hours between two moments (date and time of day) the results give ("last
    seen 2026-12-02T18:40Z" and "queried 2026-12-05T10:02Z": "~2.5 days"), to the unit the
    reply writes, where a fraction of one half is written to the half ("2.5 days" is 2 1/2
    days, not 2.50): half that unit either way, or 3 % when it says "about"."""
    said = claim.numbers[0]
    unit = rounding_unit(said)
    if unit == _TENTH and said % 1 == _HALF:
        unit = _HALF
    tolerance = max(unit / 2, approx_tolerance(said) if claim.approx else Decimal(0)) * own
    return any(abs(gap - said * own) <= tolerance for gap in moment_gaps(evidence.haystack))


# Weeks, counted between two dates, or from a number the results label in days (a week is
# no unit a bare figure converts to: 42 alone is no 6 weeks).
_WEEK_UNITS = frozenset({"week", "weeks", "wk", "wks", "semana", "semanas", "周", "星期",
                         "个星期"})


def _weeks_between_dates(context: CheckContext, claim: ValueClaim) -> bool:
    """Weeks between two dates the results give, or between one and the turn's own day
    ("hace 5 semanas", "5 weeks ago, on 31 October"), to the half week (a week more or
    less when it says "about")."""
    said = claim.numbers[0]
    tolerance = max(rounding_unit(said) / 2,
                    approx_tolerance(said) if claim.approx else Decimal(0)) * 7
    evidence = context.evidence
    gaps = date_gaps(evidence.haystack) | days_from_the_turn(
        evidence.haystack, turn_days([f.event for f in evidence.ok])) | {
        int(m.group("a") or m.group("b")) for m in _LABELLED_DAYS_RE.finditer(evidence.haystack)}
    return any(abs(gap - said * 7) <= tolerance for gap in gaps)


# A number the results label in days: a key ending in days ("max_age_days": 42), or a
# number before the word ("42 days", "42 días", "42 天").
_LABELLED_DAYS_RE = re.compile(
    r"(?<![a-z])(?:days?|d[ií]as)[\"']?\s*[:=]\s*(?P<a>\d{1,4})(?!\d|[.,]\d)"
    r"|(?<![\d.,])(?P<b>\d{1,4})\s*(?:days?|d[ií]as|天)(?![a-z])", re.IGNORECASE)


def span_whole(text: str, span: tuple[int, int], seconds: Decimal, unit: Decimal) -> Decimal | None:
    """The seconds of the span the claim is a part of: with the smaller part right after
    it, or the larger part right before it; None when it stands alone."""
    after = _SMALLER_AFTER_RE.match(text, span[1])
    if after is not None:
        number, name = (after.group(1), after.group(2)) if after.group(1) else \
            (after.group(3), after.group(4))
        part = _SMALLER_UNITS.get(name.lower())
        if part is not None and part < unit:
            return seconds + Decimal(number) * part
    before = _LARGER_BEFORE_RE.search(text[max(0, span[0] - _BEFORE_WINDOW):span[0]])
    if before is not None:
        part = _LARGER_UNITS.get(before.group(2).lower())
        try:
            number = Decimal(before.group(1).replace(",", "."))
        except InvalidOperation:
            return None
        if part is not None and part > unit:
            return number * part + seconds
    return None
