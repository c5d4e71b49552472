"""Times of day, dates and elapsed times the results ground through clock arithmetic.

A reply reads a result's clock: it moves a time by whole hours (a time zone, a 12-hour
reading), by a delay the results state, takes the gap between two times or two readings
with seconds, turns epoch seconds into a date, or names a timestamp's date in another
time zone. Each of these is a time or a date the results ground even though its digits
appear nowhere (the arithmetic of the results' other numbers is :mod:`.derive`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from .derive import MAX_OPERANDS

# (?=\d) first: the engine then skips to each digit instead of trying every position.
_CLOCK_RE = re.compile(r"(?=\d)(?<!\d)([01]?\d|2[0-3]):([0-5]\d)(?!\d)")
_EPOCH_MIN, _EPOCH_MAX = 946_684_800, 4_102_444_800       # 2000-01-01 .. 2100-01-01


# A crontab line: minute and hour fields first ("10 3 * * * cmd" runs at 03:10).
_CRON_RE = re.compile(r"^\s*(?P<m>[0-5]?\d)\s+(?P<h>[01]?\d|2[0-3])(?:\s+[\d*/,-]+){3}\s",
                      re.MULTILINE)


def clock_minutes(texts: Iterable[str]) -> list[int]:
    """Every ``H:MM`` time of day in the texts, every crontab line's time and every weather
    report's time group ("200920Z"), as minutes after midnight."""
    found: list[int] = []
    for text in texts:
        found.extend(int(h) * 60 + int(m) for h, m in _CLOCK_RE.findall(text))
        found.extend(int(m.group("h")) * 60 + int(m.group("m")) for m in _CRON_RE.finditer(text))
        if "h" in text or "." in text:
            found.extend(int(h) * 60 + int(m) for h, m in _CLOCK_OTHER_RE.findall(text))
        if "Z" in text:
            found.extend(int(h) * 60 + int(m) for h, m in _REPORT_TIME_RE.findall(text))
            found.extend(int(h) * 60 + int(m) for h, m in _BASIC_STAMP_RE.findall(text))
    return found


# An ISO 8601 timestamp in the basic format, in UTC ("DTSTART:20261215T193000Z").
_BASIC_STAMP_RE = re.compile(r"(?<!\d)\d{8}T([01]\d|2[0-3])([0-5]\d)(?:[0-5]\d)?Z\b")


# A weather report's time group: day, hour and minute, UTC ("METAR EGKH 200920Z").
_REPORT_TIME_RE = re.compile(r"(?<![\w/])(?:0[1-9]|[12]\d|3[01])([01]\d|2[0-3])([0-5]\d)Z\b")


# Times of day written otherwise: "14h30" (French, Spanish), "9.30am", "21.15 h".
_CLOCK_OTHER_RE = re.compile(r"(?=\d)(?<![\d.:])([01]?\d|2[0-3])"
                             r"(?:h|\.(?=\d\d\s*(?:[ap]\.?m\b|h\b)))([0-5]\d)(?!\d)",
                             re.IGNORECASE)


