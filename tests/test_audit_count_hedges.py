"""A count the reply leaves open with a second figure ("three definite absences, possibly
four", "dos, quizá tres", "三个，也可能四个") states a range: the result's count cannot
contradict it. A count with no alternative is checked. Tools and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

MAIL = ok("rehearsal.absences", "name,reason\nAnn,sick\nBo,away\nCy,late\nDi,maybe\nEd,away")


@pytest.mark.parametrize("reply", [
    "So three definite absences tonight, possibly four.",
    "Three absences tonight, maybe four if Di can't make it.",
])
def test_a_count_with_an_alternative_is_a_range(reply: str) -> None:
    """The reply gives two figures: no count_mismatch."""
    assert [] == [f for f in findings(reply, MAIL) if f[0] == "count_mismatch"]


def test_a_count_without_an_alternative_is_checked() -> None:
    """"Four absences" of five listed is a miscount."""
    assert ["count_mismatch"] == [f[0] for f in findings("Four absences tonight.", MAIL)]
