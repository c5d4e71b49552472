"""Absence words that deny no result: a listed item's state ("C12 is empty"), a zero cell
restated ("0 rejects"); the absences beside them that results contradict still are."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

BINS = ok("bin_levels", "bin,sku,qty,state\nC11,washer,140,ok\nC12,-,0,restock\nC13,bolt,75,ok",
          {"aisle": "C"})
JOBS = ok("print_queue", "job,owner,pages\nJ-1,ana,3\nJ-2,li,12\nJ-3,omar,1")
REJECTS = ok("line_quality", "line,units,rejects\nL1,900,4\nL2,870,0\nL3,910,7")
NO_ZERO = ok("line_quality", "line,units,rejects\nL1,900,4\nL2,870,2\nL3,910,7")
SHELVES = ok("shelf_scan", '[{"shelf": "S-4", "items": 0}, {"shelf": "S-5", "items": 9}]')


@pytest.mark.parametrize("reply", [
    "Bin C12 is empty and flagged for restock.",
    "C12 is empty; C11 and C13 hold stock.",
    "El contenedor C12 está vacío y pendiente de reposición.",
    "C12货位是空的，等待补货。",
])
def test_an_item_the_result_lists_said_empty_is_its_state(reply: str) -> None:
    """'<listed identifier> is empty' describes that row, whatever else the result holds."""
    assert [] == [f for f in findings(reply, BINS) if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "expected"), [
    ("The print queue is empty.",
     [("false_absence", "absence.result_has_items", "is empty")]),
    # A verb of returning speaks of the call's result, whatever identifier it names.
    ("The lookup for J-2 came back empty.",
     [("false_absence", "absence.result_has_items", "came back empty")]),
    ("La cola de impresión está vacía.",
     [("false_absence", "absence.result_has_items", "está vacía")]),
])
def test_a_container_said_empty_is_still_held_against_its_items(reply: str,
                                                                expected: Expected) -> None:
    """No listed identifier as the subject: the emptiness is the result's, and it has rows."""
    assert expected == findings(reply, JOBS)


@pytest.mark.parametrize(("reply", "result"), [
    ("Line L2 had 0 rejects today; L1 had 4 and L3 had 7.", REJECTS),
    ("La línea L2 tuvo cero rechazos.", REJECTS),
    ("Shelf S-4 has 0 items on it.", SHELVES),
])
def test_a_zero_count_restating_a_zero_cell_is_no_absence(reply: str, result: ToolEvent) -> None:
    """'0 <column>' where that column holds a 0 in some row quotes the cell."""
    assert [] == findings(reply, result)


def test_a_zero_count_over_a_column_without_zero_is_still_false() -> None:
    """No row has 0 rejects, so '0 rejects' denies what the result holds."""
    assert [("false_absence", "absence.result_has_items", "0 rejects")] == findings(
        "Line L2 had 0 rejects today.", NO_ZERO)


def test_a_negation_beside_a_zero_cell_is_still_held() -> None:
    """'no rejects on any line' is a negation, not a cell quoted: rows with rejects refute it."""
    assert [("false_absence", "absence.result_has_items", "There were no rejects")] == \
        findings("There were no rejects on any line.", REJECTS)


PRINTER = ok("printer_status", '{"printer": "P-2", "trays": {"1": "A4 1800/2000", '
             '"2": "A3 0/500"}, "alerts": ["toner low"]}')
FREEZERS = ok("cold_room_scan", '[{"freezer": 4, "racks": 12}, {"freezer": 7, "racks": 0}]')
LOCKERS = ok("locker_audit", "locker,owner,items\n11,kim,3\n12,,0\n13,ravi,5")
CANTEEN = ok("bandejas", '{"bandejas": {"1": "llena", "2": "vacía"}, "avisos": ["tóner"]}')


