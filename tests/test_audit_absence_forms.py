"""Absence claims of three grammatical forms: a negative pronoun of persons over a named
group ("nobody from 8B"), a negated possession of the reader ("no tienes ninguna"), and a
negative pronoun that is the whole answer ("Nothing this month.")."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def found(reply: str, tool: str, args: dict[str, object], result: str,
          user: str = "") -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool=tool, args=args, status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", user)
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


LATE_ROWS = json.dumps([{"employee": "R. Osei", "late_min": 12},
                        {"employee": "D. Amaral", "late_min": 4}])
SICK_TABLE = ("nurse          ward   since\n"
              "Joan Pereira   ICU    Monday\n"
              "Ada Kowalczyk  ICU    Tuesday")
ALUMNOS = "alumno     sesión  motivo\nLuis Gil   mañana  gripe\nEva Sanz   tarde   consulta"


@pytest.mark.parametrize(("reply", "tool", "args", "result", "span"), [
    ("No one on the night shift was late this week.", "timeclock_entries",
     {"shift": "night"}, LATE_ROWS, "No one on the night shift was"),
    ("Good news: nobody in ICU is out sick.", "staff_roster_query",
     {"ward": "ICU", "status": "sick"}, SICK_TABLE, "nobody in ICU is"),
    ("Nadie del grupo 3C faltó hoy.", "asistencia_diaria", {"grupo": "3C"}, ALUMNOS,
     "Nadie del grupo 3C faltó"),
    ("3C 班今天没有人缺课。", "attendance_daily", {"class": "3C"}, ALUMNOS, "3C 班今天没有人"),
    ("夜班组这周没人迟到。", "timeclock_entries", {"shift": "夜班组"}, LATE_ROWS, "夜班组这周没人"),
])
def test_negative_person_pronoun_over_a_selected_group(reply: str, tool: str,
                                                       args: dict[str, object], result: str,
                                                       span: str) -> None:
    """"Nobody from <group>" while the call that selected that group returned records."""
    assert [("false_absence", "absence.result_has_items", span)] == found(
        reply, tool, args, result)


def test_negative_person_pronoun_over_a_group_selected_by_the_state() -> None:
    """A call that also selected the state the reply denies ('late_only') listed items in
    that state: the finding names the selection ('late' is a state word)."""
    assert [("false_absence", "absence.selected_state_listed",
             "No one on the night shift was")] == found(
        "No one on the night shift was late this week.", "timeclock_entries",
        {"shift": "night", "late_only": True}, LATE_ROWS)


@pytest.mark.parametrize(("reply", "args", "result"), [
    # The call selected another group: the reply's group is not what it returned.
    ("Nobody from the night shift was late.", {"shift": "day"}, LATE_ROWS),
    # A channel (or a project, a query) holding the word selects no persons.
    ("Nobody from the night shift was late.", {"channel": "night"}, LATE_ROWS),
    # The call returned no records: the denial is true.
    ("Nobody from the night shift was late.", {"shift": "night"}, "[]"),
    # Free text, not records: which line is a member is not known.
    ("Nobody from the night shift was late.", {"shift": "night"},
     "night shift summary: punctual all week"),
    ("夜班组这周没人迟到。", {"shift": "白班组"}, LATE_ROWS),
    ("夜班组这周没人迟到。", {"shift": "夜班组"}, "[]"),
])
def test_negative_person_pronoun_left_alone(reply: str, args: dict[str, object],
                                            result: str) -> None:
    """No finding when no call selected that group, or it returned no records."""
    assert [] == found(reply, "timeclock_entries", args, result)


RESERVAS = json.dumps([{"habitacion": 204, "noche": "2026-12-05"}])
FACTURAS = "numero   importe  vence\nF-0912   120,00   2026-12-20\nF-0917   75,50    2026-12-28"


@pytest.mark.parametrize(("reply", "tool", "result", "user", "span"), [
    ("No tienes ninguna reserva para este mes.", "hotel_bookings", RESERVAS,
     "¿tengo alguna reserva este mes?", "No tienes ninguna reserva"),
    ("Ahora mismo no tienes ninguna factura pendiente.", "billing_open_items", FACTURAS,
     "¿tengo facturas pendientes?", "no tienes ninguna factura pendiente"),
    ("You have no pending parcels at the locker.", "locker_status",
     json.dumps([{"slot": "B4", "since": "2026-12-03"}]), "any pending parcels for me?",
     "You have no pending parcels"),
])
def test_negated_possession_answers_the_only_call(reply: str, tool: str, result: str,
                                                  user: str, span: str) -> None:
    """"No tienes ninguna X" after "¿tengo X?" is read against the turn's only call."""
    assert [("false_absence", "absence.result_has_items", span)] == found(
        reply, tool, {"client": "C-100"}, result, user)


