"""An absence of a state an item's yes/no field holds ("nothing's out of service" beside
"in_service": false) is refuted, unless the reply names every such item where it speaks of
that field: it judges them then, and hides none. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

BOATS = ok("maintenance.open_tickets", json.dumps([
    {"boat": "C-04", "issue": "keel scrape", "in_service": True},
    {"boat": "K-11", "issue": "rudder cable frayed", "in_service": False},
    {"boat": "C-09", "issue": "bow line missing", "in_service": True}]))
HIVES = ok("hive_log.query", "date,hive,queen_seen,eggs_seen\n2027-03-02,H01,Y,Y\n"
                             "2027-03-02,H03,N,Y\n2027-03-03,H06,N,Y\n2027-03-03,H07,Y,Y\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Nothing's out of service; three open tickets (C-04, K-11, C-09), all minor.", BOATS,
     ["absence.flag_says_otherwise"]),
    # The items the field holds false, named where the reply speaks of that field.
    ("No queenless colonies. The queen wasn't spotted in H03 or H06, but both had fresh "
     "eggs, so she's there.", HIVES, []),
    ("No queenless colonies: all four look strong.", HIVES, ["absence.flag_says_otherwise"]),
    # Named, but not where the reply speaks of the field.
    ("No queenless colonies. H03 and H06 were calm.", HIVES, ["absence.flag_says_otherwise"]),
])
def test_items_the_reply_names_with_their_field(reply: str, event: ToolEvent,
                                                expected: list[str]) -> None:
    """Naming every item in the denied state beside the field's word clears the absence;
    naming them elsewhere, or not at all, does not."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]
