"""A difference of time zones the reply states and applies: "8 horas de diferencia".

A reply that gives a result's times on the reader's clock says by how much it moved them
("Madrid va 8 horas por delante", "Tokyo is 9 hours ahead", 快 8 个小时) and writes the moved
times. The span is grounded when it is the reply's own shift, recomputed: every time of day
the reply writes that no result holds is a result's time moved by exactly that many hours
(19:00 in Madrid is 11:00 in Mexico City: 8 hours), or it is the difference of two UTC
offsets the reply writes ("UTC−6 … UTC+2"). Which zone is which is the reply's knowledge,
not a result's; the moved times are checked as times of their own.
"""

from __future__ import annotations

import re

from ..claims import ValueClaim, ValueKind
from ..evidence.values import seconds_in
from .base import CheckContext
from .moments import clock_key_minutes

_HOUR = 3600
MAX_ZONE_HOURS = 26          # UTC-12 to UTC+14
# A UTC offset: "UTC+2", "UTC−6", "GMT -5", "UTC+5:30".
_OFFSET_RE = re.compile(r"\b(?:UTC|GMT)\s?([+−-])\s?(\d{1,2})(?::?([0-5]\d))?(?!\d)")


def zone_shift_applied(context: CheckContext, claim: ValueClaim) -> bool:
    """The claim is a span of hours by which the reply moves every result time it
    rewrites, or the difference of two UTC offsets the reply writes."""
    if claim.kind is not ValueKind.MEASURE or not claim.numbers or \
            seconds_in(claim.unit) != _HOUR:
        return False
    said = claim.numbers[0]
    if not 0 < said <= MAX_ZONE_HOURS:
        return False
    minutes = int(said * 60)
    if minutes != said * 60:
        return False
    return _offsets_differ_by(context.text, minutes) or _moves_the_results_times(context,
                                                                                minutes)


def _offsets_differ_by(text: str, minutes: int) -> bool:
    if "UTC" not in text and "GMT" not in text:
        return False
    offsets = {(-1 if sign in "−-" else 1) * (int(hours) * 60 + int(extra or 0))
               for sign, hours, extra in _OFFSET_RE.findall(text)}
    return any(abs(a - b) == minutes for a in offsets for b in offsets)


def _moves_the_results_times(context: CheckContext, minutes: int) -> bool:
    evidence = context.evidence
    results = set(evidence.clock_minutes)
    if not results:
        return False
    lower = evidence.haystack_lower
    moved: list[int] = []
    for value in context.claims.values:
        if value.kind is not ValueKind.TIME or value.key in lower:
            continue
        clock = clock_key_minutes(value.key)
        if clock is not None and clock not in results:
            moved.append(clock)
    return bool(moved) and all(
        (clock + minutes) % 1440 in results or (clock - minutes) % 1440 in results
        for clock in moved)
