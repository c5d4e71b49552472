"""A count of the items in a window of time its sentence states, recomputed from the
items' times.

"Three buses leave before 11:30", "Hay 3 salidas antes de las 11:30", "11:30 之前有 3 班车",
"Two alarms between 01:00 and 02:30": the count is of the items whose time of day falls in
the window, not of the whole listing. When a result's items carry times (each item's first
time of day: a row's cell, a JSON entry's timestamp), the items inside the window are
counted; a count equal to that is consistent. A count that no window of its sentence gives
is checked as before, against the whole listing. A day is such a window too: "El lunes
hay 2 citas", "周一有两个预约", "on Dec 7 there are 2": the items whose date (each item's
first date) is on that weekday or that day of the month are counted.
"""

from __future__ import annotations

import datetime as dt
import re

from ..claims.numbers import find_dates
from ..claims.types import CountClaim
from ..evidence.calendar import weekdays_named
from .base import CheckContext

_CLOCK = r"(\d{1,2}):([0-5]\d)"
# The bounds of a window, by the words that open it (en, es, zh). Each gives (start, end)
# in minutes of the day; a missing bound is the day's start or end.
_BETWEEN_RE = re.compile(
    r"\b(?:between|from|entre|desde)\s+(?:las?\s+)?" + _CLOCK + r"\s*"
    r"(?:and|to|until|till|y|a|hasta)\s+(?:las?\s+)?" + _CLOCK
    + r"|" + _CLOCK + r"\s*(?:到|至|[-–—])\s*" + _CLOCK, re.IGNORECASE)
_BEFORE_RE = re.compile(
    r"\b(?:before|by|until|till|antes\s+de(?:\s+las?)?|hasta(?:\s+las?)?)\s+" + _CLOCK
    + r"|" + _CLOCK + r"\s*(?:之前|以前|前)", re.IGNORECASE)
_AFTER_RE = re.compile(
    r"\b(?:after|from|since|despu[eé]s\s+de(?:\s+las?)?|desde(?:\s+las?)?|a\s+partir\s+de"
    r"(?:\s+las?)?)\s+" + _CLOCK + r"|" + _CLOCK + r"\s*(?:之后|以后|后|起)", re.IGNORECASE)
_ITEM_CLOCK_RE = re.compile(r"(?<![\d:])" + _CLOCK + r"(?!\d)")
_DAY = 1440


def counted_in_a_stated_window(context: CheckContext, claim: CountClaim) -> bool:
    """The count equals the number of a result's items whose time of day falls inside a
    window its sentence states ("before 11:30", "entre las 10:00 y las 11:30")."""
    sentence = context.sentence_text(claim.clause)
    if ":" not in sentence:
        return False
    windows = _windows(sentence)
    if not windows:
        return False
    for facts in context.evidence.ok:
        times = [_first_clock(unit) for unit in facts.units]
        stamped = [t for t in times if t is not None]
        if len(stamped) < 2:
            continue
        for start, end in windows:
            inside = sum(1 for t in stamped if (t - start) % _DAY <= (end - start) % _DAY)
            if inside == claim.value:
                return True
    return False


def _windows(sentence: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    ranges: list[tuple[int, int]] = []
    for match in _BETWEEN_RE.finditer(sentence):
        parts = [int(g) for g in match.groups() if g is not None]
        found.append((parts[0] * 60 + parts[1], parts[2] * 60 + parts[3]))
        ranges.append(match.span())
    for regex, opens in ((_BEFORE_RE, False), (_AFTER_RE, True)):
        for match in regex.finditer(sentence):
            if any(start <= match.start() < end for start, end in ranges):
                continue   # "from 10:00 to 11:30" is one window, not "after 10:00"
            hours, minutes = (int(g) for g in match.groups() if g is not None)
            clock = hours * 60 + minutes
            found.append((clock, _DAY - 1) if opens else (0, clock - 1))
    return found


def _first_clock(unit: str) -> int | None:
    match = _ITEM_CLOCK_RE.search(unit)
    if match is None:
        return None
    hours, minutes = int(match.group(1)), int(match.group(2))
    return hours * 60 + minutes if hours < 24 else None


_ITEM_DATE_RE = re.compile(r"(?<!\d)(20\d\d)-(\d\d)-(\d\d)(?!\d)")


def counted_on_a_stated_day(context: CheckContext, claim: CountClaim) -> bool:
    """The count equals the number of a result's items dated on a day its sentence names
    (a weekday: "el lunes", "周一"; a date: "12 月 7 日", "7 de diciembre")."""
    sentence = context.sentence_text(claim.clause)
    weekdays = weekdays_named(sentence)
    dates = {(month, day) for _, _, (_, month, day) in find_dates(sentence)}
    if not weekdays and not dates:
        return False
    for facts in context.evidence.ok:
        days = [day for day in map(_first_date, facts.units) if day is not None]
        if len(days) < 2:
            continue
        for weekday in weekdays:
            if sum(1 for day in days if day.weekday() == weekday) == claim.value:
                return True
        for month, day_of_month in dates:
            if sum(1 for day in days if (day.month, day.day) == (month, day_of_month)) \
                    == claim.value:
                return True
    return False


def _first_date(unit: str) -> dt.date | None:
    match = _ITEM_DATE_RE.search(unit)
    if match is None:
        return None
    try:
        return dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return None
