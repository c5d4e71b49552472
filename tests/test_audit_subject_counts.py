"""A count said of a named subject that some of the result's items hold ("Dr. Lind has
four patients" over seven appointments, four of them Lind's) counts that subject's items;
a count no subject's items give is still compared with the whole, in results of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

APPOINTMENTS = ok("appointments_list", json.dumps({"appointments": [
    {"time": t, "patient": p, "vet": v} for t, p, v in [
        ("08:30", "Biscuit", "Dr. Amara Lind"), ("09:00", "Mochi", "Dr. Ruben Hale"),
        ("09:45", "Pepper", "Dr. Amara Lind"), ("10:30", "Duke", "Dr. Ruben Hale"),
        ("11:15", "Juniper", "Dr. Amara Lind"), ("14:00", "Otis", "Dr. Ruben Hale"),
        ("15:30", "Willow", "Dr. Amara Lind")]]}))
SESSIONS = ok("conference_sessions", "time,room,title\n09:00,Orchid,Keynote\n"
                                     "10:00,Willow,Tooling\n11:00,Orchid,Testing\n"
                                     "12:00,Willow,Security\n13:00,Willow,Panels\n")
TICKETS = ok("ticket_search", json.dumps([
    {"id": "T-1", "closed_by": "Kowalski"}, {"id": "T-2", "closed_by": "Nakamura"},
    {"id": "T-3", "closed_by": "Kowalski"}, {"id": "T-4", "closed_by": "Nakamura"},
    {"id": "T-5", "closed_by": "Kowalski"}]))


@pytest.mark.parametrize(("reply", "event"), [
    ("Dr. Lind has four patients; Dr. Hale has three.", APPOINTMENTS),
    ("Willow hosts 3 sessions, Orchid the other two.", SESSIONS),
    ("Kowalski closed 3 tickets this week.", TICKETS),
    ("La Dra. Lind tiene cuatro pacientes.", APPOINTMENTS),
])
def test_a_count_of_a_named_subjects_items_is_consistent(reply: str, event: object) -> None:
    """The count is the number of items holding the subject's name."""
    assert [] == of_type("count_mismatch", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("Dr. Lind has five patients.", APPOINTMENTS, "five patients"),
    ("Kowalski closed 4 tickets this week.", TICKETS, "4 tickets"),
])
def test_a_count_no_subject_gives_is_still_checked(reply: str, event: object,
                                                   span: str) -> None:
    """A count that is neither the subject's items nor the whole's is a miscount."""
    assert [("count_mismatch", "count.item_count", span)] == of_type(
        "count_mismatch", reply, event)  # type: ignore[arg-type]
