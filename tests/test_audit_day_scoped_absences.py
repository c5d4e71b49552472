"""An absence scoped to a day named relative to the turn ("no visible pass today or
tomorrow", "hoy no hay ninguna clase", "今天没有航班") is judged on the items dated on those
days: the results' items on later days do not refute it, one on a named day does. A day
a call asked for by its date, and a date the clause writes itself, are named days too.
Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

# 2026-12-05 12:00 UTC, as a receipt records it.
_RECEIPT = "zc-receipt-1796472000-" + "A" * 43


def passes(*dates: str, args: dict[str, object] | None = None) -> ToolEvent:
    result = json.dumps({"window": "2026-12-05/2026-12-12",
                         "passes": [{"date": d, "start": "17:42"} for d in dates]})
    return ToolEvent(call_id="c1", tool="sky.passes", args=args or {"object": "ISS"},
                     status=ToolStatus.OK, result=result, receipt=_RECEIPT)


def absences(reply: str, event: ToolEvent) -> list[str]:
    return [f[2] for f in findings(reply, event) if f[0] == "false_absence"]


@pytest.mark.parametrize("reply", [
    "There's no visible pass today or tomorrow; four later in the week.",
    "Hoy no hay ningún paso visible; hay cuatro más adelante.",
    "今天没有可见的过境，本周晚些时候有四次。",
])
def test_items_on_later_days_do_not_refute_a_day_scoped_absence(reply: str) -> None:
    """Every pass is dated after the named days: no finding."""
    assert [] == absences(reply, passes("2026-12-09", "2026-12-10", "2026-12-11"))


@pytest.mark.parametrize(("reply", "event"), [
    ("There's no visible pass today or tomorrow.", passes("2026-12-06", "2026-12-10")),
    ("There's no visible pass tomorrow.",
     passes("2026-12-20", args={"object": "ISS", "date": "2026-12-20"})),
    ("There's no visible pass tomorrow (20 December).", passes("2026-12-20")),
])
def test_an_item_on_a_named_day_still_refutes_it(reply: str, event: ToolEvent) -> None:
    """A pass on a named day, on the day the call asked for, or on the date the clause
    writes: the absence is false."""
    assert len(absences(reply, event)) == 1
