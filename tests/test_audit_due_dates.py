"""An absence of a state a date makes ('nothing overdue', 'no hay nada vencido', '没有逾期的')
is false when a row's due date is before the turn's own day (the receipts' day, less a
day for the reader's zone). Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

# 2026-12-05 12:00 UTC, as a receipt records it: a date before 2026-12-04 has passed.
_RECEIPT = "zc-receipt-1796472000-" + "A" * 43


def _event(result: str, receipt: str | None = _RECEIPT) -> ToolEvent:
    return ToolEvent(call_id="c1", tool="hire.open_contracts", args={"depot": "east"},
                     status=ToolStatus.OK, result=result, receipt=receipt)


HIRE = _event("contract,customer,item,due_date\n"
              "H-12,Brook Farm,scaffold tower,2026-12-20\n"
              "H-15,Ash Lane Builders,mini digger,2026-12-02\n"
              "H-19,Brook Farm,plate compactor,2026-12-11")
PRESTAMOS = _event(json.dumps({"prestamos": [
    {"equipo": "taladro", "socio": "M. Ruiz", "vencimiento": "2026-12-09"},
    {"equipo": "escalera", "socio": "L. Vidal", "vencimiento": "2026-11-28"}]}))
# Keys in PascalCase, as an accounting API writes them.
INVOICES = _event(json.dumps({"Invoices": [
    {"InvoiceNumber": "INV-0851", "Contact": {"Name": "Kurow Downs"}, "DueDate": "2026-11-13",
     "AmountDue": 3244.5},
    {"InvoiceNumber": "INV-0866", "Contact": {"Name": "Tara Hills"}, "DueDate": "2026-12-20",
     "AmountDue": 1922.0}]}))
JIEYONG = _event(json.dumps([{"设备": "投影仪", "借用人": "王芳", "到期日": "2026-12-01"},
                             {"设备": "麦克风", "借用人": "李强", "到期日": "2026-12-15"}]))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("Nothing overdue at the east depot, all contracts run into next week.", HIRE,
     "Nothing overdue"),
    ("Nothing overdue for Ash Lane Builders.", HIRE, "Nothing overdue"),
    ("No contracts are overdue right now.", HIRE, "No contracts"),
    ("No hay nada vencido: todos los préstamos siguen en plazo.", PRESTAMOS,
     "No hay nada vencido"),
    ("目前没有逾期的借用。", JIEYONG, "没有逾期的借用"),
    ("Nobody's behind, there's nothing overdue at the moment.", INVOICES, "nothing overdue"),
])
def test_absence_of_a_due_state_refuted_by_a_past_date(reply: str, event: ToolEvent,
                                                       span: str) -> None:
    """A row due before the turn's day refutes 'nothing overdue' (en, es, zh)."""
    assert [("false_absence", "absence.due_date_passed", span)] == [
        f for f in findings(reply, event) if f[0] == "false_absence"]


def _late_row(due: str) -> ToolEvent:
    return _event(f"contract,customer,item,due_date\nH-12,Brook Farm,scaffold tower,{due}\n"
                  "H-19,Brook Farm,plate compactor,2026-12-11\n")


@pytest.mark.parametrize(("reply", "event"), [
    # Due yesterday or today: the reader's zone may still be on that day.
    ("Nothing overdue at the east depot.", _late_row("2026-12-04")),
    ("Nothing overdue at the east depot.", _late_row("2026-12-05")),
    # A field of states: a past date may be of a returned item.
    ("Nothing overdue at the east depot.", _event(
        "contract,customer,status,due_date\nH-12,Brook Farm,returned,2026-11-20\n"
        "H-19,Brook Farm,out,2026-12-11\n")),
    # No receipt: the turn's day is not known.
    ("Nothing overdue at the east depot.", _event(HIRE.result, receipt=None)),
    # The clause names another customer's rows only.
    ("Nothing overdue for Brook Farm.", HIRE),
    # A column of dates that are no due dates (when the hire began).
    ("Nothing overdue at the east depot.", _event(
        "contract,customer,out_since\nH-12,Brook Farm,2026-11-02\n"
        "H-19,Brook Farm,2026-11-30\n")),
])
def test_no_past_due_date_no_finding(reply: str, event: ToolEvent) -> None:
    """No finding when no row is surely past due, or the absence is about other rows."""
    assert [] == [f for f in findings(reply, event) if f[0] == "false_absence"]


