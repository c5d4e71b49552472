"""Dates the turn gives by the calendar, not by writing them: the turn's own day, and the
first and last day of an ISO week, a month or a quarter a result or call names.

A reply counts the days from today to a result's date ("Desde hoy quedan 56 días hasta el
30 de enero", "la última revisión fue hace 36 días"): today is the day the turn's calls
ran, which their receipts record (epoch seconds, UTC); a day either side stands for the
reader's time zone. A result or call naming a week ("2026-W48") gives the range of that
week, Monday to Sunday ("week 48 (23-29 Nov)"), and one naming a month ("2026-11") or a
quarter ("Q4 2026", "4T 2026") its first and last day: the bounds are the result's dates.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence

from ...receipts.events import ToolEvent
from ...receipts.tokens import TOKEN_RE
from ..claims.numbers import find_dates
from .spans import written_days
from .tables import Row

_EPOCH_MIN, _EPOCH_MAX = 946684800, 4102444800   # 2000-01-01 to 2100-01-01
# An ISO 8601 week: "2026-W48", "2026W48", "2026-W48-3".
_ISO_WEEK_RE = re.compile(r"(?<!\d)(20\d\d)-?W(0[1-9]|[1-4]\d|5[0-3])(?!\d)")
# A month written as year and month alone ("2026-11"; not a date's first part, "2026-11-05").
_MONTH_RE = re.compile(r"(?<![\d-])(20\d\d)-(0[1-9]|1[0-2])(?![\d-])")
# A quarter: "Q4 2026", "2026-Q4", "Q4-2026", and Spanish "4T 2026", "4T-2026".
_QUARTER_RE = re.compile(
    r"\bQ(?P<q1>[1-4])[ -]?(?P<y1>20\d\d)\b|\b(?P<y2>20\d\d)[ -]?Q(?P<q2>[1-4])\b"
    r"|\b(?P<q3>[1-4])T[ -]?(?P<y3>20\d\d)\b")
MAX_DATES = 24
# A key that dates a whole result, the day it was read on ("as_of", "fecha_consulta",
# "截至"): a closed class of words, in the languages keys are written in.
_STATED_DAY_KEY_RE = re.compile(
    r"^\s*(?:as[ _]?(?:of|at)|date|today|report[ _]date|run[ _]date|generated(?:[ _]at)?|"
    r"snapshot|fecha(?:[ _]de)?(?:[ _]consulta)?|consulta|hoy|stand|datum|"
    r"截至|日期|查询日期|统计日期|今日|今天|当前日期)\s*$", re.IGNORECASE)
_STATED_DAY_LINE_RE = re.compile(r"([^:：\n]{1,24})[:：]\s*(\d{4})-(\d{2})-(\d{2})\b")


def turn_days(events: Sequence[ToolEvent]) -> frozenset[dt.date]:
    """The days the turn's calls ran on, by their receipts' epochs (UTC), each with the
    day before and after (the reader's zone may be up to a day either side)."""
    days: set[dt.date] = set()
    for event in events:
        match = TOKEN_RE.search(event.receipt or "")
        if match is None:
            continue
        seconds = int(match.group(1))
        if not _EPOCH_MIN <= seconds <= _EPOCH_MAX:
            continue
        day = dt.datetime.fromtimestamp(seconds, tz=dt.UTC).date()
        days.update(day + dt.timedelta(days=shift) for shift in (-1, 0, 1))
    return frozenset(days)


def stated_day(result: str, parsed: object) -> dt.date | None:
    """The day a result says it was read on: a top-level key of a JSON object, or a
    "key: date" on one of its first two lines, whose key names the day of the reading
    (``as_of: 2026-05-20``, ``fecha_consulta: 2026-04-01``). A state a date makes (a due
    date gone by) is the state on that day, whenever the reply is read."""
    if isinstance(parsed, dict):
        for key, value in parsed.items():
            if isinstance(key, str) and isinstance(value, str) and \
                    _STATED_DAY_KEY_RE.match(key):
                day = _iso_day(value[:10])
                if day is not None:
                    return day
        return None
    for line in result.lstrip().split("\n", 2)[:2]:
        match = _STATED_DAY_LINE_RE.search(line)
        if match is not None and _STATED_DAY_KEY_RE.match(match.group(1)):
            return _iso_day(f"{match[2]}-{match[3]}-{match[4]}")
    return None


def _iso_day(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def days_from_the_turn(text: str, days: Iterable[dt.date]) -> set[int]:
    """The whole days between the turn's day (any of ``days``) and each date with a year
    that ``text`` writes (at most :data:`MAX_DATES`), either way."""
    today = list(days)
    if not today:
        return set()
    found: set[int] = set()
    seen = 0
    for _, _, (year, month, day) in find_dates(text):
        if year is None:
            continue
        try:
            date = dt.date(year, month, day)
        except ValueError:
            continue
        found.update(abs((date - now).days) for now in today)
        seen += 1
        if seen == MAX_DATES:
            break
    return found


def period_bounds(text: str) -> set[tuple[int | None, int, int]]:
    """The first and last day of every ISO week, month or quarter ``text`` names
    ("2026-W48": 23 and 29 November 2026; "2026-11": 1 and 30 November; "Q4 2026", "4T
    2026": 1 October and 31 December), with and without their year."""
    found: set[tuple[int | None, int, int]] = set()
    if "W" in text:
        for year, week in set(_ISO_WEEK_RE.findall(text)):
            try:
                monday = dt.date.fromisocalendar(int(year), int(week), 1)
            except ValueError:
                continue
            _add_bounds(found, monday, monday + dt.timedelta(days=6))
    for year, month in set(_MONTH_RE.findall(text)):
        _add_bounds(found, *_months(int(year), int(month), 1))
    if "Q" in text or "T" in text:
        for match in _QUARTER_RE.finditer(text):
            year = int(match.group("y1") or match.group("y2") or match.group("y3"))
            quarter = int(match.group("q1") or match.group("q2") or match.group("q3"))
            _add_bounds(found, *_months(year, 3 * quarter - 2, 3))
    return found


def _months(year: int, month: int, count: int) -> tuple[dt.date, dt.date]:
    """The first day of ``month`` and the last day of the ``count``-th month from it."""
    last_month = month + count   # the month after the last, whose first day ends it
    after = dt.date(year + (last_month - 1) // 12, (last_month - 1) % 12 + 1, 1)
    return dt.date(year, month, 1), after - dt.timedelta(days=1)


def _add_bounds(found: set[tuple[int | None, int, int]], *days: dt.date) -> None:
    for day in days:
        found.update(((day.year, day.month, day.day), (None, day.month, day.day)))


# The days of the week (a closed class; en, es, zh), Monday first.
WEEKDAY_RE = re.compile(
    r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|mi[eé]rcoles|"
    r"jueves|viernes|s[aá]bado|domingo)\b|(?:周|星期|礼拜)([一二三四五六日天])", re.IGNORECASE)
_WEEKDAY_INDEX = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6, "lunes": 0, "martes": 1, "miercoles": 2, "miércoles": 2, "jueves": 3,
    "viernes": 4, "sabado": 5, "sábado": 5, "domingo": 6, "一": 0, "二": 1, "三": 2, "四": 3,
    "五": 4, "六": 5, "日": 6, "天": 6}


def weekdays_named(text: str) -> set[int]:
    """The days of the week ``text`` names (Monday 0): "el lunes", "周一", "on Sunday"."""
    return {_WEEKDAY_INDEX[(m.group(1) or m.group(2)).lower()] for m in WEEKDAY_RE.finditer(text)}


# A column or key that counts days ("target_days", "duration days", "noches", "天数").
_DAYS_NAME_RE = re.compile(r"day|d[ií]as|nights?|noches|天", re.IGNORECASE)
_MAX_DAY_SHIFT = 366


def days_moved_in_rows(pool: Iterable[tuple[Sequence[Row], dict[str, str]]]
                       ) -> set[tuple[int | None, int, int]]:
    """The dates a row's date cell gives moved by a number of days the same row states
    (a treatment "started 2026-11-09" with "target_days 28" ends on 7 December): forward
    and back, each with and without its year. ``pool``: each result's rows and header."""
    found: set[tuple[int | None, int, int]] = set()
    for rows, header in pool:
        for row in rows:
            days = [int(n) for column, n in row.numbers.items()
                    if _DAYS_NAME_RE.search(header.get(column, column))
                    and n == n.to_integral_value() and 0 < n <= _MAX_DAY_SHIFT]
            if not days:
                continue
            for base in (day for cell in row.labels.values() for day in written_days(cell)):
                for shift in days:
                    for moved in (base + dt.timedelta(days=shift),
                                  base - dt.timedelta(days=shift)):
                        found.update(((moved.year, moved.month, moved.day),
                                      (None, moved.month, moved.day)))
    return found