@pytest.mark.parametrize(("reply", "result"), [
    ("Tray 2 (A3) is empty, so reload it before the poster job.", PRINTER),
    ("Freezer 7 is empty; freezer 4 holds 12 racks.", FREEZERS),
    ("Locker 12 is empty and unassigned.", LOCKERS),
    ("La bandeja 2 (A3) está vacía.", CANTEEN),
    ("Tray 2 — the A3 one — is empty.", PRINTER),
    ("Freezer 7, the one by the door, is empty.", FREEZERS),
    ("The corner locker (locker 12) is empty.", LOCKERS),
])
def test_a_numbered_member_said_empty_is_its_state(reply: str, result: ToolEvent) -> None:
    """'<noun> <number> is empty', the result listing that member under the noun's key or
    column, is the member's state, even after an apposition describing it (parentheses,
    dashes, commas) or with the member named in a parenthesis."""
    assert [] == [f for f in findings(reply, result) if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "result"), [
    # The number is the call's own subject (a top-level field), not one member of a list.
    ("Queue 2 is empty.", ok("print_queue", '{"queue": 2, "jobs": [{"id": "J-1"}, '
                                           '{"id": "J-2"}]}')),
    # No member of that number is listed: the emptiness is the result's.
    ("Tray 5 is empty.", ok("tray_jobs", "job,tray,pages\nJ-1,1,30\nJ-2,2,12")),
    # A parenthesis that holds more than the member does not name the subject.
    ("The queue (after J-1) is empty.", ok("tray_jobs", "job,tray,pages\nJ-1,1,30\nJ-2,2,12")),
])
def test_a_numbered_subject_the_result_lists_no_member_of_is_still_held(
        reply: str, result: ToolEvent) -> None:
    """Without that member among the result's items, 'is empty' is still a denial."""
    expected = [("false_absence", "absence.result_has_items", "is empty")]
    assert expected == findings(reply, result)


DEPOTS = ok("depot_stock", "depot,pallets,status\nDepot Norte,0,closed\nPuerto Viejo,120,open\n"
            "San Blas,45,open")
STORES = ok("store_stock", '[{"store": "北仓", "qty": 0}, {"store": "南仓", "qty": 320},'
            ' {"store": "东仓", "qty": 85}]')


@pytest.mark.parametrize(("reply", "event"), [
    ("Norte está vacío y San Blas tiene 45 palés.", DEPOTS),          # es, a name in a cell
    ("Depot Norte is empty; Puerto Viejo holds the most.", DEPOTS),   # en, two words
    ("北仓是空的，南仓还有 320 件。", STORES),                           # zh, a Han name
    ("目前北仓是空的。", STORES),                                        # zh, after a time word
])
def test_a_named_row_holding_a_zero_said_empty_is_its_state(reply: str,
                                                           event: ToolEvent) -> None:
    """'<name of one listed row> is empty', that row holding a 0, describes that row."""
    assert [] == [f for f in findings(reply, event) if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Puerto Viejo está vacío.", DEPOTS,                              # its row holds 120
     [("false_absence", "absence.result_has_items", "está vacío")]),
    ("南仓是空的。", STORES, [("false_absence", "absence.result_has_items", "是空的")]),
    ("Centro está vacío.", DEPOTS,                                    # no row of that name
     [("false_absence", "absence.result_has_items", "está vacío")]),
])
def test_a_named_row_without_a_zero_said_empty_is_still_checked(reply: str, event: ToolEvent,
                                                                expected: Expected) -> None:
    """A name whose row holds no 0, or that no row bears, is checked against the items."""
    assert expected == [f for f in findings(reply, event) if f[0] == "false_absence"]


LAB = ok("lims.resultados",
         "FECHA       PARÁMETRO  RESULTADO  LÍMITE   ESTADO\n"
         "30/11/2026  Cr total   0,58       ≤ 1,0    OK\n"
         "01/12/2026  Cr total   1,12       ≤ 1,0    SUPERA\n"
         "02/12/2026  DQO        169        ≤ 250    OK", {"punto": "vertido"})
LAB_OK = ok("lims.resultados",
            "FECHA       PARÁMETRO  RESULTADO  LÍMITE   ESTADO\n"
            "30/11/2026  Cr total   0,58       ≤ 1,0    OK\n"
            "02/12/2026  DQO        169        ≤ 250    OK", {"punto": "vertido"})
