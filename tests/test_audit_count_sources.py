"""Where a stated count comes from, when it is no number of listed items.

A count a failed call's own message states beside the same noun is that message
quoted; a count equal to the total of a number column its noun names is that column
added up; a delimited header of words in any script is no row; a predicate restating
the call's own arguments tells no kind of item apart. Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def failed(tool: str, result: str) -> ToolEvent:
    return ToolEvent(call_id="c2", tool=tool, args={}, status=ToolStatus.TIMEOUT,
                     result=result)


INVERTERS = ok("inverter_read", json.dumps({"site": "roof-a", "strings": 4,
                                            "power_kw": 11.2, "capacity_kw": 15}))


@pytest.mark.parametrize(("reply", "error"), [
    ("Roof A makes 11.2 kW. Roof B: no answer, the read timed out after 10 s (6 retries).",
     "Error: modbus read of roof-b timed out after 10s (6 retries)"),
    ("Roof A: 11.2 kW. The roof B upload was refused (7 files over the size limit).",
     "Error 413: 7 files exceed the size limit"),
    ("Roof A da 11,2 kW. Roof B no respondió: agotó 5 reintentos.",
     "Error: timeout tras 5 reintentos"),
])
def test_a_count_quoted_from_a_failure_message(reply: str, error: str) -> None:
    """A count the failed call's message states for the same noun is no count of a listing."""
    assert [] == of_type("count_mismatch", reply, INVERTERS, failed("inverter_read", error))


def test_a_count_the_failure_message_does_not_state_is_still_checked() -> None:
    """Another noun than the failure message's is compared with the listing as before."""
    reply = "Roof A reports 9 strings. Roof B timed out after 4 attempts."
    assert [("count_mismatch", "count.item_count", "9 strings")] == of_type(
        "count_mismatch", reply, INVERTERS,
        failed("inverter_read", "Error: timed out after 4 attempts"))


CELLARS = ok("wine_stock", json.dumps({"estate": "north", "cellars": [
    {"cellar": "C1", "bottles": 4200, "racks": 6}, {"cellar": "C2", "bottles": 3150, "racks": 5},
    {"cellar": "C3", "bottles": 980, "racks": 2}], "audited": "2026-11-30"}))
PARKING = ok("aparcamientos_estado", json.dumps({"zona": "centro", "parkings": [
    {"nombre": "Mercado", "plazas": 320}, {"nombre": "Estación", "plazas": 410},
    {"nombre": "Teatro", "plazas": 130}]}))


@pytest.mark.parametrize(("reply", "event"), [
    ("8,330 bottles in total across the three cellars: 4,200 in C1, 3,150 in C2, 980 in C3.",
     CELLARS),
    ("The north estate holds 8330 bottles altogether.", CELLARS),
    ("En total hay 860 plazas en los tres aparcamientos del centro.", PARKING),
])
def test_a_count_that_is_a_named_column_total(reply: str, event: ToolEvent) -> None:
    """A count whose noun names a number column and equals its total is that sum."""
    assert [] == of_type("count_mismatch", reply, event)


def test_a_count_of_the_rows_beside_a_column_total_is_still_checked() -> None:
    """The rows are still counted: "4 cellars" over three is a count mismatch."""
    assert [("count_mismatch", "count.item_count", "4 cellars")] == of_type(
        "count_mismatch", "8,330 bottles in total across 4 cellars.", CELLARS)


BATCHES_ZH = ok("kiln_batches", "批次,产品,数量,质检\nK1,花瓶,120,合格\nK2,茶杯,300,合格\n"
                                "K3,花瓶,80,返工\nK4,碗,240,合格\n")
LOTES_ES = ok("lotes_export", "lote;producto;cantidad\nL1;queso;40\nL2;yogur;120\nL3;queso;35\n")
# Amounts quoted because their thousands are grouped with the separator.
RENT_ZH = ok("rent_roll", '摊位号,商户,月租_元\nA01,烧烤老王,"2,200"\nA02,小笼包,"1,800"\n'
                          'B04,冰粉,900\n')


@pytest.mark.parametrize(("reply", "event", "wrong"), [
    ("窑炉今天一共 4 个批次，其中 1 个返工。", BATCHES_ZH, "窑炉今天一共 5 个批次。"),
    ("Hoy salieron 3 lotes.", LOTES_ES, "Hoy salieron 4 lotes."),
    ("三月应收租金 4,900 元，共 3 个摊位。", RENT_ZH, "三月应收租金 4,900 元，共 4 个摊位。"),
])
def test_a_delimited_header_in_any_script_is_no_row(reply: str, event: ToolEvent,
                                                    wrong: str) -> None:
    """A first row of words naming the columns is not counted; the rows under it are (a
    separator inside a quoted cell parts no cell)."""
    expected: Expected = []
    assert expected == of_type("count_mismatch", reply, event)
    assert 1 == len(of_type("count_mismatch", wrong, event))


STATIONS = ok("dock_station_list", json.dumps([
    {"station": "Harbour East", "bikes": 3}, {"station": "Harbour West", "bikes": 0},
    {"station": "Mill Lane", "bikes": 5}, {"station": "Market", "bikes": 2}]),
    args={"zone": "harbour"})


def test_a_predicate_restating_the_calls_argument_names_no_kind() -> None:
    """"3 stations in the Harbour zone" over four listed by zone=harbour is a wrong count,
    though two station names hold "Harbour"."""
    assert [("count_mismatch", "count.item_count", "3 stations")] == of_type(
        "count_mismatch", "There are 3 stations in the Harbour zone.", STATIONS)
