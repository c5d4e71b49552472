"""Counts worked out from a record (what is left of a capacity), estimates set off by
emphasis, English words of a record's state, and the call a sentence names."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import of_type, ok
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

SESSIONS = ok("session_list", "date,time,session,capacity,sold\n"
                              "2027-01-15,17:00,Open skate,250,188\n"
                              "2027-01-15,20:00,Late skate,250,241\n"
                              "2027-01-16,12:00,Family intro,60,47\n"
                              "2027-01-17,11:00,Open skate,250,96\n")


@pytest.mark.parametrize("reply", [
    "The late skate on Friday is nearly full: 9 places left.",                          # en
    "La sesión nocturna del viernes va casi llena: quedan 9 entradas.",                 # es
    "周五晚场快满了，只剩 9 个名额。",                                                       # zh
])
def test_a_count_left_of_a_records_capacity(reply: str) -> None:
    """A count said to be left is one cell of a record less another (250 less 241): what
    remains, not a miscount of the four sessions listed."""
    assert [] == of_type("count_mismatch", reply, SESSIONS)


@pytest.mark.parametrize("reply", [
    "The late skate on Friday is nearly full: 8 tickets left.",
    "La sesión nocturna del viernes va casi llena: quedan 8 entradas.",
    "周五晚场快满了，只剩 7 个名额。",
])
def test_a_count_left_that_no_record_gives_is_a_mismatch(reply: str) -> None:
    """A count said to be left that no record's cells differ by is still checked."""
    assert ["count.item_count"] == [f[1] for f in of_type("count_mismatch", reply, SESSIONS)]


def test_a_count_without_a_word_of_leftover_is_not_a_difference() -> None:
    """Without a word saying what is left, a record's difference excuses nothing."""
    assert ["count.item_count"] == [f[1] for f in of_type(
        "count_mismatch", "Friday had 9 sessions.", SESSIONS)]


WAITING = ok("waiting_list", "test      patients  mean_wait_days\n"
                             "CT             341              19\n"
                             "MRI            587              43\n"
                             "Ultrasound     402              22\n"
                             "Mammogram      118              15\n")


@pytest.mark.parametrize("reply", [
    "There are about **1,450 patients** waiting (1,448 exactly).",                     # en
    "Hay unas **1.450 personas** en lista de espera (1.448 exactamente).",              # es
    "So roughly __9 weeks__ of waiting at that rate.",
])
def test_an_approximate_count_set_off_by_emphasis(reply: str) -> None:
    """'about **1,450 patients**' is an estimate, as 'about 1,450 patients' is: the marks
    between the word and the figure do not make it a count of the listing."""
    assert [] == of_type("count_mismatch", reply, WAITING)


def test_an_emphasised_count_without_a_word_of_estimate_is_checked() -> None:
    """Emphasis alone makes no estimate: '**9 tests**' over four rows is a miscount."""
    assert ["count.item_count"] == [f[1] for f in of_type(
        "count_mismatch", "The list covers **9 tests**.", WAITING)]


PILOTAGE = ok("pilotage_requests", "req_id   vessel         station  status\n"
                                   "PR-8801  MSC Aurelia    Alpha    CONFIRMED\n"
                                   "PR-8803  Nordic Tern    Alpha    CONFIRMED\n"
                                   "PR-8806  Veerle         Bravo    PENDING\n")


@pytest.mark.parametrize("reply", [
    "Nothing waiting: the requests are all confirmed.",
    "None awaiting confirmation, all three are confirmed.",
])
def test_an_everyday_word_for_a_status_the_result_writes(reply: str) -> None:
    """'waiting' denies the PENDING rows the result lists (the English word tools write
    that state in), as 'pendiente' and 待 already did."""
    assert ["absence.result_has_items"] == [f[1] for f in of_type("false_absence", reply,
                                                                  PILOTAGE)]


def test_an_everyday_word_for_a_status_no_row_holds() -> None:
    """'Nothing waiting' over rows that are all confirmed is true."""
    confirmed = ok("pilotage_requests", "req_id   vessel       status\n"
                                        "PR-8801  MSC Aurelia  CONFIRMED\n"
                                        "PR-8803  Nordic Tern  CONFIRMED\n")
    assert [] == of_type("false_absence", "Nothing waiting: all confirmed.", confirmed)


def _invoices(call_id: str, client: str, rows: list[dict[str, str]]) -> ToolEvent:
    return ToolEvent(call_id=call_id, tool="billing_invoices",
                     args={"client": client, "status": "unpaid"}, status=ToolStatus.OK,
                     result=json.dumps(rows))


