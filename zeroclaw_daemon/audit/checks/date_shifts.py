"""A date moved from a date of the results by a number of days the turn states.

A reply counts forward: "18 days from the 8th gives the customer until about 26 March",
"每天卖 690 升，够 17 天，12 月 23 日左右就会见底". The date it names is a result's date (or
the turn's own day, which the receipts record) moved by a count of days that a result or
the reply itself states ("hold_days": 18, "17 天"): the reply's arithmetic over figures
that are checked where they stand. Moved exactly: another day is still no date of the
results.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from ..claims import ValueClaim, ValueKind
from ..evidence.calendar import turn_days
from .base import CheckContext

# A count of days: before a unit of days, or under a key of days ("hold_days": 18).
_DAY_COUNT_RE = re.compile(
    r"(?<![\d.,:])(\d{1,3})\s*(?:days?|d[ií]as?|天|日(?![期本元]))(?![a-z])"
    r"|days?[a-z_]*[\"']?\s*[:=]\s*[\"']?(\d{1,3})(?![\d.])", re.IGNORECASE)
MAX_DAY_COUNTS = 12
MAX_BASES = 24


def moved_by_stated_days(context: CheckContext, claim: ValueClaim) -> bool:
    """The date is a date of the results or the turn's day, moved forward or back by a
    count of days a result or the reply states (see the module docstring)."""
    if claim.kind is not ValueKind.DATE or claim.date is None:
        return False
    evidence = context.evidence
    counts = _day_counts([f.result for f in evidence.ok] + [context.text])
    if not counts:
        return False
    year, month, day = claim.date
    days = turn_days([f.event for f in evidence.ok])
    default_year = min(days).year if days else None
    bases = set(days)
    for b_year, b_month, b_day in evidence.written_dates[:MAX_BASES]:
        base_year = b_year if b_year is not None else default_year
        if base_year is None:
            continue
        try:
            bases.add(dt.date(base_year, b_month, b_day))
        except ValueError:
            continue
    for base in bases:
        for count in counts:
            for moved in (base + dt.timedelta(days=count), base - dt.timedelta(days=count)):
                if moved.month == month and moved.day == day and year in (None, moved.year):
                    return True
    return False


def _day_counts(texts: Iterable[str]) -> set[int]:
    found: set[int] = set()
    for text in texts:
        for match in _DAY_COUNT_RE.finditer(text):
            value = int(match.group(1) or match.group(2))
            if 0 < value <= 400:
                found.add(value)
            if len(found) >= MAX_DAY_COUNTS:
                return found
    return found
