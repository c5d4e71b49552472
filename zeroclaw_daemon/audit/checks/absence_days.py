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

from ..claims.types import AbsenceClaim, ValueKind
from ..evidence.calendar import turn_days
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