@pytest.mark.parametrize(("result", "user"), [
    ("[]", "¿tengo alguna reserva este mes?"),              # nothing returned: true
    (RESERVAS, "¿qué tiempo hará mañana?"),                 # the user asked of something else
    ("Sin reservas registradas.", "¿tengo alguna reserva?"),  # a sentence, not records
])
def test_negated_possession_left_alone(result: str, user: str) -> None:
    """No finding when nothing was returned, the question was of something else, or the
    result is no set of records."""
    assert [] == found("No tienes ninguna reserva para este mes.", "hotel_bookings",
                       {"client": "C-100"}, result, user)


DOOR_LOG = "\n".join(["06:00 INFO door 3 opened", "06:04 ALARM door 3 held open",
                      "06:10 INFO door 3 closed", "07:41 ALARM door 7 forced",
                      "08:00 INFO shift change"])


@pytest.mark.parametrize("reply", [
    "Door 3 was held open at 06:04 and door 7 forced at 07:41; no other alarms.",
    "Two alarms (06:04, 07:41). Besides those the log is routine, with no other alarms.",
    "La puerta 3 quedó abierta a las 06:04 y la 7 se forzó a las 07:41; no hay otras alarmas.",
    "3 号门 06:04 报警，7 号门 07:41 报警，没有其他报警。",
    "两次报警之外，日志里没有别的报警。",
])
def test_a_residual_absence_excepts_what_the_reply_named(reply: str) -> None:
    """"No other alarms" denies only the rest: items of that kind in the result do not
    refute it."""
    assert [] == found(reply, "door_event_log", {"site": "depot"}, DOOR_LOG)


@pytest.mark.parametrize(("reply", "span"), [
    ("No alarms in the log.", "No alarms"),
    ("No hay alarmas en el registro.", "No hay alarmas"),
])
def test_a_plain_absence_over_the_same_items_is_still_false(reply: str, span: str) -> None:
    """Without a residual word the absence is held against the result's items as before."""
    assert [("false_absence", "absence.result_has_items", span)] == found(
        reply, "door_event_log", {"site": "depot"}, DOOR_LOG)


BACKUP_LOG = "\n".join(["2026-11-30 nightly backup: 212 files, 0 failures",
                        "2026-12-01 nightly backup: 214 files, 2 failures (db-07, db-09)",
                        "2026-12-02 nightly backup: 214 files, 0 failures"])
BACKUP_LOG_CLEAN = BACKUP_LOG.replace("2 failures (db-07, db-09)", "0 failures")
TURNOS = "\n".join(["lunes: 14 entregas, 0 incidencias", "martes: 12 entregas, 1 incidencia",
                    "miércoles: 15 entregas, 0 incidencias"])


@pytest.mark.parametrize(("reply", "result", "span"), [
    ("No failures this week; every nightly backup ran.", BACKUP_LOG, "No failures this"),
    ("Esta semana no hubo incidencias en el reparto.", TURNOS, "no hubo incidencias"),
])
def test_a_zero_on_some_lines_and_a_count_on_another(reply: str, result: str,
                                                     span: str) -> None:
    """A result stating zero of the noun on some lines and more than zero on another does
    not confirm "no <noun>": the absence is false."""
    assert [("false_absence", "absence.result_has_items", span)] == found(
        reply, "ops_daily_log", {"week": "49"}, result)


