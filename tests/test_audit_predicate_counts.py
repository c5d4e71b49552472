"""A count in the predicate of another count ("The 4 vans made 9 drops") is the object's
own count: its noun names no kind of the subject's items, so the subject's count is not
compared with the object's kind. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

C = "count_mismatch"
ROUNDS = ok("fleet.day_log", "\n".join([
    "06:10 VAN-1 load depot", "06:40 VAN-1 drop Elm St", "07:05 VAN-1 drop Oak Rd",
    "06:15 VAN-2 load depot", "06:50 VAN-2 drop Mill Ln", "07:20 VAN-2 drop Bay Rd",
    "06:20 VAN-3 load depot", "07:00 VAN-3 drop Hill St", "07:30 VAN-3 drop Fen Way",
    "06:25 VAN-4 load depot", "07:10 VAN-4 drop Kirk Rd"]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("The 4 vans made 7 drops this morning.", []),
    ("Las 4 furgonetas hicieron 7 drops esta mañana.", []),
    ("The 4 vans made 9 drops this morning.", ["9 drops"]),     # seven drops, not nine
])
def test_the_object_counted_names_no_kind_of_the_subject(reply: str,
                                                         expected: list[str]) -> None:
    """'4 vans' is not compared with the drops its predicate counts; '9 drops' is."""
    assert expected == [span for kind, _, span in findings(reply, ROUNDS) if kind == C]
