"""A record whose figures are all zero confirms an absence of what those figures measure,
not of anything else its sentence names: {"market": "Harbour Street", "incidents": 0}
says nothing about fines at Harbour Street. Sentences and tools of our own."""

from __future__ import annotations

import json

from audit_rules import findings, ok

FINES = ok("permits.fines", "case,stall,holder,reason,date,amount_eur,status\n"
                            "F-31,12,J. Okafor,blocked aisle,2027-02-03,80.00,paid",
           {"market": "Harbour Street"})
INSPECTION = ok("permits.inspection", json.dumps(
    {"market": "Harbour Street", "inspector": "R. Vance", "date": "2027-03-01",
     "incidents": 0}), {"market": "Harbour Street"})
FEES = ok("account.charges", json.dumps(
    [{"item": "late fee", "account": "Harbour Street", "amount": "0.00"},
     {"item": "pitch rent", "account": "Harbour Street", "amount": "120.00"}]))


def test_a_zero_of_another_measure_confirms_nothing() -> None:
    """Fines denied at a market whose inspection record counts 0 incidents, while the fines
    call lists one: a false absence."""
    reply = ("No fines were recorded at Harbour Street this year. The last inspection found "
             "no incidents.")
    assert [("false_absence", "absence.result_has_items", "No fines")] == findings(
        reply, FINES, INSPECTION)


def test_a_zero_of_the_denied_measure_confirms_it() -> None:
    """The incidents the record counts at zero are the incidents denied: no finding."""
    assert [] == findings("No incidents at Harbour Street on the last inspection.", INSPECTION)


def test_a_row_named_with_a_zero_amount_confirms_it() -> None:
    """A row naming the thing with a zero amount ("late fee": 0.00) confirms "no late fee"."""
    assert [] == findings("There is no late fee on the Harbour Street account.", FEES)
