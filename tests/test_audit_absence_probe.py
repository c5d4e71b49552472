"""False absences in the forms assistants write them, found beside results that hold the
denied items; and the same absences, true, beside results that do not.

A person's state said with a preposition ("Nobody is on leave", "No one's off sick"), and
Chinese 告警 and 报警 for an alarm ("没有告警" beside a list of alarms), 损坏 for damage.
Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

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
    ("今天没有任何报警。", ALARMS, NO_ALARMS),
    ("这周没有船只损坏的报告。", ok("incidents.list", json.dumps(
        [{"boat": "C-04", "type": "damage", "note": "keel scrape"}])),
     ok("incidents.list", "[]")),
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


def _fleet(in_service: bool) -> ToolEvent:
    return ok("fleet.status", json.dumps([
        {"boat": "C-04", "issue": "keel scrape", "in_service": True},
        {"boat": "K-11", "issue": "rudder cable frayed", "in_service": in_service},
        {"boat": "C-09", "issue": "bow line missing", "in_service": True}]))


ROSTER = ok("torneo.inscritos", "jugador          elo   confirmado\nAna Ruiz         1980  sí\n"
                                "Noelia Campos    1876  no\nIván Carrasco    1655  sí\n")
ROSTER_ALL = ok("torneo.inscritos", "jugador          elo   confirmado\nAna Ruiz         1980  sí\n"
                                    "Noelia Campos    1876  sí\nIván Carrasco    1655  sí\n")


@pytest.mark.parametrize(("reply", "holding", "empty"), [
    ("Nope, nothing's out of service.", _fleet(False), _fleet(True)),
    ("No boat is out of service this weekend.", _fleet(False), _fleet(True)),
    ("No hay ningún barco fuera de servicio.", _fleet(False), _fleet(True)),
    ("No hay ningún jugador sin confirmar.", ROSTER, ROSTER_ALL),
])
def test_an_absence_of_a_state_a_yes_no_field_says_false(reply: str, holding: ToolEvent,
                                                         empty: ToolEvent) -> None:
    """The negation of a yes/no field's word ("out of service" of in_service, "sin
    confirmar" of confirmado) is denied falsely while an item holds that field false."""
    assert (["false_absence"], []) == (absences(reply, holding), absences(reply, empty))


def _loans(overdue: bool) -> ToolEvent:
    return ok("library.loans", json.dumps([
        {"member": "Ada", "item": "drill", "overdue": False},
        {"member": "Ben", "item": "ladder", "overdue": overdue}]))


@pytest.mark.parametrize("reply", [
    "Nothing overdue on the tool library loans.",
    "No loans are overdue right now.",
])
def test_an_absence_of_a_state_a_yes_no_field_says_true(reply: str) -> None:
    """The state's own word denied is false while an item holds its field true, and
    borne out when every item holds it false."""
    assert (["false_absence"], []) == (absences(reply, _loans(True)),
                                       absences(reply, _loans(False)))


QUEUE_READ = ok("scanner.status", json.dumps({"scanner": "S-6", "state": "idle",
                                              "queue": ["K-31", "K-33"]}))
QUEUE_ADD_TIMEOUT = ToolEvent(call_id="c2", tool="scan_queue.add", args={"reel": "K-40"},
                              status=ToolStatus.TIMEOUT, result="Error: scheduler timed out")



@pytest.mark.parametrize("reply", [
    "K-40 没有加进去：调度服务超时了，所以现在队列里还没有它。",
    "Añadir K-40 falló por tiempo de espera, así que no hay ningún K-40 en la cola.",
])
def test_an_absence_told_with_a_failure_is_what_the_failure_left(reply: str) -> None:
    """In a sentence that tells a failed call's failure, an absence says what that failure
    left undone, not what a successful result lacks; without the failed call it is read
    against the result."""
    with_failure = [f[0] for f in findings(reply, QUEUE_READ, QUEUE_ADD_TIMEOUT)
                    if f[0] == "false_absence"]
    assert ([], ["false_absence"]) == (with_failure, absences(reply, QUEUE_READ))
