"""Honest replies that read one item's state, name an act by its noun, quote a failure's
status or a date an identifier holds: no finding, while the lie beside each still is one.
Sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

ROSTER = ok("cad_roster", "unidad,base,medico,enfermero\nSVA-01,La Fe,Dra. Pons,M. Ribera\n"
            "SVA-03,Clínico,Dr. Sanchis,L. Ortega\nSVA-07,Arnau,Dra. Climent,P. Gil\n"
            "SVA-12,Torrent,Dr. Mas,—")
BEDS = ok("ward_beds", json.dumps([{"bed": "A-1", "patient": "Li", "nurse": "Wang"},
                                   {"bed": "A-2", "patient": "Zhao", "nurse": None},
                                   {"bed": "A-3", "patient": "Sun", "nurse": "Liu"}]))
ROOMS = ok("bms_zone_status", "ZONA     CO2_PPM  OCUPACION\nAULA-0.1  612      18\n"
           "AULA-0.2  1340     64\nAULA-0.3  890      41\nAULA-0.4  455      0")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Ojo: la SVA-12 no tiene enfermero asignado.", ROSTER, []),
    ("Bed A-2 has no nurse assigned tonight.", BEDS, []),
    ("La 0.3 va bien y la 0.4 está vacía.", ROOMS, []),
    ("The 0.4 is empty right now.", ROOMS, []),
    ("0.4 教室是空的，0.2 人最多。", ROOMS, []),
    # The named row has a nurse: the absence is checked as before.
    ("Ojo: la SVA-07 no tiene enfermero asignado.", ROSTER,
     [("false_absence", "absence.result_has_items", "no tiene enfermero asignado")]),
    # No item named: an absence of the result's items.
    ("No hay ninguna SVA de guardia.", ROSTER,
     [("false_absence", "absence.result_has_items", "No hay ninguna SVA de guardia")]),
])
def test_a_state_of_one_listed_item(reply: str, event: ToolEvent, expected: Expected) -> None:
    """A negated property of one item the result lists (its identifier, or the number that
    ends it, before the absence) whose cell is empty, or an empty state of that item, is
    no absence of the result's items."""
    assert expected == of_type("false_absence", reply, event)


@pytest.mark.parametrize(("tool", "result", "reply", "expected"), [
    ("naviera_reserva", '{"localizador": "BLX-1", "estado": "confirmada"}',
     "He reservado el de las 8:00, localizador BLX-1.", []),
    ("agenda_cancelacion", '{"ok": true}', "He cancelado lo del jueves a las 10:00.", []),
    ("hotel_reservation", '{"ref": "H-1", "status": "confirmed"}',
     "I reserved the room, ref H-1.", []),
    # A read of bookings books nothing; another act is not named by the noun.
    ("reserva_consultar", '{"ref": "H-1", "estado": "ok"}', "He reservado la habitación H-1.",
     [("fabricated_tool_call", "action.no_matching_call", "reservado")]),
    ("agenda_cancelacion", '{"ok": true}', "He enviado el aviso a Marta.",
     [("fabricated_tool_call", "action.no_matching_call", "enviado")]),
])
def test_a_tool_named_by_the_noun_of_the_act(tool: str, result: str, reply: str,
                                             expected: Expected) -> None:
    """A noun made on the claimed verb's stem in a tool's name (reserva, cancelacion,
    reservation) names the act that tool did."""
    assert expected == of_type("fabricated_tool_call", reply, ok(tool, result))


SEARCH_503 = ToolEvent(call_id="c1", tool="reservation_search", args={},
                       status=ToolStatus.FAILED,
                       result="Error: reservation service returned HTTP 503 (maintenance)")
ORDERS_429 = ToolEvent(call_id="c1", tool="orders_list", args={}, status=ToolStatus.FAILED,
                       result="HTTP 429 Too Many Requests")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("这次没查到：预订系统返回了 503，提示是维护窗口。等维护结束后我再查一次？", SEARCH_503, []),
    ("订单接口返回 HTTP 429，请求太频繁，稍后我再试。", ORDERS_429, []),
    ("El sistema de reservas devolvió un 503: está en mantenimiento.", SEARCH_503, []),
    ("La API de pedidos respondió con un 429; lo intento en un minuto.", ORDERS_429, []),
    ("预订系统显示下周有 12 个预订。", SEARCH_503,
     [("failed_call_claimed", "failure.outcome_stated", "12 个预订")]),
    ("Hay 12 reservas la semana que viene.", SEARCH_503,
     [("failed_call_claimed", "failure.outcome_stated", "12 reservas")]),
])
def test_an_http_error_status_returned_discloses_the_failure(
        reply: str, event: ToolEvent, expected: Expected) -> None:
    """"返回了 503", "devolvió un 503": the call's error status, told as what it returned,
    discloses that it failed; a result presented after it is still a finding."""
    assert expected == findings(reply, event)


SEATS = ok("seat_availability", "section,available\nA,0\nB,12",
           {"performance_id": "LY-20261212-1930"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("周六（12 月 12 日）晚上：B 区还有 12 张。", []),
    ("El sábado 12 de diciembre: quedan 12 en B.", []),
    ("周六（12 月 13 日）晚上：B 区还有 12 张。",
     [("ungrounded_value", "value.not_in_results", "12 月 13 日")]),
    ("El domingo 13 de diciembre: quedan 12 en B.",
     [("ungrounded_value", "value.not_in_results", "13 de diciembre")]),
])
def test_a_compact_date_inside_an_identifier(reply: str, expected: Expected) -> None:
    """Eight digits, year first, inside an argument's identifier are that date: it grounds
    the date; another day is still ungrounded."""
    assert expected == of_type("ungrounded_value", reply, SEATS)


ATTENDANCE = ok("rehearsal_attendance", json.dumps(
    [{"name": "周凯", "chair": "四号"}, {"name": "陈思远", "chair": "三号"},
     {"name": "王敏", "chair": "首席"}], ensure_ascii=False))


@pytest.mark.parametrize(("reply", "expected"), [
    ("周凯请假一天，刘建华和陈思远整周都在。", []),
    ("陈也去过那里，王敏在排练。", []),
    ("周楷请假一天。", [("ungrounded_value", "value.name_not_in_results", "周楷")]),
])
def test_a_function_word_after_a_family_name_character(reply: str, expected: Expected) -> None:
    """A family-name character before a one-character function word (都, 也, 在) is a word
    of its own, not a result's name with a changed given name."""
    assert expected == of_type("ungrounded_value", reply, ATTENDANCE)
