"""A table aligned with spaces whose padding ran out between two numbers ("4,712 96") is
still a table: the pair is two cells, so its columns are read, in tables of our own."""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

from zeroclaw_daemon.audit.evidence.tables import table_rows

BOX_OFFICE = ok("box_office", "week        shows  capacity  sold   comps  revenue\n"
                              "2026-11-23  6      5,400     4,712 96     142,118.50\n"
                              "2026-11-30  8      7,200     6,530  104    201,440.00\n"
                              "2026-12-07  8      7,200     5,988  60     187,902.00\n")
DEPOT = ok("depot_shipments", "depot   parcels  returns  late\n"
                              "north   1,204 17       3\n"
                              "south   980      22       5\n"
                              "east    826      9        0\n")


def test_two_numbers_one_space_apart_are_two_cells() -> None:
    """"4,712 96" under "sold" and "comps" is read as 4712 and 96."""
    rows = table_rows(BOX_OFFICE.result)
    assert {"3": 4712, "4": 96} == {k: int(v) for k, v in rows[1].numbers.items()
                                     if k in ("3", "4")}


@pytest.mark.parametrize(("reply", "event"), [
    ("**17,230 tickets sold** across the three weeks.", BOX_OFFICE),
    ("3,010 parcels went out from the three depots.", DEPOT),
    ("Returns were light: 48 parcels came back.", DEPOT),
])
def test_a_count_that_is_a_column_total_is_consistent(reply: str, event: object) -> None:
    """A count equal to a column's total (tickets sold, parcels shipped) is a quantity."""
    assert [] == of_type("count_mismatch", reply, event)  # type: ignore[arg-type]


def test_a_count_no_column_gives_is_still_checked() -> None:
    """"7 depots" when the table lists three is a miscount."""
    assert [("count_mismatch", "count.item_count", "7 depots")] == of_type(
        "count_mismatch", "All 7 depots shipped today.", DEPOT)
