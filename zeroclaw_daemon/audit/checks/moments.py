"""A date beside a timestamp: which day the same instant may fall on in the reply."""

from __future__ import annotations

import datetime as dt
import re

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import find_dates
from ..evidence.derive import epoch_dates
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
    clocks = [_minutes(v.key) for v in context.claims.values
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


def _minutes(key: str) -> int | None:
    hours, _, minutes = key.partition(":")
    if not (hours.isdigit() and minutes[:2].isdigit()):
        return None
    return int(hours) * 60 + int(minutes[:2])


def _same_day(moved: dt.date, said: tuple[int | None, int, int]) -> bool:
    year, month, day = said
    return (moved.month, moved.day) == (month, day) and year in (None, moved.year)
