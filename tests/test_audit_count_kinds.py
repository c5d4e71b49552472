"""Counts of one kind of item: compared with that kind's size, never with the whole list.

A count whose noun or modifier names a value of a field that sorts the items ("2 jobs
failed" over passed/failed/skipped jobs, "3 ERROR lines" in a log) counts that kind;
a count naming no kind is compared with the whole listing as before. Sentences of our
own, in domains and tools of our own; rows are (reply, expected (type, rule, span)).
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

CI_JOBS = ok("ci_pipeline_jobs", json.dumps({"pipeline": 5521, "jobs": [
    {"name": "build", "state": "passed", "runner": "linux"},
    {"name": "lint", "state": "failed", "runner": "linux"},
    {"name": "unit", "state": "passed", "runner": "linux"},
    {"name": "e2e", "state": "failed", "runner": "macos"},
    {"name": "docs", "state": "skipped", "runner": "linux"},
    {"name": "package", "state": "passed", "runner": "macos"},
    {"name": "deploy", "state": "passed", "runner": "linux"},
]}))

GATEWAY_LOG = ok("gateway_log_tail", "\n".join([
    "2026-11-02T01:00:04Z info  upstream pool resized to 12",
    "2026-11-02T01:12:40Z error upstream api-3 refused connection",
    "2026-11-02T01:12:41Z warn  retry budget at 80%",
    "2026-11-02T02:03:10Z info  certificate reloaded",
    "2026-11-02T03:44:59Z error upstream api-1 timed out after 30s",
    "2026-11-02T04:00:00Z info  hourly stats flushed",
]))

DELIVERIES = ok("courier_deliveries", "\n".join([
    "parcel,city,outcome",
    "P-100,Lisbon,failed", "P-101,Lisbon,delivered", "P-102,Porto,failed",
    "P-103,Lisbon,failed", "P-104,Porto,delivered", "P-105,Lisbon,failed",
    "P-106,Faro,delivered", "P-107,Porto,failed",
]))

# Tables of a restaurant floor: three "available", four "occupied".
TABLES = ok("floor_plan_status", json.dumps([
    {"table": "T1", "state": "available"}, {"table": "T2", "state": "occupied"},
    {"table": "T3", "state": "occupied"}, {"table": "T4", "state": "available"},
    {"table": "T5", "state": "occupied"}, {"table": "T6", "state": "available"},
    {"table": "T7", "state": "occupied"},
]))

ENROLMENTS = ok("enrolment_export", "\n".join([
    "student,course,status",
    "S1,Biology,confirmed", "S2,Chemistry,confirmed", "S3,Biology,pending",
    "S4,History,confirmed", "S5,Biology,confirmed", "S6,Chemistry,pending",
    "S7,History,pending", "S8,Chemistry,confirmed",
]))

SENSORS = ok("greenhouse_sensors", json.dumps([
    {"sensor": f"GH-{n}", "humidity": h, "limit": 80}
    for n, h in enumerate((72, 85, 91, 64, 77, 83, 70, 69), start=1)]))


@pytest.mark.parametrize(("reply", "expected"), [
    # The kind the predicate names: two failed jobs.
    ("2 jobs failed: lint and e2e.", []),
    # More than the kind holds cannot be any part of it.
    ("3 jobs failed: lint, e2e and docs.",
     [("count_mismatch", "count.item_count", "3 jobs")]),
    # The whole listing, as before.
    ("The pipeline ran 7 jobs.", []),
    ("The pipeline ran 9 jobs.", [("count_mismatch", "count.item_count", "9 jobs")]),
    # A whole, then its parts after a colon: 4 passed is a kind of the seven.
    ("7 jobs: 4 passed, 2 failed and 1 skipped.", []),
])
def test_a_count_of_one_kind_of_json_items(reply: str, expected: Expected) -> None:
    """A count naming a value of a sorting field is compared with that value's items."""
    assert expected == of_type("count_mismatch", reply, CI_JOBS)


@pytest.mark.parametrize(("reply", "expected"), [
    ("Two errors overnight, both upstream failures; also 1 warning about retries.", []),
    # The level column of a log: four errors where the log has two.
    ("I see 4 errors overnight: api-3 refused a connection and api-1 timed out.",
     [("count_mismatch", "count.item_count", "4 errors")]),
    ("Anoche hubo 2 errores en el gateway y además 1 aviso.", []),
    ("夜里有 2 条 error，另有 1 条 warn。", []),
    ("夜里有 3 条 error。", [("count_mismatch", "count.item_count", "3 条 error")]),
])
def test_a_count_of_one_level_of_log_lines(reply: str, expected: Expected) -> None:
    """A log line's level is a kind: "2 errors" is compared with the error lines, not
    with every line of the log."""
    assert expected == of_type("count_mismatch", reply, GATEWAY_LOG)