UNITS = ok("chiller.check", '[{"unit": "CH-1", "status": "exceeds"}, '
           '{"unit": "CH-2", "status": "within"}]', {"site": "B"})


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("No, ninguna muestra ha superado los límites esta semana.", LAB,
     [("false_absence", "absence.result_has_items", "ninguna muestra")]),
    ("No, ninguna muestra ha superado los límites esta semana.", LAB_OK, []),
    ("No reading has exceeded its setpoint today.", UNITS,
     [("false_absence", "absence.result_has_items", "No reading has")]),
    # The state named after the clause's end is another clause's.
    ("Ninguna muestra de DQO tiene problemas; el cromo supera el límite el día 1.", LAB, []),
])
def test_a_state_the_predicate_names_is_the_rows_in_it(reply: str, result: ToolEvent,
                                                       expected: Expected) -> None:
    """"ninguna muestra ha superado los límites" beside a row whose ESTADO is "SUPERA"."""
    assert expected == [f for f in findings(reply, result) if f[0] == "false_absence"]


MILK_LAB = ok("lab.results", "TEST                   RESULT  PREV   LIMIT\n"
              "Somatic cell count     890000  640000 1500000\n"
              "Butterfat              4.12    3.96   -\n"
              "Inhibitory substances  NEG     NEG    NEG", {"sample": "OAK-1"})
MILK_LAB_POS = ok("lab.results", "TEST                   RESULT  PREV   LIMIT\n"
                  "Somatic cell count     890000  640000 1500000\n"
                  "Butterfat              4.12    3.96   -\n"
                  "Inhibitory substances  POS     NEG    NEG", {"sample": "OAK-1"})


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("Butterfat 4.12%, no inhibitory substances.", MILK_LAB, []),
    ("Butterfat 4.12%, no inhibitory substances.", MILK_LAB_POS,
     [("false_absence", "absence.result_has_items", "no inhibitory substances")]),
])
def test_a_row_the_subject_names_that_reads_negative(reply: str, result: ToolEvent,
                                                     expected: Expected) -> None:
    """"No inhibitory substances" beside that test's row reading NEG is the test's result."""
    assert expected == [f for f in findings(reply, result) if f[0] == "false_absence"]


NORTH = ok("frost_watch.summary", '{"orchard": "north", "min_c": -1.6, "fan_starts": 1}',
           {"orchard": "north"})
RIVER_TIMEOUT = ToolEvent(call_id="c2", tool="frost_watch.summary", args={"orchard": "river"},
                          status=ToolStatus.TIMEOUT, result="request timed out after 30s")


@pytest.mark.parametrize(("reply", "expected"), [
    # The next sentence of its paragraph puts the missing data down to the failure.
    ("North: low of -1.6 °C.\n\nRiver: no numbers, sorry. The request to the river gateway "
     "timed out after 30 s.", []),
    # With no failure told, the absence denies what the call that ran returned.
    ("North: low of -1.6 °C.\n\nRiver: no numbers, sorry.",
     [("false_absence", "absence.result_has_items", "no numbers")]),
])
def test_missing_data_the_next_sentence_puts_down_to_a_failure(reply: str,
                                                                expected: Expected) -> None:
    """"No numbers, sorry. The request … timed out": the failed call's data, not the other's."""
    assert expected == [f for f in findings(reply, NORTH, RIVER_TIMEOUT)
                        if f[0] == "false_absence"]


ENTREGAS = ok("entregas.hoy", "id,ciclista,estado\nE-1,Lucía,entregado\nE-2,Nerea,fallida\n"
              "E-3,Andrés,entregado\nE-4,Lucía,perdido")
TODAS_BIEN = ok("entregas.hoy", "id,ciclista,estado\nE-1,Lucía,entregado\nE-2,Nerea,entregado")


