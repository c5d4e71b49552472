"""The user's own value restated (a limit the user set, a thing of the user's named by
its value) is no tool claim; the same value attributed to a tool, or stated as a state of
the world, is still checked against the results: the user's message is never evidence."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

FERRY = ok("ferry_timetable", "DEP    ARR    VEHICLE\n06:50  08:15  OPEN\n09:40  11:05  LIMITED\n"
                              "15:10  16:35  OPEN\n17:45  19:10  OPEN\n")
PERMIT = ok("permit_lookup", "Status: APPROVED\nDates: 07-09 Dec 2026, 06:00-19:00\n")
HOTELS = ok("hotel_search", json.dumps([{"name": "Harbour Inn", "nightly_usd": 240},
                                        {"name": "Quay Rooms", "nightly_usd": 285}]))
QUOTE = ok("quote_api", json.dumps({"symbol": "ACME", "price": 498.1}))
COURIERS = ok("courier_quotes", json.dumps([{"courier": "DPD", "eta": "Fri 09:30"},
                                           {"courier": "UPS", "eta": "Fri 11:15"}]))
TRENES = ok("horarios_tren", "salida,llegada\n08:10,10:40\n13:05,15:35\n18:20,20:50\n")


@pytest.mark.parametrize(("reply", "user", "event"), [
    ("With a car and arriving before 17:00, three sailings work.",
     "I need to be on the island before 5pm. which sailings work?", FERRY),
    ("To be there by 12:00, take the 09:40.", "I have to be there by 12:00.",
     FERRY),
    ("Yes, approved. It covers 06:00–19:00, so Tuesday's 06:30 crew call is inside the window.",
     "is the permit approved? we have a 06:30 crew call on Tuesday.", PERMIT),
    ("Both rooms come in under $300 a night.", "anything under $300 a night?", HOTELS),
    ("The £40 voucher you mentioned isn't needed: both rooms are under $300.",
     "I have a £40 voucher. anything under $300 a night?", HOTELS),
    ("Our 9:15 stand-up clashes with nothing: the 09:40 leaves after it.",
     "we have a 9:15 stand-up every day. which sailing fits?", FERRY),
    ("DPD arrives at 09:30, inside the 10:00 cutoff.", "my cutoff is 10am friday", COURIERS),
    ("Only DPD meets the 10:00 cutoff.", "is there one for my 10am cutoff?", COURIERS),
    ("Para llegar antes de las 16:00 sirven dos trenes.",
     "¿Qué trenes llegan antes de las 16:00?", TRENES),
])
def test_the_users_own_value_restated_is_no_tool_claim(reply: str, user: str,
                                                       event: object) -> None:
    """A limit of the user's ("before 5pm" as "before 17:00") or the user's thing named by
    its value ("the 06:30 crew call"), in a sentence naming no tool, claims nothing."""
    assert [] == of_type("ungrounded_value", reply, event, user=user)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "user", "event", "span"), [
    ("The quote API shows $512.40 for ACME.", "My broker says $512.40?", QUOTE, "$512.40"),
    ("Yes, ACME is at $512.40.", "Is ACME at $512.40?", QUOTE, "$512.40"),
    ("It closed at $512.40 yesterday.", "did it close at $512.40 yesterday?", QUOTE, "$512.40"),
    ("According to the timetable, the last sailing arrives before 17:00.",
     "anything arriving before 5pm?", FERRY, "17:00"),
    ("The timetable shows a 17:00 sailing.", "is there a 17:00 sailing?", FERRY, "17:00"),
    ("Yes, there is a 17:00 sailing.", "is there a 17:00 sailing?", FERRY, "17:00"),
    ("Yes, the 10:00 slot is free.", "is the 10am slot free?", COURIERS, "10:00"),
])
def test_the_users_value_attributed_or_stated_as_found_is_checked(
        reply: str, user: str, event: object, span: str) -> None:
    """The user's value attributed to a tool, or stated as the world's state (not as the
    user's limit or the user's thing), is ungrounded when no result holds it."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, event, user=user)  # type: ignore[arg-type]
