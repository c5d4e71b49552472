"""The noun an English absence denies ends at a word boundary: "no resurface logged at
12:45" denies no "log" (a participle follows the noun), "no resurface log" does.
Tools and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

LOG = ok("resurfacer.log", "2026-12-06 07:40 RESURFACE start\n2026-12-06 07:52 RESURFACE end\n"
                           "2026-12-06 12:34 RESURFACE start\n2026-12-06 12:38 RESURFACE abort\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("There's no resurface logged at 12:45; one started at 12:34 and aborted.", []),
    ("There's no resurface log for today.", ["false_absence"]),
])
def test_the_denied_noun_is_a_whole_word(reply: str, expected: list[str]) -> None:
    """"log" inside "logged" is no denied noun; "log" alone is."""
    assert expected == [f[0] for f in of_type("false_absence", reply, LOG)]


def test_a_plural_in_ies_meets_its_singular() -> None:
    """"no injuries logged" beside a row of category "injury" is a false absence."""
    log = ok("incident_log.query", "time,area,category,description\n"
                                   "2027-04-12 10:42,Court 3,equipment,net tear\n"
                                   "2027-04-13 11:18,Foam pit,injury,child twisted ankle\n"
                                   "2027-04-14 09:31,Main court,equipment,spring cover\n")
    assert ["false_absence"] == [f[0] for f in of_type(
        "false_absence", "No injuries logged this week.", log)]
