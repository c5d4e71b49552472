"""Counts that are quantities or subsets, not the number of a result's rows: the rules, in
sentences of our own, with (type, rule, span) where a count is still wrong."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

DEVICES = ok("home_devices", json.dumps([
    {"id": f"{kind}.{room}", "type": kind, "state": state}
    for kind, room, state in [("lamp", "porch", "on"), ("lamp", "den", "off"),
                              ("lamp", "attic", "off"), ("lamp", "study", "on"),
                              ("lamp", "garage", "off"), ("switch", "pump", "on"),
                              ("switch", "heater", "off")]]))
SHELF = ok("shelf_stock", "sku,label,stock\nA-1,Hex nut,17\nA-2,Washer,9\nA-3,Spring,4\n"
           "A-4,Bolt,12\n")
TABLES = ok("restaurant_bookings", json.dumps([
    {"table": "T1", "guests": 6, "time": "20:00"}, {"table": "T4", "guests": 2, "time": "21:30"},
    {"table": "T7", "guests": 5, "time": "19:00"}]))


@pytest.mark.parametrize(("reply", "events"), [
    ("Two lamps are on:", DEVICES),                                # en: copula + state word
    ("Two lamps are on, the others are off.", DEVICES),
    ("A-1 and A-2 together: 26 units.", SHELF),                   # en: units is a quantity
    ("A-1 y A-2 suman 26 uds.", SHELF),                           # es: uds. is a quantity
    ("A-1 y A-2 suman 26 unidades.", SHELF),
    ("T1 and T4 together seat 8 guests.", TABLES),                 # a numeric column's noun
    ("T1 y T4 suman 8 comensales.", TABLES),                      # es: comensales
])
def test_quantities_and_predicated_subsets_are_not_row_counts(reply: str,
                                                              events: object) -> None:
    """A noun of quantity, a noun naming a numeric column, and a subset picked by a
    predicate after a copula are not compared with the number of rows."""
    assert [] == of_type("count_mismatch", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events", "span"), [
    # A noun of things far above the rows, and no figure of the turn: 17 + 9 is 26.
    ("A-1 and A-2 together: 27 bolts.", SHELF, "27 bolts"),
    ("There are 8 bookings tonight.", TABLES, "8 bookings"),      # the whole list
    ("The hub lists 9 devices.", DEVICES, "9 devices"),
])
def test_a_count_of_things_is_still_checked(reply: str, events: object, span: str) -> None:
    """A count of things (not a quantity, not a predicated subset, not a figure the turn
    grounds) that differs from the rows is still a count mismatch."""
    assert [("count_mismatch", "count.item_count", span)] == of_type(
        "count_mismatch", reply, events)  # type: ignore[arg-type]


ROUTES = ok("route_export", "route_id,origin,stops,km\nR-1,Salem, OR,4,120.5\nR-2,Reno, NV,6,88.0\n"
            "R-3,Salem, OR,3,64.2\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("The export has 3 routes.", []),
    ("La exportación tiene 3 rutas.", []),
    ("The export has 4 routes.", [("count_mismatch", "count.item_count", "4 routes")]),
])
def test_a_csv_header_is_no_row_when_a_cell_holds_a_comma(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """An unquoted "Salem, OR" cell does not make the header look like a row."""
    assert expected == of_type("count_mismatch", reply, ROUTES)


PUMPS = ok("pump_status", "pump,state\nP1,running\nP2,running\nP3,running\nP4,running\n"
           "P5,running\nP6,running\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("All 6 of the pumps are running.", []),
    ("All 5 of your pumps are running.",
     [("count_mismatch", "count.item_count", "5 of your pumps")]),
    ("5 of the pumps are running.", []),      # a part, not the whole: not checked
])
def test_all_n_of_the_noun_counts_the_whole_list(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """"All <n> of the <noun>" states the size of the whole list; "<n> of the" alone is
    a part of it."""
    assert expected == of_type("count_mismatch", reply, PUMPS)


@pytest.mark.parametrize(("reply", "expected"), [
    ("The folder holds the Year 11 changes.", []),                 # en: a label
    ("I put them in Room 204 files.", []),
    ("Están en la Sala 3 archivos.", []),                          # es: a label
    ("They follow the EN 892 rope rules for each of the files.", []),  # an acronym's number
    ("ISO 9001 files are all here.", []),
    ("OK 4 files.", [("count_mismatch", "count.item_count", "4 files")]),  # an answer word
    ("Found 3 files.", [("count_mismatch", "count.item_count", "3 files")]),  # first word
    ("Encontré 3 archivos.", [("count_mismatch", "count.item_count", "3 archivos")]),
    # A lower-case noun a number labels: the number names the thing.
    ("The two ep 10 files have no one assigned.", []),
    ("Los archivos de la línea 3 están listos.", []),
    ("The line 3 files hold 12 files.", [("count_mismatch", "count.item_count", "12 files")]),
])
def test_a_number_after_a_capitalised_noun_is_a_label(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A number right after a capitalised noun inside a sentence names a thing ("Year 11",
    "Sala 3"), and so does one right after an acronym anywhere ("EN 892", "ISO 9001") or
    a noun of the pack's labelled things ("ep 10", "línea 3"); a sentence's capitalised
    first word before a count does not."""
    files = ok("list_dir", "a.txt\nb.txt\nc.txt\nd.txt\ne.txt\n")
    assert expected == of_type("count_mismatch", reply, files)