def test_a_zero_on_every_line_confirms_the_absence() -> None:
    """Zero of the noun on every line confirms "no <noun>"."""
    assert [] == found("No failures this week.", "ops_daily_log", {"week": "49"},
                       BACKUP_LOG_CLEAN)


TICKETS = json.dumps([{"id": 1, "estado": "abierto"}, {"id": 2, "estado": "abierto"},
                      {"id": 3, "estado": "cerrado"}])


@pytest.mark.parametrize("reply", [
    "No hay más de 50 tickets en la cola.",
    "No quedan menos de 2 tickets abiertos.",
    "No se encontraron más de 3 tickets.",
    "There are no more than 3 tickets in the queue.",
])
def test_a_bound_after_the_negation_is_no_absence(reply: str) -> None:
    """"No hay más de 50", "no more than 3": a limit stated, not an absence."""
    assert [] == found(reply, "ticket_search", {"cola": "soporte"}, TICKETS)


CASOS = ("caso,especie,fase,ubicacion\nCR-1,Cigüeña blanca,Recuperación,Nave A\n"
         "CR-2,Buitre leonado,Cuarentena,Aislamiento 2\nCR-3,Erizo europeo,Recuperación,Nave B\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("No, ahora mismo no hay ninguno en cuarentena. Tenéis 3 animales activos.",
     [("false_absence", "absence.result_has_items", "no hay ninguno")]),
    ("No, ahora mismo no hay ninguno en preliberación. Tenéis 3 animales activos.", []),
])
def test_a_negative_pronoun_denies_what_its_clause_says(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """"no hay ninguno en cuarentena": the pronoun says no noun; the rest of its clause
    says what is denied, and a row in quarantine refutes it."""
    assert expected == [f for f in found(reply, "pacientes.listar", {"estado": "activo"}, CASOS,
                                         user="¿Tenemos algún animal en cuarentena?")
                        if f[0] == "false_absence"]


def test_a_refuted_absence_quotes_the_item_holding_its_subject() -> None:
    """The finding's message quotes the row that holds what the absence denies."""
    event = ToolEvent(call_id="c1", tool="pacientes.listar", args={"estado": "activo"},
                      status=ToolStatus.OK, result=CASOS)
    report = audit_reply("No, ahora mismo no hay ninguno en cuarentena.", [event], None,
                         "conv-1", "¿Tenemos algún animal en cuarentena?")
    assert ['says "no hay ninguno", but the pacientes.listar result lists '
            '"CR-2,Buitre leonado,Cuarentena,Aislamiento 2"'] == [
        f.message for f in report.findings]


LOG = ("2026-12-03 06:02:11 INFO  ROUTE  W12  SET\n"
       "2026-12-03 07:41:09 FAULT TC     WB405  FAILED OCCUPIED\n"
       "2026-12-03 07:43:52 INFO  TC     WB405  CLEAR\n")
MUESTRAS = ("fecha,parametro,resultado,estado\n01/12,pH,7.4,OK\n01/12,Cr,1.12,SUPERA\n"
            "02/12,pH,7.1,OK\n")


@pytest.mark.parametrize(("reply", "tool", "result", "span"), [
    # "Nothing X-wise": nothing of the kind the compound names.
    ("Nothing fault-wise since 06:00, the log is routine.", "ixl_eventlog", LOG,
     "Nothing fault-wise"),
    # After the answer "No, " a negative determiner heads its clause.
    ("No, ninguna alarma desde las 6: el registro es rutinario.", "ixl_eventlog",
     LOG.replace("FAULT", "ALARMA"), "ninguna alarma"),
])
def test_absence_forms_after_an_answer_and_in_a_compound(reply: str, tool: str, result: str,
                                                         span: str) -> None:
    """"Nothing fault-wise" over a FAULT line, "No, ninguna alarma…" over an ALARMA line:
    absences refuted by an item that holds their subject."""
    assert [("false_absence", "absence.result_has_items", span)] == [
        f for f in found(reply, tool, {}, result) if f[0] == "false_absence"]


def test_a_reading_that_moved_between_two_figures_is_no_act() -> None:
    """"El pH se ha movido entre 7,1 y 7,8" tells a range, no act of moving."""
    assert [] == [f for f in found("El pH se ha movido entre 7,1 y 7,8 esta semana.",
                                   "lims.resultados", {}, MUESTRAS)
                  if f[0] == "fabricated_tool_call"]


QC = ("批号,产品,结果\nL-01,鸢尾 EdP,通过\nL-02,雪松 EdP,不通过\nL-03,香薰蜡烛,通过\n")


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("没有不合格的，三批都过了。", QC, ['says "没有不合格的", but the qc.batches result lists '
                                    '"L-02,雪松 EdP,不通过"']),
    ("没有不合格的，三批都过了。", QC.replace("不通过", "通过"), []),
])
def test_zh_a_state_under_another_name(reply: str, result: str, expected: list[str]) -> None:
    """"不合格" and "不通过" name one state: a row "不通过" refutes "没有不合格的", and the
    finding quotes it."""
    event = ToolEvent(call_id="c1", tool="qc.batches", args={"since": "2026-11-15"},
                      status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "最近几批质检有没有不合格的？")
    assert expected == [f.message for f in report.findings if f.type.value == "false_absence"]


