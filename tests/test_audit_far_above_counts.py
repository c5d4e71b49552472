"""A count far above every listing of the turn (over twice the longest, and at least 12)
counts things the rows record ("53 pieces" over four loans of 23, 9, 15 and 6 pieces), not
the rows: the listing cannot check it, no finding; over rows that hold no figure (file
names) it counts the rows. A count that misses a figure of the results by a little (give
or take two, two digits swapped) is still a misreading of it. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

LOANS = ok("props.loans.list",
           "loan     borrower          contents                out         due\n"
           "L-9102   Rep Theatre       Act II props, 23 pcs    2026-11-18  2027-01-10\n"
           "L-9110   Harbour Players   parlour chairs, 9 pcs   2026-11-25  2026-12-04\n"
           "L-9117   Drama School      stage swords, 15 pcs    2026-12-01  2026-12-18\n"
           "L-9121   Little Stage      lanterns, 6 pcs         2026-12-02  2026-12-05")
CATALOG = ok("florist.catalog", json.dumps({"item": "Rosa Avalanche", "stems_per_box": 20,
                                           "price_eur_box": 31.2}))
ORDER = ok("florist.order.create", json.dumps({"order_id": "VB-4488", "boxes": 10,
                                              "status": "CONFIRMED"}))
QUEUE = ok("review.queue", json.dumps({"pending": 1286, "by_reviewer": [
    {"reviewer": "Ines", "assigned": 412}, {"reviewer": "Bo", "assigned": 398},
    {"reviewer": "Kit", "assigned": 351}, {"reviewer": "none", "assigned": 125}]}))
NAMES = ok("list_dir", "alpha.txt\nbeta.txt\ngamma.txt")
ALARMS = ok("plant.alarms", "07:02 P2 low flow\n07:40 P2 low flow\n08:15 T1 high level")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Four loans are out, 53 pieces in all; the Harbour Players chairs are overdue.",
     (LOANS,), []),
    ("Ordered 10 boxes (20 stems a box, so 200 stems), order VB-4488.", (CATALOG, ORDER), []),
    # A figure of the result misread: swapped digits, or one off.
    ("There are 1268 reviews waiting, 412 of them with Ines.", (QUEUE,),
     [("count_mismatch", "count.item_count", "1268 reviews")]),
    ("There are 1285 reviews waiting, 412 of them with Ines.", (QUEUE,),
     [("count_mismatch", "count.item_count", "1285 reviews")]),
    # Over rows of names alone, no figure to make a quantity of: the rows are counted.
    ("I listed the directory: there are 42 files in it.", (NAMES,),
     [("count_mismatch", "count.item_count", "42 files")]),
    # Below 12 a count twice a short listing is a miscount of it.
    ("Seven alarms this morning, all on P2 and T1.", (ALARMS,),
     [("count_mismatch", "count.item_count", "Seven alarms")]),
])
def test_a_count_far_above_its_listing(reply: str, events: tuple[ToolEvent, ...],
                                       expected: Expected) -> None:
    """A quantity far above the listing passes; a near miss of a figure does not."""
    assert expected == of_type("count_mismatch", reply, *events)
