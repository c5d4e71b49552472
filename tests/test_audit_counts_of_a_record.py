"""Counts made of a result that is one record, not a listing: no finding unless the record
states how many there are. Sentences of our own, against results of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

TOWELS = ok("linen.stock", json.dumps({"item": "bath_towel", "clean": 64, "at_laundry": 27,
                                       "damaged": 5}))
FINDS = ok("dig.summary", json.dumps({"feature": "F7", "total": 18,
                                      "by_kind": {"sherds": 11, "flints": 7}}))
EMPTY = ok("tickets.search", "[]")


@pytest.mark.parametrize("reply", [
    "You have 91 usable towels (64 clean, 27 at the laundry).",
    "Hay 91 toallas utilizables: 64 limpias y 27 en la lavandería.",
    "能用的毛巾一共 91 条：干净的 64 条，洗衣房 27 条。",
])
def test_a_count_of_what_a_record_measures_is_no_finding(reply: str) -> None:
    """A count worked out from one record's figures (64 + 27) is not compared with a
    listing the result does not have."""
    assert [] == of_type("count_mismatch", reply, TOWELS)


def test_a_count_against_a_record_stating_a_total_is_still_checked() -> None:
    """A record that states a total ("total": 18) still checks the count said of it."""
    assert [("count_mismatch", "count.item_count", "81 finds")] == of_type(
        "count_mismatch", "F7 yielded 81 finds in all.", FINDS)


def test_a_count_against_an_empty_result_is_still_checked() -> None:
    """An empty result lists nothing: a count of its items is still a mismatch."""
    assert [("count_mismatch", "count.item_count", "3 tickets")] == of_type(
        "count_mismatch", "The search found 3 tickets.", EMPTY)