def _inks(first_use_by: str) -> ToolEvent:
    return _event("ink,batch,opened,use_by\n"
                  f"Bright Red,ER-5520,2026-11-02,{first_use_by}\n"
                  "Lining Black,EL-7342,2026-10-03,2027-08-03\n"
                  "True Black,IT-1180,2026-09-20,2027-06-15\n")


@pytest.mark.parametrize(("reply", "first_use_by", "expected"), [
    # Every use-by date ahead: the absence of the state the dates make is borne out,
    # whatever else the rows hold.
    ("没有过期的，最早的是 Bright Red。", "2027-05-02", []),
    ("Nothing has expired; Bright Red is the first to go.", "2027-05-02", []),
    # One use-by date past: "use_by" is a due-date column.
    ("没有过期的，最早的是 Bright Red。", "2026-11-20", ["absence.due_date_passed"]),
])
def test_use_by_dates_decide_an_absence_of_expiry(reply: str, first_use_by: str,
                                                 expected: list[str]) -> None:
    """Dates in a column named by a due date's words ("use_by") decide "nothing expired"
    both ways."""
    assert expected == [f[1] for f in findings(reply, _inks(first_use_by))
                        if f[0] == "false_absence"]


# An invoice ledger that dates itself, months before the receipts' day.
LEDGER = ("as_of: 2026-05-20\n"
          "invoice   client      amount_gbp  due_date    status\n"
          "INV-5521  S. Abbott   420.00      2026-05-31  open\n"
          "INV-5490  J. Cole     385.00      {due}  {state}\n"
          "INV-5530  L. Mensah   310.00      2026-05-31  open\n")


@pytest.mark.parametrize(("reply", "due", "state", "expected"), [
    # Past on the ledger's own day, with a state of an item still out.
    ("None overdue as of today, 3 open invoices.", "2026-05-15", "open",
     ["absence.due_date_passed"]),
    ("No hay ninguna factura vencida.", "2026-05-15", "pendiente", ["absence.due_date_passed"]),
    # Due after the ledger's day: not late on the day it was read, though the receipts' day
    # is months later.
    ("None overdue as of today, 3 open invoices.", "2026-05-25", "open", []),
    # Paid: the date no longer says the item is due.
    ("None overdue as of today, 3 open invoices.", "2026-05-15", "paid", []),
])
def test_result_that_dates_itself_is_read_on_its_own_day(reply: str, due: str, state: str,
                                                         expected: list[str]) -> None:
    """A result's 'as_of' day is the day its due dates are judged on, 'as of today' does
    not scope the absence to items dated today, and a state field counts only when it
    says the item is still out."""
    event = _event(LEDGER.format(due=due, state=state.ljust(6)))
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]


def test_zh_absence_before_its_receipt_is_checked() -> None:
    """'没有逾期的 [receipt: …]。': the receipt's bracket ends the absence's subject."""
    reply = f"借出的 3 件设备都在借期内，没有逾期的 [receipt: {_RECEIPT}]。"
    assert [("false_absence", "absence.due_date_passed", "没有逾期的")] == [
        f for f in findings(reply, JIEYONG) if f[0] == "false_absence"]


@pytest.mark.parametrize("reply", [
    "No, ninguno tiene el préstamo vencido.",
    "Ninguna tiene la devolución vencida todavía.",
])
def test_es_none_has_a_thing_in_a_due_state(reply: str) -> None:
    """'ninguno tiene la ITV caducada': a thing of the items in a due state, denied by the
    negative pronoun, is an absence (and a past date refutes it)."""
    assert ["absence.due_date_passed"] == [
        f[1] for f in findings(reply, PRESTAMOS) if f[0] == "false_absence"]


