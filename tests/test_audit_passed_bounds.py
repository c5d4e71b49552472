"""Chinese 没有 before a verb of comparison is "did not pass" a bound ("没有超过 40 度的上限",
"pH 没有低于 6.5", "没超标"): no absence of items, so no false_absence against a result
that lists readings. A noun of the items after it ("没有超过 45 度的读数", "没有超标记录")
is still an absence, checked as before. Readings and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.lang import PACKS

OVEN = ok("kiln.log", "# kiln K2  limit 1300C\nTIME   TEMP_C  O2_PCT\n06:00  1180  4.2\n"
          "07:00  1245  3.9\n08:00  1288  3.6\n09:00  1262  3.8\n")


@pytest.mark.parametrize("reply", [
    "窑温最高 1288 度，没有超过 1300 的上限。",
    "窑温一直没有超过上限。",
    "含氧量没有低于 3.5%。",
    "整夜都没超标。",
])
def test_a_bound_not_passed_is_no_absence(reply: str) -> None:
    """没有 + a comparison verb + a figure or a noun of a limit claims no absence."""
    assert [] == list(extract_claims(reply, PACKS["zh"]).absences)
    assert [] == findings(reply, OVEN)


@pytest.mark.parametrize(("reply", "expected"), [
    ("没有超过 1250 度的读数。", ["没有超过 1250 度的读数"]),
    ("没有超标记录。", ["没有超标记录"]),
    ("这周没有超速记录。", ["没有超速记录"]),
])
def test_items_after_the_comparison_are_still_an_absence(reply: str,
                                                         expected: list[str]) -> None:
    """A 的-clause heading a noun of the items, or a compound noun, is still an absence."""
    assert expected == [a.text for a in extract_claims(reply, PACKS["zh"]).absences]


def test_a_false_absence_of_items_is_still_found() -> None:
    """An absence of the listed items beside such a clause is still found."""
    expected: Expected = [("false_absence", "absence.result_has_items", "是空的")]
    assert expected == findings("窑温没有超过上限，记录是空的。", OVEN)
