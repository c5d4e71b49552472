"""A count the reply itself lists out is checked by its list: one that names exactly
that many of a result's items, in parentheses or after a colon, or that totals the counts
it lists ("46 wheels", "52
wheels" ... "That's 98 wheels"; "60 seats: 54 pupils and 6 teachers"). A count its list
does not give is still checked. Results and sentences of our own; rows are (reply,
expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

C, RULE = "count_mismatch", "count.item_count"
FLEET = ok("dock.fleet_status", "\n".join([
    "boat  type    status",
    "S-01  single  out",
    "S-02  single  free",
    "S-03  single  free",
    "S-04  single  out",
    "S-05  single  free",
    "S-06  double  free",
    "S-07  double  out"]))
CAVE = ok("cave.lots", "\n".join([
    "lots_total: 6",
    "wheels_total: 268",
    "lot       due         wheels",
    "L-2611-A  2026-12-05  46",
    "L-2611-B  2026-12-06  52",
    "L-2611-C  2026-12-14  48",
    "L-2611-D  2026-12-15  44",
    "L-2611-E  2026-12-18  40",
    "L-2611-F  2026-12-20  38"]))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Right now 3 singles are free (S-02, S-03, S-05).", FLEET, []),
    ("Right now 8 singles are free (S-02, S-03, S-05).", FLEET, [(C, RULE, "8 singles")]),
    ("Two lots are due this weekend:\n- **L-2611-A**: today, 46 wheels\n"
     "- **L-2611-B**: tomorrow, 52 wheels\n\nThat's 98 wheels.", CAVE, []),
    ("Seven lots are due this weekend:\n- **L-2611-A**: today, 46 wheels\n"
     "- **L-2611-B**: tomorrow, 52 wheels\n\nThat's 98 wheels.", CAVE,
     [(C, RULE, "Seven lots")]),
    ("Two lots are due this weekend:\n- **L-2611-A**: today, 46 wheels\n"
     "- **L-2611-B**: tomorrow, 52 wheels\n\nThat's 99 wheels.", CAVE,
     [(C, RULE, "99 wheels")]),
])
def test_a_count_is_checked_by_the_list_it_gives(reply: str, event: ToolEvent,
                                                 expected: Expected) -> None:
    """Named members and listed counts ground a count; a count they do not give is found."""
    assert expected == of_type(C, reply, event)