@pytest.mark.parametrize(("reply", "expected"), [
    # Narrowed by another field's value named in the sentence: Lisbon's failures are 3.
    ("In Lisbon, 3 deliveries failed.", []),
    ("In Lisbon, 4 deliveries failed.", [("count_mismatch", "count.item_count",
                                           "4 deliveries")]),
    # The failures overall are 5.
    ("5 deliveries failed today.", []),
    ("6 deliveries failed today.", [("count_mismatch", "count.item_count",
                                     "6 deliveries")]),
])
def test_a_kind_narrowed_by_a_value_the_sentence_names(reply: str,
                                                       expected: Expected) -> None:
    """A value of another sorting field named in the sentence narrows the kind to the
    items holding both, and the count is compared with that."""
    assert expected == of_type("count_mismatch", reply, DELIVERIES)


@pytest.mark.parametrize(("reply", "expected"), [
    # "disponibles" is no word of the result, and three tables are of one kind.
    ("Hay 3 mesas disponibles ahora mismo.", []),
    # Six is no kind's size: compared with the seven tables.
    ("Hay 6 mesas disponibles ahora mismo.",
     [("count_mismatch", "count.item_count", "6 mesas")]),
    ("Hay 9 mesas en la sala.", [("count_mismatch", "count.item_count", "9 mesas")]),
])
def test_a_modifier_the_result_cannot_read(reply: str, expected: Expected) -> None:
    """A modifier no item holds may name a kind in other words: a count equal to one
    kind's size is no finding; any other count is compared as before."""
    assert expected == of_type("count_mismatch", reply, TABLES)


@pytest.mark.parametrize(("reply", "expected"), [
    # "Biología" is not in the result (it says Biology), and three is a kind's size.
    ("En Biología hay 3 matrículas: 2 confirmadas y 1 pendiente.", []),
    ("In Chemistry there are 3 enrolments: 2 confirmed and 1 pending.", []),
    ("Hay 8 matrículas: 5 confirmadas y 3 pendientes.", []),
    ("Hay 10 matrículas en total.", [("count_mismatch", "count.item_count",
                                      "10 matrículas")]),
])
def test_a_breakdown_after_a_colon(reply: str, expected: Expected) -> None:
    """Counts after "<whole>:" are parts of that whole; the whole is what is compared."""
    assert expected == of_type("count_mismatch", reply, ENROLMENTS)


@pytest.mark.parametrize("reply", [
    "Three sensors are above the limit: GH-2, GH-3 and GH-6.",
    "3 sensors over the limit of 80%.",
    "Hay 3 sensores por encima del límite: GH-2, GH-3 y GH-6.",
    "有 3 个传感器超过上限：GH-2、GH-3 和 GH-6。",
])
def test_a_count_past_a_threshold_is_a_part(reply: str) -> None:
    """A predicate of comparison picks out the items past a threshold: a part of the
    listing, which its size cannot check."""
    assert [] == of_type("count_mismatch", reply, SENSORS)


TICKETS_CSV = ok("helpdesk_export", "\n".join([
    "ticket,severity,queue",
    "T-1,S1,network", "T-2,S2,network", "T-3,S1,printers", "T-4,S3,network",
    "T-5,S2,email", "T-6,S1,email",
]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("There are 3 S1 tickets: T-1, T-3 and T-6.", []),
    ("There are 4 S1 tickets today.", [("count_mismatch", "count.item_count",
                                        "4 S1 tickets")]),
    ("Hay 2 tickets S2 hoy.", []),
])
def test_a_kind_written_as_a_code(reply: str, expected: Expected) -> None:
    """A field's value written as a code of letters and digits (S1, P2) is a kind too."""
    assert expected == of_type("count_mismatch", reply, TICKETS_CSV)


CREW = ok("crew_roster", "\n".join([
    "member,role,base", "Ana Silva,pilot,LIS", "Ben Ode,cabin,LIS", "Chen Wei,cabin,OPO",
    "Dara Kim,pilot,OPO", "Eli Roth,cabin,LIS", "Fay Obi,engineer,LIS",
]))


@pytest.mark.parametrize(("reply", "expected"), [
    # The two named are exactly the pilots.
    ("两位：Ana Silva 和 Dara Kim。", []),
    ("Two: Ana Silva and Dara Kim.", []),
    ("Dos: Ana Silva y Dara Kim.", []),
    # Two names that are no kind of their own: a part of the six members picked out in
    # words the roster does not hold (two is at most half of six: see test_audit_count_parts).
    ("两位：Ana Silva 和 Ben Ode。", []),
    ("Two members: Ana Silva and Ben Ode.", []),
    ("Two members: Ana Silva and Dara Kim.", []),
    # Names set off by commas, as an apposition.
    ("Hoy vuelan dos miembros, Ana Silva y Dara Kim, desde el hangar.", []),
    ("Hoy vuelan dos miembros, Ana Silva y Ben Ode, desde el hangar.", []),
    # Above half the roster and no kind: the four names are the four counted.
    ("Four members: Ana Silva, Ben Ode, Chen Wei and Eli Roth.", []),
    # Four names under a count of five: compared with the six members.
    ("Five members: Ana Silva, Ben Ode, Chen Wei and Eli Roth.",
     [("count_mismatch", "count.item_count", "Five members")]),
])
def test_a_count_whose_names_are_one_kind(reply: str, expected: Expected) -> None:
    """"<count>: <names>" naming exactly that many items of the result counts them."""
    assert expected == of_type("count_mismatch", reply, CREW)


