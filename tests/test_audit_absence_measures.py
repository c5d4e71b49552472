"""An absence of a measured amount ("no rain", "no hay lluvia prevista", "没有限电") over a
column of that amount at 0 in every row is borne out; a row above zero refutes it as
before; a column of chances ("prob_lluvia") is no amount. Results and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent


def _forecast(third_day_mm: str) -> ToolEvent:
    return ok("meteo.forecast", "fecha       t_max  lluvia_mm  prob_lluvia\n"
                                "2027-03-10  17     0.0        5%\n"
                                f"2027-03-11  19     {third_day_mm}        0%\n"
                                "2027-03-12  21     0.0        10%\n",
              {"lugar": "Colmenar", "dias": 3})


WEATHER = ok("weather.daily", "day  high_c  precip_mm  rain_chance\nThu  14  0  20%\n"
                              "Fri  15  0  35%\nSat  12  0  10%\n", {"days": 3})
GRID = ok("scada_daily", "日期,场站,发电量_kWh,限电_kWh\n2026-12-04,青山,184320,0\n"
                         "2026-12-05,青山,176400,0\n", {"site": "青山"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No, no hay lluvia prevista en los próximos tres días.", _forecast("0.0"), []),
    ("No, no hay lluvia prevista en los próximos tres días.", _forecast("1.2"),
     ["absence.result_has_items"]),
    # Rain under another name of precipitation; its chance is no amount of it.
    ("No rain expected through Saturday, though Friday has a 35% chance.", WEATHER, []),
    ("这两天都没有限电，发电正常。", GRID, []),
])
def test_an_absent_amount_over_a_column_at_zero(reply: str, event: ToolEvent,
                                                expected: list[str]) -> None:
    """Every row at 0 in the column the absence names: no finding; one above: a finding."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]


def _rota(second: list[str]) -> ToolEvent:
    return ok("rota.get", json.dumps({"rota": "night_transport", "shifts": [
        {"shift": "22:00-02:00", "volunteers": []},
        {"shift": "02:00-06:00", "volunteers": second}]}))


@pytest.mark.parametrize(("names", "expected"), [
    ([], []),
    (["R. Osei"], ["absence.result_has_items"]),
])
def test_items_that_all_hold_nothing_are_empty(names: list[str], expected: list[str]) -> None:
    """"Both shifts are empty" over shifts whose volunteers are [] is borne out; one name
    refutes it."""
    reply = "No, nobody yet. Both Friday night shifts are empty."
    assert expected == [f[1] for f in findings(reply, _rota(names)) if f[0] == "false_absence"]


PAPEL = ok("inventario.papel", "ref,papel,gramaje,hojas,estado\n"
                               "FA-200-70,Fabriano,200,35,disponible\n"
                               "FA-300-70,Fabriano,300,{hojas},{estado}\n")


def test_an_absence_of_the_row_its_sentence_names() -> None:
    """"del de 300 g no queda nada (FA-300-70 está agotado)" over that row at 0 sheets is
    borne out, though the result lists other rows."""
    event = ok("inventario.papel", PAPEL.result.format(hojas="0", estado="agotado"))
    reply = "No, del de 300 g no queda nada (FA-300-70 está agotado). Del de 200 g hay 35."
    assert [] == [f[1] for f in findings(reply, event) if f[0] == "false_absence"]


TYRES = ok("tpms.lecturas", "bus;rueda;bar;objetivo;estado\n4417;tras. izq. int.;7,2;8,5;BAJA\n"
                            "4433;del. izq.;8,4;8,5;OK\n4433;del. der.;8,5;8,5;OK\n"
                            "4452;del. der.;7,6;8,5;BAJA\n")


@pytest.mark.parametrize(("bus", "expected"), [
    ("4433", []),
    ("4417", ["absence.result_has_items"]),
])
def test_an_absence_of_the_items_named_before_it(bus: str, expected: list[str]) -> None:
    """"el 4433 no tiene ninguna baja": only the items named before the negation count;
    another bus's low tyre does not refute it, its own does."""
    reply = f"La 4452 va baja de un lado, y el {bus} no tiene ninguna baja."
    assert expected == [f[1] for f in findings(reply, TYRES) if f[0] == "false_absence"]