FRIDGE = _event("location: fridge 2 (vaccines)\nproduct,batch,qty,expiry\n"
                "Cytopoint 20 mg,CY8814,2,2026-12-14\nNobivac Rabies,NR0987,3,{expiry}\n")
TAREAS = _event("tarea   descripcion                              vence       asesor\n"
                "T-4410  Llamar a Hacienda (Sra. Pozo)            2026-12-01  Lidia\n"
                "T-4425  Seguimiento ERE (Textil Norte)           2026-12-10  Andrés\n")
INKS = ToolEvent(call_id="c1", tool="inventory.list",
                 args={"category": "ink", "fields": ["brand", "lot", "expires", "qty"]},
                 status=ToolStatus.OK, result="brand    lot       expires     qty\n"
                                              "Eternal  EL-26031  2028-03-31  6\n"
                                              "Intenze  IZ-0619Y  2027-01-15  1\n"
                                              "Dynamic  DY-87901  2027-02-28  4\n",
                 receipt=_RECEIPT)


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # "past its date", "out of date", with where the items are between.
    ("Nothing in fridge 2 is past its date.", _event(FRIDGE.result.format(expiry="2026-11-28")),
     ["absence.due_date_passed"]),
    ("Nothing in fridge 2 is out of date.", _event(FRIDGE.result.format(expiry="2027-05-30")), []),
    # A common noun of the items some row's text holds names no row ("seguimiento").
    ("Ningún seguimiento vencido.", TAREAS, ["absence.due_date_passed"]),
    # The columns a call asks for select no items: "expires" among its fields.
    ("You're fine: nothing on the shelf is expired.", INKS, []),
])
def test_due_states_said_otherwise(reply: str, event: ToolEvent, expected: list[str]) -> None:
    """Due states in other words, an item noun that is no name, a call's fields: read as
    the dates say."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]


# Due dates all after the turn's day, but one row's field of states says it is late.
WORK_ORDERS = _event("wo       asset   due         status\n"
                     "WO-101   P-1     2026-12-20  open\n"
                     "WO-102   P-2     2026-12-18  OVERDUE\n"
                     "WO-103   P-3     2026-12-22  in_progress\n")


@pytest.mark.parametrize(("reply", "span"), [
    ("Nothing overdue on the pumps.", "Nothing overdue"),
    ("目前没有逾期的工单。", "没有逾期的工单"),
    ("No hay ninguna orden vencida.", "No hay ninguna orden vencida"),
])
def test_a_state_written_in_a_row_outweighs_its_due_dates(reply: str, span: str) -> None:
    """A row whose status says the state the absence denies refutes it, though every due
    date is still ahead: the result says so itself, whatever the dates and the clock."""
    assert [("false_absence", "absence.result_has_items", span)] == [
        f for f in findings(reply, WORK_ORDERS) if f[0] == "false_absence"]


# Every due date after the turn's day (2026-12-05).
AHEAD = _event("contract,customer,item,due_date\n"
               "H-21,Brook Farm,scaffold tower,2026-12-20\n"
               "H-22,Ash Lane Builders,mini digger,2026-12-11\n"
               "H-23,Brook Farm,plate compactor,2027-01-10")


@pytest.mark.parametrize(("reply", "expected"), [
    ("No, none of the contracts expire before 15 December.", ["absence.due_date_passed"]),
    ("Nothing falls due before 15 December, so the yard stays full.",
     ["absence.due_date_passed"]),
    ("No, none of the contracts expire before 10 December.", []),
    ("Nothing expires, all contracts run into next week.", []),
])
def test_an_absence_bounded_by_a_day_is_judged_on_that_day(reply: str,
                                                            expected: list[str]) -> None:
    """'none expire before 15 December': a row due before the day the clause names refutes
    it, though no due date has passed yet; before an earlier day, none does."""
    assert expected == [f[1] for f in findings(reply, AHEAD) if f[0] == "false_absence"]
