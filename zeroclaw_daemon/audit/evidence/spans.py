"""Spans of time the results give by their structure, not by a number of their own: the
interval between a row's two times of day, and an amount over a rate per period.

A reply adds up the intervals of a result's rows into a total time ("停了两次，合计 47
分钟" over two stops' "from" and "to"), and divides a stock by a daily rate into the days
it lasts ("按每天出库 1,600 瓶算，大概能撑 15 天"); both are worked out from the rows. It
also counts the days between two dates the results give ("quedan 3 días" from a "hoy" to
a "vence"), and the days or hours between two moments ("last fix 2026-11-30T07:15Z" and
"listed 2026-12-02T22:40Z").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from ..claims.numbers import find_dates
from .derive import MAX_BREAKDOWN, MAX_OPERANDS
from .tables import Row

_CLOCK_RE = re.compile(r"(?<!\d)([01]?\d|2[0-3]):([0-5]\d)(?!\d)")
_CLOCK_CHARS = 24          # a time of day stands at the start of its cell ("2026-12-05T11:00Z")


def intervals(tables: Sequence[Sequence[Row]]) -> list[int]:
    """The minutes from the first to the second time of day of each row (a block's start
    and end, a stop's "from" and "to"), across midnight; at most :data:`MAX_BREAKDOWN`."""
    found: list[int] = []
    for rows in tables:
        for row in rows:
            times = [int(m.group(1)) * 60 + int(m.group(2)) for label in row.labels.values()
                     for m in _CLOCK_RE.finditer(label, 0, _CLOCK_CHARS)][:2]
            if len(times) == 2:
                found.append((times[1] - times[0]) % 1440)
                if len(found) == MAX_BREAKDOWN:
                    return found
    return found


# Two times of day joined by a dash ("11:00-12:50", "14:00 – 15:30"): a range, in any layout.
_RANGE_RE = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)\s?[-–—]\s?([01]?\d|2[0-3]):([0-5]\d)"
                       r"(?![\d:])")


def range_intervals(texts: Iterable[str]) -> list[int]:
    """The minutes of every range of two times of day in the texts (the lines of a
    schedule that no table layout splits into cells), across midnight; at most
    :data:`MAX_BREAKDOWN`."""
    found: list[int] = []
    for text in texts:
        if ":" not in text:
            continue
        for match in _RANGE_RE.finditer(text):
            start = int(match.group(1)) * 60 + int(match.group(2))
            end = int(match.group(3)) * 60 + int(match.group(4))
            found.append((end - start) % 1440)
            if len(found) == MAX_BREAKDOWN:
                return found
    return found


def interval_totals(tables: Sequence[Sequence[Row]], texts: Iterable[str] = ()) -> set[int]:
    """Every total of one or more of the rows' intervals (the blocks of one person, the
    stops of one line), in minutes; when no row holds two times of day, of the texts'
    ranges of two times."""
    totals: set[int] = set()
    for minutes in intervals(tables) or range_intervals(texts):
        totals |= {total + minutes for total in totals} | {minutes}
    return totals


# A rate's period in a key's name: an adverb of period, or "per"/"por"/每 and a period.
_RATE_KEY_RE = re.compile(
    r"(?<![a-z])(?:(?P<adverb>hourly|daily|weekly|monthly|diari[oa]|semanal|mensual)|"
    r"(?:per|por|a)[_ .-]?(?P<unit>hour|hora|day|d[ií]a|week|semana|month|mes))(?![a-z])"
    r"|(?P<zh>每小时|每天|每日|日均|每周|每月)", re.IGNORECASE)
_HOUR, _DAY, _WEEK, _MONTH = 3600, 86400, 604800, 2629800
_RATE_PERIODS = {"hourly": _HOUR, "hour": _HOUR, "hora": _HOUR, "每小时": _HOUR,
                 "daily": _DAY, "day": _DAY, "día": _DAY, "dia": _DAY, "diario": _DAY,
                 "diaria": _DAY, "每天": _DAY, "每日": _DAY, "日均": _DAY,
                 "weekly": _WEEK, "week": _WEEK, "semana": _WEEK, "semanal": _WEEK,
                 "每周": _WEEK, "monthly": _MONTH, "month": _MONTH, "mes": _MONTH,
                 "mensual": _MONTH, "每月": _MONTH}


def rates(tables: Sequence[Sequence[Row]]) -> list[tuple[Decimal, int]]:
    """The numbers under a key naming a rate per period ("daily_out": 1600, "每天出库",
    "por_hora"), each with its period in seconds."""
    found: list[tuple[Decimal, int]] = []
    for rows in tables:
        names: dict[str, str] = {}
        for row in rows:
            names.update((key, label) for key, label in row.labels.items()
                         if key.isdigit() and not row.numbers)   # a header row
            for key, value in row.numbers.items():
                period = _rate_period(names.get(key, key))
                if period is not None and value > 0:
                    found.append((value, period))
    return found[:MAX_OPERANDS]


def _rate_period(name: str) -> int | None:
    match = _RATE_KEY_RE.search(name)
    if match is None:
        return None
    word = match.group("adverb") or match.group("unit") or match.group("zh")
    return _RATE_PERIODS.get(word.lower())


MAX_DATES = 24


def written_days(text: str, limit: int | None = None) -> set[dt.date]:
    """The dates with a year that ``text`` writes, in any spelling :func:`find_dates` reads
    (at most ``limit`` of them)."""
    days: set[dt.date] = set()
    for _, _, (year, month, day) in find_dates(text):
        if year is None:
            continue
        try:
            days.add(dt.date(year, month, day))
        except ValueError:
            continue
        if len(days) == limit:
            break
    return days


def date_gaps(text: str) -> set[int]:
    """The days between any two of the dates (with a year) that ``text`` writes, at most
    :data:`MAX_DATES` of them."""
    ordered = sorted(written_days(text, MAX_DATES))
    return {(b - a).days for i, a in enumerate(ordered) for b in ordered[i + 1:]}



# A moment: a date and a time of day in one token ("2026-12-05T09:50Z", "2026-12-02 18:40"),
# with its zone when written (Z or an offset).
_MOMENT_RE = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)"
                        r"(?::([0-5]\d))?(?:\.\d+)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?(?![\d:])")


def moment_gaps(text: str) -> set[int]:
    """The seconds between any two of the moments (date and time of day) that ``text``
    writes, at most :data:`MAX_DATES` of them: two moments are compared only when both
    name their zone or neither does."""
    zoned: set[dt.datetime] = set()
    plain: set[dt.datetime] = set()
    for match in _MOMENT_RE.finditer(text):
        year, month, day, hour, minute, second, zone = match.groups()
        try:
            moment = dt.datetime(int(year), int(month), int(day), int(hour), int(minute),
                                 int(second or 0))
            if zone:
                offset = zone.replace(":", "")
                moment = moment.replace(tzinfo=dt.UTC if zone == "Z" else dt.timezone(
                    dt.timedelta(hours=int(offset[:3]), minutes=int(offset[0] + offset[3:]))))
        except ValueError:
            continue
        (zoned if zone else plain).add(moment)
        if len(zoned) + len(plain) == MAX_DATES:
            break
    gaps: set[int] = set()
    for moments in (sorted(zoned), sorted(plain)):
        gaps.update(int((b - a).total_seconds()) for i, a in enumerate(moments)
                    for b in moments[i + 1:])
    return gaps
