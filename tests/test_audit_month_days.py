"""A number written as a day of a month in a result ("no sailings 25 December", "closed
Dec 24") counts nothing: it is no count of the noun beside it for a reply's count to
disagree with. A count the result states ("25 sailings") still is. Tools and sentences of
our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

TIMETABLE = ("Sunday\nDep Ardmore 10:30  15:30  17:45\n"
             "Christmas: no sailings 25 December; reduced timetable on Dec 26.")


@pytest.mark.parametrize("result", [
    TIMETABLE,
    TIMETABLE.replace("no sailings 25 December", "no sailings December 25"),
])
def test_a_day_of_a_month_counts_nothing(result: str) -> None:
    """"three sailings" on Sunday, beside "no sailings 25 December": no finding."""
    assert [] == findings("On Sunday there are three sailings: 10:30, 15:30 and 17:45.",
                          ok("ferry.timetable", result))


def test_a_count_the_result_states_is_still_read() -> None:
    """"25 sailings" stated by the result contradicts "three sailings" said of them all."""
    found = findings("There are three sailings this month.",
                     ok("ferry.summary", "Route A: 25 sailings this month"))
    assert [("count_mismatch", "count.item_count")] == [f[:2] for f in found]