def time_grounded(key: str, times: Sequence[int], zoned: bool = True) -> bool:
    """A time of day is a result's time moved by whole hours: a 12-hour reading of a
    24-hour clock, or, when the results are ``zoned`` (they write a time zone or an
    offset), a time-zone conversion."""
    match = _CLOCK_RE.search(key)
    if match is None:
        return False
    minute = int(match.group(2))
    hour = int(match.group(1)) % 12
    return any(t % 60 == minute and (zoned or (t // 60) % 12 == hour) for t in times)


# What makes a conversion between time zones plausible: an offset or "Z" after a clock
# time (also spaced after a date's time: "2026-12-04 07:22 -05:00"), a UTC stamp in the
# basic format, a key or column in UTC ("start_utc"), a zone's abbreviation or IANA name
# ("Europe/London"), or a field of zones.
# An offset follows a timestamp's time ("T19:30:00+00:00") or a time with seconds: after a
# bare "13:30" a "-18:00" ends a range of times, no zone.
ZONE_RE = re.compile(r"(?:T\d\d:\d\d(?::\d\d)?|\d:\d\d:\d\d|\d-\d\d \d\d:\d\d)(?:\.\d+)?"
                     r"(?:Z|\s?[+-]\d\d:?\d\d)(?![\w])|\d:\d\dZ(?![\w])|\d{8}T\d{4,6}Z\b|"
                     r"(?<=_)(?:utc|UTC|gmt|GMT)\b|\b(?:utc|UTC)(?=_)|\b(?:UTC|GMT|"
                     r"CET|CEST|EET|EEST|WET|WEST|BST|PST|PDT|EST|EDT|CST|CDT|MST|MDT|JST|KST|"
                     r"IST|AEST|AEDT|NZST|NZDT|tz|timezone|time_zone|zona_horaria|utc_offset)\b|"
                     r"\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)/[A-Z]|"
                     r"[\"'](?:zone|zona)[\"']\s*:|时区|UTC")


def delayed_time_grounded(key: str, times: Sequence[int], numbers: Sequence[Decimal],
                          slack: int = 0) -> bool:
    """A time of day that is a result's time moved by a number of minutes the results
    state ("scheduled 13:28", "delay_minutes: 12" -> "about 13:40"), within ``slack``."""
    match = _CLOCK_RE.search(key)
    if match is None:
        return False
    said = int(match.group(1)) * 60 + int(match.group(2))
    shifts = {int(n) for n in numbers if n == n.to_integral_value() and 0 < n <= 720}
    return any(abs((t + d) % 1440 - said) <= slack or abs((t - d) % 1440 - said) <= slack
               for t in set(times) for d in shifts)


def duration_grounded(seconds: Decimal, times: Sequence[int],
                      slack_seconds: Decimal = Decimal(60)) -> bool:
    """A duration equal to the gap between two of the results' times of day, within
    ``slack_seconds`` (a minute; more for "about 40 minutes")."""
    minutes = seconds / 60
    slack = max(slack_seconds / 60, Decimal(1))
    distinct = sorted(set(times))[:MAX_OPERANDS]
    return any(abs((b - a) - minutes) <= slack or abs(24 * 60 - (b - a) - minutes) <= slack
               for i, a in enumerate(distinct) for b in distinct[i + 1:])


def epoch_dates(texts: Iterable[str]) -> set[tuple[int | None, int, int]]:
    """The UTC dates (and the day before and after, for time zones) of epoch seconds."""
    found: set[tuple[int | None, int, int]] = set()
    for text in texts:
        for raw in re.findall(r"(?<!\d)1\d{9}(?:\d{3})?(?!\d)", text):
            seconds = int(raw[:10])
            if not _EPOCH_MIN <= seconds <= _EPOCH_MAX:
                continue
            day = dt.datetime.fromtimestamp(seconds, tz=dt.UTC).date()
            for shift in (-1, 0, 1):
                d = day + dt.timedelta(days=shift)
                found.add((d.year, d.month, d.day))
                found.add((None, d.month, d.day))
    return found


_TIMESTAMP_RE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}")


def timestamp_neighbour_dates(text: str) -> set[tuple[int | None, int, int]]:
    """The day before and after a timestamp's date: the same instant in another time zone
    ("2026-12-06T16:30:00Z" is Monday, Dec 7 in Tokyo). A date alone does not move."""
    found: set[tuple[int | None, int, int]] = set()
    for year, month, day in set(_TIMESTAMP_RE.findall(text)):
        try:
            base = dt.date(int(year), int(month), int(day))
        except ValueError:
            continue
        for shift in (-1, 1):
            moved = base + dt.timedelta(days=shift)
            found.add((moved.year, moved.month, moved.day))
            found.add((None, moved.month, moved.day))
    return found


# A clock reading with seconds ("1:27:55", "0:41:18"): a time of day or an elapsed time.
_CLOCK_SECONDS_RE = re.compile(r"(?<![\d:])(\d{1,3}):([0-5]\d):([0-5]\d)(?![\d:])")


def elapsed_grounded(key: str, texts: Iterable[str]) -> bool:
    """A reading with seconds that is the difference of two of the results' readings with
    seconds: an elapsed time written as a clock ("the second half took 1:36:42" of a
    3:04:37 finish and a 1:27:55 half), to the second."""
    said = _CLOCK_SECONDS_RE.fullmatch(key)
    if said is None:
        return False
    target = int(said.group(1)) * 3600 + int(said.group(2)) * 60 + int(said.group(3))
    readings = sorted({int(h) * 3600 + int(m) * 60 + int(s) for text in texts
                       for h, m, s in _CLOCK_SECONDS_RE.findall(text)})[:MAX_OPERANDS]
    present = set(readings)
    return any(reading + target in present for reading in readings)


def named_by_an_identifier(key: str, haystack: str) -> bool:
    """A time of day an identifier of the calls or results encodes as its four digits, a
    part of its own ("PA-IK-0740" for the 07:40 sailing, "run_2130"): the reply names the
    thing by its time, as the identifier does."""
    match = _CLOCK_RE.search(key)
    if match is None:
        return False
    digits = f"{int(match.group(1)):02d}{match.group(2)}"
    # A part of its own: parted from the letters by "-" or "_" ("BA1447" is a flight's
    # number, no time).
    return re.search(r"[A-Za-z][-_]" + digits + r"(?![\d:])|(?<![\d:])" + digits
                     + r"[-_][A-Za-z]", haystack) is not None
