"""A name written shorter than a result writes it (middle words left out: "Vajra Albe" of
"G.D. Vajra Barolo Albe") is that name; a first name the results pair with another last
name is still a changed name, in names of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

CELLAR = ok("cellar_search", json.dumps({"results": [
    {"wine": "G.D. Vajra Barolo Albe", "vintage": 2019},
    {"wine": "Giacomo Conterno Barolo Francia", "vintage": 2016},
    {"wine": "Vietti Barolo Castiglione", "vintage": 2020}]}))
STAFF = ok("staff_directory", json.dumps([
    {"name": "Maria Elena Torres", "role": "charge nurse"},
    {"name": "Priya Raman", "role": "pharmacist"}]))
ROSES = ok("stock_lookup", "sku,name,on_hand\nRBR-0112,Rosa 'Gertrude Jekyll',4\n"
                          "RBR-0147,Rosa 'Munstead Wood',7\n")
STOPS = ok("route_stops", "stop,platform\nKing Street Upper Bridge,2\nMill Lane North,1\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("- **Vajra Albe 2019**, the obvious everyday pick", CELLAR),
    ("Open the Conterno Francia last; it was sent by Vietti Castiglione's importer.", CELLAR),
    ("The rota was approved by Maria Torres this morning.", STAFF),
    ("According to the stock list, Gertrude Jekyll is down to 4.", ROSES),   # quoted name
    ("The 14 bus stops at King Bridge (platform 2) according to the listing.", STOPS),
])
def test_a_name_written_shorter_is_grounded(reply: str, event: object) -> None:
    """Its first word begins a result's name and its last word follows there."""
    assert [] == of_type("ungrounded_value", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "span"), [
    ("The rota was approved by Priya Ramesh this morning.", "Priya Ramesh"),
    ("The rota was approved by Maria Lopez this morning.", "Maria Lopez"),
])
def test_a_first_name_with_another_last_name_is_still_changed(reply: str, span: str) -> None:
    """A last name the results never write after that first name is a changed name."""
    assert [("ungrounded_value", "value.name_not_in_results", span)] == of_type(
        "ungrounded_value", reply, STAFF)
