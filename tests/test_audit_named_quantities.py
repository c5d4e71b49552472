"""A number inside a name ("Hermes 3000 drawband", "Christmas 2026 stamp sheet") is no
count a result states of the word after it, and a count equal to the quantity of the one
row its noun names ("two drawbands" over a purchase order's lines) is that row's figure,
not a number of the rows. Results and sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

C, RULE = "count_mismatch", "count.item_count"
ORDER = ok("parts.po_get", json.dumps({"po": "PO-7712", "lines": [
    {"part": "Olympia 3000 platen", "qty": 2},
    {"part": "Olympia 3000 ribbon spool", "qty": 1},
    {"part": "rubber feet (set of 4)", "qty": 1}], "total_eur": 58.2}))
RECEIVED = ok("post.stock_log", "\n".join([
    "received    item                                   qty  from",
    "2026-12-02  Winter 2026 stamp sheet (10x 150 kr)   30   Postal supply",
    "2026-12-04  padded envelopes C4                    150  Postal supply"]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("The box holds two platens, a ribbon spool and a set of rubber feet.", []),
    ("The box holds five platens, a ribbon spool and a set of rubber feet.",
     [(C, RULE, "five platens")]),
])
def test_a_count_is_the_quantity_of_the_row_its_noun_names(reply: str,
                                                           expected: Expected) -> None:
    """The platen row's qty grounds "two platens"; five is no figure of that row."""
    assert expected == of_type(C, reply, ORDER)


@pytest.mark.parametrize(("reply", "expected"), [
    ("30 winter sheets came in on the 2nd, that's 300 stamps.", []),
    ("30 winter sheets came in on the 2nd.", []),
    ("31 winter sheets came in on the 2nd.", [(C, RULE, "31 winter sheets")]),
])
def test_a_number_inside_a_name_counts_nothing(reply: str, expected: Expected) -> None:
    """"Winter 2026 stamp sheet" states no 2026 stamps; the qty column still counts sheets."""
    assert expected == of_type(C, reply, RECEIVED)