def test_an_absence_is_judged_by_the_call_its_sentence_names() -> None:
    """'Wakefield Family Court: nothing outstanding' is about the call made for that
    client (empty), not the other client's unpaid invoices."""
    calder = _invoices("c1", "Calder NHS Trust", [{"invoice": "INV-3390", "amount": "684.00"}])
    wakefield = _invoices("c2", "Wakefield Family Court", [])
    reply = ("Calder NHS Trust: £684.00 on one invoice.\n\n"
             "Wakefield Family Court: nothing outstanding.")
    assert [] == of_type("false_absence", reply, calder, wakefield)


def test_an_absence_of_the_named_call_that_lists_items() -> None:
    """The same absence said of the client whose call lists an unpaid invoice is false."""
    calder = _invoices("c1", "Calder NHS Trust", [{"invoice": "INV-3390", "amount": "684.00"}])
    wakefield = _invoices("c2", "Wakefield Family Court", [])
    reply = "Calder NHS Trust: nothing outstanding. Wakefield Family Court: none either."
    assert ["absence.selected_state_listed"] == [
        f[1] for f in of_type("false_absence", reply, calder, wakefield)][:1]


MILKING = ok("milking_log", json.dumps([
    {"date": "2026-11-26", "day": "jueves", "litres": 412},
    {"date": "2026-11-27", "day": "viernes", "litres": 398},
    {"date": "2026-11-28", "day": "sábado", "litres": 405},
]))


@pytest.mark.parametrize("reply", [
    "Hoy lunes todavía no aparece en el registro.",                                    # es
    "There are no entries for Monday.",                                                # en
    "周一还没有记录。",                                                                     # zh
])
def test_an_absence_on_a_weekday_no_item_falls_on(reply: str) -> None:
    """An absence scoped to a day of the week is of that day's items: none is dated on a
    Monday, so it is true."""
    assert [] == of_type("false_absence", reply, MILKING)


def test_an_absence_on_a_weekday_an_item_falls_on_is_checked() -> None:
    """The same absence of a day the result has an item on is still checked."""
    assert ["absence.result_has_items"] == [f[1] for f in of_type(
        "false_absence", "Hoy viernes todavía no aparece en el registro.", MILKING)]


def test_an_absence_since_a_weekday_is_a_span_not_the_day() -> None:
    """'since Monday' opens a span to today: the items after Monday are in it."""
    assert ["absence.result_has_items"] == [f[1] for f in of_type(
        "false_absence", "No entries in the log since Monday.", MILKING)]


def test_a_result_that_counts_none_beside_its_query_is_empty() -> None:
    """{"searched": {...}, "count": 0, "entries": []} found nothing: 'No marriage entry'
    of it is true, whatever another call of the turn lists."""
    query = {"parish": "St Just", "from": 1860, "to": 1870, "names": ["Nankervis"]}
    marriages = ToolEvent(call_id="c1", tool="registers.search",
                          args={**query, "register": "marriages"}, status=ToolStatus.OK,
                          result=json.dumps({"searched": {**query, "register": "marriages"},
                                             "count": 0, "entries": []}, indent=2))
    banns = ToolEvent(call_id="c2", tool="registers.search",
                      args={**query, "register": "banns"}, status=ToolStatus.OK,
                      result=json.dumps({"count": 1, "entries": [
                          {"volume": "P/133/1/22", "readings": ["1863-11-08", "1863-11-15"],
                           "groom": "Richard Nankervis, bachelor, of this parish"}]},
                          indent=2))
    assert [] == of_type("false_absence",
                         "No marriage entry for them in the St Just register for 1860–1870.",
                         marriages, banns)


PLOTS = ok("plots_search", "plot   area          type        price_eur\n"
                           "CR-03  Oak Clearing  individual  1450\n"
                           "CR-11  Oak Clearing  ashes        690\n")


@pytest.mark.parametrize(("reply", "user", "expected"), [
    ("Dobles no queda ninguna. Lo que hay libre son 2 parcelas.",
     "¿Queda alguna parcela doble libre?", []),
    ("Individuales no queda ninguna.", "¿Queda alguna parcela individual libre?",
     ["absence.result_has_items"]),
])
def test_an_absence_of_the_kind_its_clause_opens_with(
        reply: str, user: str, expected: list[str]) -> None:
    """'Dobles no queda ninguna': the absence denies the kind the user asked about and the
    clause opens with; no row holds it, so it is true. A kind a row holds is still checked."""
    assert expected == [f[1] for f in of_type("false_absence", reply, PLOTS, user=user)]