@pytest.mark.parametrize(("reply", "span"), [
    ("Dos entregadas y ninguna fallida.", "ninguna fallida"),
    ("Ningún envío perdido hoy.", "Ningún envío perdido"),
    # The determiner opening a clause after a comma.
    ("Mañana tranquila, ninguna fallida.", "ninguna fallida"),
])
def test_a_spanish_state_of_failure_or_loss_is_denied_of_the_items(reply: str,
                                                                  span: str) -> None:
    """'ninguna fallida', 'ningún envío perdido': a negative determiner before a state
    (failed, lost, broken, damaged...) denies items in it; a row in that state refutes it,
    and none in it bears it out."""
    assert [("false_absence", "absence.result_has_items", span)] == [
        f for f in findings(reply, ENTREGAS) if f[0] == "false_absence"]
    assert [] == [f for f in findings(reply, TODAS_BIEN) if f[0] == "false_absence"]


AVERIAS = ok("turnos.incidencias",
             "hora,equipo,tipo\n01:37,P-12,AVERÍA manguera\n03:10,P-04,revisión")
SIN_AVERIAS = ok("turnos.incidencias", "hora,equipo,tipo\n03:10,P-04,revisión")


@pytest.mark.parametrize(("event", "expected"), [
    (AVERIAS, ["absence.result_has_items"]),
    (SIN_AVERIAS, []),
])
def test_a_negative_determiner_after_a_comma_heads_its_clause(event: ToolEvent,
                                                             expected: list[str]) -> None:
    """'…, ninguna avería': after a comma the determiner denies its noun as at a
    sentence's start."""
    assert expected == [f[1] for f in findings("Noche tranquila, ninguna avería.", event)
                        if f[0] == "false_absence"]


INSPECTIONS = ok("returns.inspections", "date,item,condition\n2026-12-01,P-0388,完好\n"
                 "2026-12-03,P-0702,损坏\n2026-12-05,P-0061,完好")
ALL_SOUND = ok("returns.inspections", "date,item,condition\n2026-12-01,P-0388,完好\n"
               "2026-12-05,P-0061,完好")
VALVE_LOG = ok("valve_control.events", "2027-03-07 20:00:02 INFO  S1 OPEN ack=120ms\n"
               "2027-03-07 21:00:41 FAULT S2 solenoid no feedback\n"
               "2027-03-07 22:00:05 INFO  S3 OPEN ack=110ms")
BAYS = ok("carwash.bay_status", json.dumps({"bays": [
    {"no": 1, "state": "使用中", "faults": []}, {"no": 2, "state": "空闲", "faults": []}]}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("这周还回来的都没有损坏。", INSPECTIONS, ["absence.result_has_items"]),
    ("这周还回来的都没有损坏。", ALL_SOUND, []),
    ("没有故障，昨晚都按计划跑完了。", VALVE_LOG, ["absence.result_has_items"]),
    # The state only as keys, each empty: the result says none is in it.
    ("没有故障，两个洗车位都能用。", BAYS, []),
])
def test_a_chinese_state_right_after_the_negation(reply: str, event: ToolEvent,
                                                 expected: list[str]) -> None:
    """'都没有损坏', '没有故障': a state word right after the negation, with no 的, denies items
    in that state, whether the result writes it in Chinese (损坏) or in English (FAULT)."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]


def _units(pb4_alerts: list[dict[str, str]]) -> ToolEvent:
    return ok("fleet.alerts", json.dumps([
        {"unit": "PB-01", "alerts": []}, {"unit": "PB-03", "alerts": []},
        {"unit": "PB-04", "alerts": pb4_alerts}, {"unit": "PB-06", "alerts": []}]))


TRACK_ALERT = [{"code": "TRK-L", "text": "left track tension low"}]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No active alerts on any groomer tonight.", _units(TRACK_ALERT),
     ["absence.result_has_items"]),
    ("No hay alertas activas en ninguna máquina.", _units(TRACK_ALERT),
     ["absence.result_has_items"]),
    ("No active alerts on any groomer tonight.", _units([]), []),
    # About the one unit it names, whose own list is empty.
    ("PB-06 has no alerts, so it can go out first.", _units(TRACK_ALERT), []),
])
def test_an_empty_key_in_some_items_confirms_nothing_when_another_is_set(
        reply: str, event: ToolEvent, expected: list[str]) -> None:
    """'alerts': [] in most units and one alert in PB-04: 'no active alerts' is false; all
    empty, it is confirmed; said of a unit the sentence names, that unit's list decides."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]
