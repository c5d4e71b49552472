"""A date beside a timestamp: which day the same instant may fall on in the reply."""

from __future__ import annotations

import datetime as dt
import re

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import find_dates
from ..claims.words import LATIN_WORD_RE
from ..evidence.clock_derive import epoch_dates
from ..evidence.facts import EventFacts
from .base import CheckContext

# A timestamp with its clock and zone: "2026-12-10T09:00:00Z", "2026-12-10 09:00+00:00".
_TIMESTAMP_RE = re.compile(
    r"(?<!\d)(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?"
    r"(?P<zone>Z|[+-]\d{2}:?\d{2})?")
# The reply names the zone a "Z" (or +00:00) timestamp is written in.
_UTC_RE = re.compile(r"\b(?:UTC|GMT|Z)\b")


def day_moved_at_the_same_clock(context: CheckContext, claim: ValueClaim) -> bool:
    """The date is a timestamp's day before or after (grounded only as the same instant
    in another time zone), yet its clause pins the instant: no clock time it states
    puts the instant on that day in any zone from UTC-12 to UTC+14 ("11 December at
    09:00" of "2026-12-10T09:00:00Z": the clock did not move, so neither did the day), or,
    stating no clock, it names the timestamp's own zone ("UTC" of a "Z"). Then it is a
    wrong date."""
    if claim.kind is not ValueKind.DATE or claim.date is None:
        return False
    # The date's own clause: "at 22:15 UTC, which is Mar 11 in Singapore" gives the clock
    # in one zone and the date in another.
    clauses = context.claims.clauses
    span = (clauses[claim.clause].start, clauses[claim.clause].end) if clauses else None
    clause = context.text if span is None else context.text[span[0]:span[1]]
    clocks = [clock_key_minutes(v.key) for v in context.claims.values
              if v.kind is ValueKind.TIME and (span is None or span[0] <= v.span[0] < span[1])]
    stated = [c for c in clocks if c is not None]
    names_utc = bool(_UTC_RE.search(clause))
    if not stated and not names_utc:
        return False   # nothing pins the instant: any zone's day may be meant
    evidence = context.evidence
    neighbour = explained = False
    for match in _TIMESTAMP_RE.finditer(evidence.haystack):
        try:
            instant = dt.datetime(int(match.group(1)), int(match.group(2)),
                                  int(match.group(3)), int(match.group(4)),
                                  int(match.group(5)))
        except ValueError:
            continue
        if not any(_same_day((instant + dt.timedelta(days=shift)).date(), claim.date)
                   for shift in (-1, 1)):
            continue
        neighbour = True
        if stated:
            explained = any(_same_day(moved, claim.date) for moved in _days_at(instant, stated))
        else:
            explained = (match.group("zone") or "") not in ("Z", "+00:00", "+0000")
        if explained:
            return False
    if not neighbour:
        return False
    year, month, day = claim.date
    exact = {(y, m, d) for _, _, (y, m, d) in find_dates(evidence.haystack)}
    exact |= epoch_dates(f.result for f in evidence.ok)
    return (year, month, day) not in exact and not (year is None and any(
        (m, d) == (month, day) for _, m, d in exact))


def _days_at(instant: dt.datetime, clocks: list[int]) -> list[dt.date]:
    """The days on which ``instant`` reads as one of ``clocks`` in some zone (UTC-12 to
    UTC+14, any whole quarter hour)."""
    days: list[dt.date] = []
    base = instant.hour * 60 + instant.minute
    for clock in clocks:
        for wrap in (-1440, 0, 1440):
            offset = clock + wrap - base
            if -12 * 60 <= offset <= 14 * 60:
                days.append((instant + dt.timedelta(minutes=offset)).date())
    return days


def clock_key_minutes(key: str) -> int | None:
    """A time value's key ("6:30", "17:45:10") as minutes after midnight."""
    hours, _, minutes = key.partition(":")
    if not (hours.isdigit() and minutes[:2].isdigit()):
        return None
    return int(hours) * 60 + int(minutes[:2])


def _same_day(moved: dt.date, said: tuple[int | None, int, int]) -> bool:
    year, month, day = said
    return (moved.month, moved.day) == (month, day) and year in (None, moved.year)


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# The words beside a time of the reply that name what happens then ("the 10:00 standup").
_LABEL_WINDOW = 24


def reply_clock_offset(context: CheckContext) -> int | None:
    """Minutes the reply's clock runs ahead of the results' (negative: behind), when the
    reply gives its own time for an item of a result: "the 10:00 standup" over "Standup"
    at "...T15:00:00Z" is -300 (the reader's zone). Only zone-like offsets (whole half
    hours, UTC-12 to +14) count, and only one: several disagreeing say nothing."""
    found: set[int] = set()
    text = context.text
    for value in context.claims.values:
        said = clock_key_minutes(value.key) if value.kind is ValueKind.TIME else None
        if said is None:
            continue
        around = text[max(0, value.span[0] - _LABEL_WINDOW):value.span[1] + _LABEL_WINDOW]
        labels = {w.lower() for w in LATIN_WORD_RE.findall(around) if len(w) >= 5}
        for facts in context.evidence.ok:
            for unit in facts.units:
                lowered = unit.lower()
                if not any(label in lowered for label in labels):
                    continue
                start = _TIMESTAMP_RE.search(unit)
                if start is None:
                    continue
                offset = (said - int(start.group(4)) * 60 - int(start.group(5))) % 1440
                offset = offset - 1440 if offset > 14 * 60 else offset
                if offset and offset % 30 == 0 and offset >= -12 * 60:
                    found.add(offset)
    return found.pop() if len(found) == 1 else None


def holds_a_local_time_in(context: CheckContext, facts: EventFacts,
                          windows: list[tuple[int, int]], clause: str) -> bool:
    """A timestamp of the result falls, on the reader's clock (see
    :func:`reply_clock_offset`; else the result's own clock, unless that is UTC), in one
    of the parts of the day ``windows``, and on the weekday the clause names if any."""
    if not windows:
        return False
    offset = reply_clock_offset(context)
    lowered = clause.lower()
    weekday = next((i for i, name in enumerate(_WEEKDAYS) if name in lowered), None)
    for match in _TIMESTAMP_RE.finditer(facts.result):
        if offset is None and match.group("zone") in ("Z", "+00:00", "+0000"):
            continue   # a UTC time, and the reader's zone unknown: its part of day is too
        try:
            instant = dt.datetime(int(match.group(1)), int(match.group(2)),
                                  int(match.group(3)), int(match.group(4)),
                                  int(match.group(5))) + dt.timedelta(minutes=offset or 0)
        except ValueError:
            continue
        if weekday is not None and instant.weekday() != weekday:
            continue
        if any(start <= instant.hour < end for start, end in windows):
            return True
    return False
