"""A date that a row's date moved by the days the same row states ("started 2026-11-09",
"target_days 28": done on 7 December) is grounded; a date one day off is not, nor one
moved by another row's days. Results and sentences of our own; rows are (reply,
expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

V, RULE = "ungrounded_value", "value.not_in_results"
CURES = ok("kiln.cures", "\n".join([
    "batch  started     cure_days  status",
    "K-41   2026-11-09  28         CURING",
    "K-42   2026-11-20  10         CURING"]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("K-41 started on 9 Nov for 28 days, so it is done on Dec 7.", []),
    ("K-42 comes out on Nov 30.", []),
    ("K-41 started on 9 Nov for 28 days, so it is done on Dec 8.", [(V, RULE, "Dec 8")]),
    ("K-42 comes out on Dec 18.", [(V, RULE, "Dec 18")]),
])
def test_a_date_moved_by_its_rows_days_is_grounded(reply: str, expected: Expected) -> None:
    """Its own row's days ground the moved date; one off, or another row's, does not."""
    assert expected == of_type(V, reply, CURES)
