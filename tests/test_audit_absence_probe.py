"""False absences in the forms assistants write them, found beside results that hold the
denied items; and the same absences, true, beside results that do not.

A person's state said with a preposition ("Nobody is on leave", "No one's off sick"), and
Chinese 告警 for an alarm ("没有告警" beside a list of alarms). Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

ON_LEAVE = ok("staff.roster", "name,status\nAna,on shift\nLuis,on leave\nMia,on shift\n")
NO_LEAVE = ok("staff.roster", "name,status\nAna,on shift\nMia,on shift\n")
ALARMS = ok("alarms.list", json.dumps([{"id": "A1", "type": "high temp", "state": "active"}]))
NO_ALARMS = ok("alarms.list", "[]")


def absences(reply: str, event: ToolEvent) -> list[str]:
    return [f[0] for f in findings(reply, event) if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "holding", "empty"), [
    ("Nobody is on leave today.", ON_LEAVE, NO_LEAVE),
    ("No one's on leave.", ON_LEAVE, NO_LEAVE),
    ("没有告警。", ALARMS, NO_ALARMS),
])
def test_an_absence_the_result_refutes(reply: str, holding: ToolEvent,
                                       empty: ToolEvent) -> None:
    """False beside the item it denies, true beside none."""
    assert (["false_absence"], []) == (absences(reply, holding), absences(reply, empty))



# A pre-launch checklist: two items not done, and the launch named in three languages.
CHECKLIST = ok("launch.checklist", json.dumps([
    {"item": "Permit filed", "done": True}, {"item": "Launch site cleared", "done": True},
    {"item": "Zona de lanzamiento despejada", "done": True},
    {"item": "Helium fill", "done": False}, {"item": "Airspace clearance", "done": False},
]), {"launch": "2027-03-02T09:00:00Z"})


@pytest.mark.parametrize(("reply", "expected"), [
    # What would follow from a condition ("sin eso", "sin ella"): no claim of the result.
    ("Faltan dos: el helio y la autorización; sin eso no hay lanzamiento.", []),
    ("Falta la autorización; sin ella no hay lanzamiento.", []),
    # "Otherwise" as "apart from that" still denies: the launch site item is listed.
    ("Still waiting on the clearance. Otherwise there is no launch site issue.",
     ["false_absence"]),
])
def test_an_absence_in_a_clause_of_what_would_follow_is_no_claim(
        reply: str, expected: list[str]) -> None:
    """A clause opened by "sin eso" (without that) says what would follow from a
    condition, not what the result holds."""
    assert expected == absences(reply, CHECKLIST)
