"""An absence scoped to a day named relative to the turn: "no visible pass today or
tomorrow", "hoy no hay ninguna clase", "今天没有航班".

The results list items on other days (passes later in the week): the absence speaks of the
named days only, so it is judged on the items dated on them. None dated there: no finding;
one dated there: the check goes on as for any absence. A day a call asked for by its date
is a named day too (a calendar read for "2026-12-03" answers "明天"). A result without dates
is not read so.
"""

from __future__ import annotations

import datetime as dt
import re

from ..claims.types import AbsenceClaim, ValueKind
from ..evidence.calendar import turn_days, weekdays_named
from ..evidence.facts import EventFacts
from ..evidence.spans import written_days
from .base import CheckContext


def scoped_to_other_days(context: CheckContext, claim: AbsenceClaim,
                         pool: list[EventFacts]) -> bool:
    """The absence's clause names a day relative to the turn (today, tomorrow, tonight),
    the results date their items, and no item falls on a named day."""
    scope = context.pack.day_scope if context.pack is not None else None
    if scope is None or not context.claims.clauses:
        return False
    clause = context.claims.clauses[claim.clause]
    named = {shift for match in scope.finditer(context.text, clause.start, clause.end)
             for name, shift in _SHIFTS.items() if match.group(name)}
    if not named:
        return False
    days = turn_days([f.event for f in context.evidence.ok])
    if not days:
        return False
    # A day a call asked for by date ("date": "2026-12-03" for 明天) is the named day, on
    # whatever day the turn runs.
    window = {day + dt.timedelta(days=shift) for day in days for shift in named} | {
        day for f in pool for day in written_days(f.arg_text)}
    # And a date the clause writes itself ("de ayer (1 de diciembre)"), by month and day.
    written = {(v.date[1], v.date[2]) for v in context.claims.values
               if v.kind is ValueKind.DATE and v.date is not None
               and clause.start <= v.span[0] < clause.end}
    # The items' own dates, not the result's frame ("window": "2026-12-06/2026-12-12").
    dated = [written_days(unit) for f in pool for unit in f.units]
    if not any(dated):
        return False
    return not any(window & found or written & {(d.month, d.day) for d in found}
                   for found in dated)


# The named groups of a pack's DAY_SCOPE and the days they shift the turn's day by.
_SHIFTS = {"today": 0, "tomorrow": 1, "yesterday": -1}



def scoped_to_a_day_with_none(context: CheckContext, claim: AbsenceClaim,
                              pool: list[EventFacts]) -> bool:
    """The absence's clause names a day of the week ("周日没排他", "el domingo no hay
    nada", "hoy lunes todavía no aparece"), the results give their items days (a date, or
    a weekday written in the item), and none of them falls on a named day: the absence is
    of that day's items, and there are none. (A date the clause writes is not read so: it
    is as often a thing's own date, "the 12 Jan show", as the day of the items.)"""
    if not context.claims.clauses:
        return False
    clause = context.claims.clauses[claim.clause]
    said = context.text[clause.start:clause.end]
    weekdays = weekdays_named(said)
    if not weekdays or _SINCE_RE.search(said):
        return False   # "since Monday": a span from that day on, not the day
    placed = False
    for facts in pool:
        for unit in facts.units:
            days = written_days(unit)
            on = weekdays_named(unit) | {day.weekday() for day in days}
            if not on:
                continue
            placed = True
            if on & weekdays:
                return False
    return placed


# Words that open a span from or to a day ("since Monday", "desde el lunes", "周一以来").
_SINCE_RE = re.compile(r"\b(?:since|after|before|until|till|from|through|desde|hasta|antes|"
                       r"despu[eé]s|a\s+partir)\b|以来|之后|以后|之前|以前|从|自从|起",
                       re.IGNORECASE)