LEVELS = ok("parking_levels", "level,spaces,occupied\nL1,120,118\nL2,140,97\nL3,90,12\n")


@pytest.mark.parametrize("reply", [
    "The garage has 350 spaces, 227 taken, so 123 are free.",
    "车库共350个车位，已占用227个，还剩123个。",
])
def test_a_difference_of_two_column_totals(reply: str) -> None:
    """Two column totals and their difference: the difference is no count of rows."""
    assert [] == of_type("count_mismatch", reply, LEVELS)


DESKS = ok("desk_booking_summary", json.dumps({
    "floor": 3, "desks_total": 60, "booked": 56, "free": ["D-3", "D-9", "D-12", "D-40"]}))
PUESTOS = ok("reserva_puestos", json.dumps({
    "planta": 2, "puestos_total": 40, "libres": ["P-1", "P-7", "P-8"]}))


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("4 desks are free right now (D-3, D-9, D-12, D-40).", (DESKS,), []),
    ("5 desks are free right now.", (DESKS,),
     [("count_mismatch", "count.item_count", "5 desks")]),
    # A part the result does not list: unclear, no finding.
    ("12 desks face the windows.", (DESKS,), []),
    # The whole, as before.
    ("The floor has 70 desks.", (DESKS,), [("count_mismatch", "count.item_count", "70 desks")]),
    ("Hay 3 puestos libres en la planta 2.", (PUESTOS,), []),
    ("Hay 5 puestos libres en la planta 2.", (PUESTOS,),
     [("count_mismatch", "count.item_count", "5 puestos")]),
])
def test_a_part_of_a_stated_total(reply: str, events: tuple[ToolEvent, ...],
                                  expected: Expected) -> None:
    """Below the total a result states for the noun, a count whose phrase says more is a
    part of it: compared with the list its words name, else no finding."""
    assert expected == of_type("count_mismatch", reply, *events)


PRESSES = ok("press_output", "press,job,sheets,hours\nP1,catalogue,4200,6.5\n"
             "P2,catalogue,3800,6.0\nP3,flyers,1500,2.0\nP4,-,0,0\n")


@pytest.mark.parametrize("reply", [
    "The catalogue ran on P1 and P2: 8,000 sheets combined in about six hours each.",
    "El catálogo salió de P1 y P2: 8.000 hojas en total.",
])
def test_a_figure_of_a_headed_column_is_no_row_count(reply: str) -> None:
    """A noun naming a CSV header's number column ("sheets") states that quantity."""
    assert [] == of_type("count_mismatch", reply, PRESSES)


LIFTS = ok("lift_status", json.dumps([
    {"car": "A1", "state": "running"}, {"car": "A2", "state": "running"},
    {"car": "B1", "state": "running"}, {"car": "B2", "state": "stopped"},
]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("正常运行的3台电梯都在A座和B座。", []),   # a modifier before 的 picks a part
    ("一共有6台电梯。", [("count_mismatch", "count.item_count", "6台电梯")]),
])
def test_a_chinese_modifier_before_the_number(reply: str, expected: Expected) -> None:
    """"<modifier>的 N 台" counts the items the modifier picks out, not the whole list."""
    assert expected == of_type("count_mismatch", reply, LIFTS)


def test_a_french_reply_gets_no_lexical_count() -> None:
    """"dont" and "sous" are French: the reply is no Spanish one, and its counts and
    durations are not read (only the language-independent checks)."""
    assert [] == of_type("count_mismatch", "Il reste 9 unités, dont 2 expirent sous "
                         "48 heures.", ok("stock", "item,units\nA,9\n"))


def test_a_kind_count_the_lines_words_also_explain() -> None:
    """Three lines mention an error (two at level error, one reporting an error budget):
    "3 errors" may count those lines; the evidence is unclear, no finding."""
    log = ok("gateway_log_tail", "\n".join([
        "2026-11-02T01:00:04Z info  error budget at 40%",
        "2026-11-02T01:12:40Z error upstream api-3 refused connection",
        "2026-11-02T02:03:10Z info  certificate reloaded",
        "2026-11-02T03:44:59Z error upstream api-1 timed out",
    ]))
    assert [] == of_type("count_mismatch", "3 errors overnight.", log)