NOTES = ("3 matches\n2026-03-03  BB-2296  R. Castellane  mold spotting on the first gathering\n"
         "2026-03-10  BB-2308  Whitby Lit  pages 40-56 show foxing")


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("Nothing this month. I searched the order notes for foxing and mould.", NOTES,
     [("false_absence", "absence.result_has_items", "Nothing this month")]),
    ("None so far.", NOTES, [("false_absence", "absence.result_has_items", "None so far")]),
    ("Nothing this month. I searched the order notes for foxing and mould.", "0 matches", []),
    # Not the answer: a pronoun with more to say, or a judgement of what was found.
    ("Two notes mention mould. Nothing else stood out.", NOTES, []),
    ("Two notes mention it; nothing urgent in them.", NOTES, []),
])
def test_a_negative_pronoun_as_the_whole_answer(reply: str, result: str,
                                                expected: list[tuple[str, str, str]]) -> None:
    """"Nothing this month." opening its sentence denies what the question asked about."""
    assert expected == found(reply, "notes.search", {"query": "foxing OR mould"}, result)


ARCHIVE = ("3 matches\nMF/112 reel 4  microfilm  self-service cabinet 2\n"
           "Q/SR/1822  quarter sessions roll  advance order\nQ/SR/1823  roll  advance order")


@pytest.mark.parametrize(("reply", "expected"), [
    # "No X needed": nothing is required, no items denied.
    ("Use the microfilm, MF/112 reel 4. No advance order needed for that.", []),
    ("No booking required for the microfilm.", []),
    ("No advance orders came back.", [("false_absence", "absence.result_has_items",
                                       "No advance orders")]),
])
def test_no_thing_needed_denies_no_items(reply: str,
                                         expected: list[tuple[str, str, str]]) -> None:
    """"No advance order needed" says nothing is required; it denies none of the items."""
    assert expected == found(reply, "archive.search", {"q": "quarter sessions"}, ARCHIVE)


PAYMENTS = json.dumps([{"sponsor": "Harbour Credit Union", "status": "invoiced"},
                       {"sponsor": "Tide & Time", "status": "paid"},
                       {"sponsor": "Kiwi Kites", "status": "paid"}])


@pytest.mark.parametrize(("reply", "expected"), [
    ("赞助费还没有全部到账。", []),
    ("订单没全发货，还差一单。", []),
    ("赞助商没有付款记录。", [("false_absence", "absence.result_has_items", "没有付款记录")]),
])
def test_not_all_is_no_absence_in_chinese(reply: str,
                                          expected: list[tuple[str, str, str]]) -> None:
    """没有全部 / 没全 says a part is missing ("not all"); 没有 + noun still denies it."""
    actual = [f for f in found(reply, "sponsors.payments", {}, PAYMENTS)
              if f[0] == "false_absence"]
    assert expected == actual
