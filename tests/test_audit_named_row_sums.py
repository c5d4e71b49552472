"""A value that sums the rows holding a cell value its sentence names ('G-HMED came back
three times for 2,075 L between them')."""

from __future__ import annotations

import pytest

from tests.audit_rules import of_type, ok

# Fourteen aircraft of thirteen types: too many to be kinds, so the rows of one
# aircraft are summed only when named.
_OTHERS = "".join(f"1{i}:00,G-AB{i:02d},T{i:02d},{100 + i}\n" for i in range(11))
UPLIFTS = ok("fuel_uplifts", "time,reg,type,litres\n09:02,G-HMED,AW169,720\n"
                             "10:15,N215PC,PC-12,905\n12:05,G-HMED,AW169,650\n"
                             "15:12,G-OXLN,CL35,2400\n16:30,G-HMED,AW169,705\n" + _OTHERS)


@pytest.mark.parametrize(("reply", "expected"), [
    ("The AW169 G-HMED came back three times for 2,075 L between them.", []),
    ("The AW169 G-HMED came back three times for 2,175 L between them.",
     [("ungrounded_value", "value.not_in_results", "2,175 L")]),
])
def test_a_sum_over_the_rows_a_name_picks(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """The three G-HMED rows add up to 2,075 L; another total is ungrounded."""
    assert expected == of_type("ungrounded_value", reply, UPLIFTS)
