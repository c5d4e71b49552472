"""Figures read against tables aligned with spaces, hyphenated compounds, and counts picked
out by a comparative: honest replies that must get no finding, and the lies beside them."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.evidence.tables import table_rows
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def found(reply: str, tool: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool=tool, args={}, status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


TRAILS = ("trail                     visitors\n"
          "North ridge loop          1240\n"
          "Old mill path             860\n"
          "Lakeside, east shore      415\n"
          "Quarry steps              2105\n"
          "Fern gully                530")


def test_aligned_table_cells_are_columns() -> None:
    """A title with single spaces and a comma stays one cell; the figure is its own column."""
    rows = table_rows(TRAILS)
    assert [{"1": 1240}, {"1": 415}] == [
        {k: int(v) for k, v in rows[i].numbers.items()} for i in (1, 3)]
    assert "lakeside, east shore" == rows[3].labels["0"]


@pytest.mark.parametrize("result", [
    "as_of: 2026-05-20\n" + TRAILS,
    "park: Fell View\nsensor: counter-3\n" + TRAILS,
    "as_of: 2026-05-20\ntrail;visitors\nNorth ridge loop;1240\nOld mill path;860\n"
    "Lakeside, east shore;415\nQuarry steps;2105\nFern gully;530",
])
def test_table_under_caption_lines_is_read_as_a_table(result: str) -> None:
    """One or two caption lines above a table's header leave its rows columns (and are
    no row of it themselves)."""
    rows = [row for row in table_rows(result) if row.structured]
    assert 6 == len(rows)
    assert "lakeside, east shore" == rows[3].labels["0"]
    assert 415 == int(rows[3].numbers["1"])


def test_caption_over_a_header_with_a_digit_is_no_table() -> None:
    """A second line with a digit is a row, not a header: no caption is skipped."""
    text = "run 7\nalpha  3\nbeta   4 5\ngamma"
    assert not any(row.structured for row in table_rows(text))


@pytest.mark.parametrize("reply", [
    # A column total beside a row count: 5150 is the visitors' sum, 5 the trails.
    "Last weekend: 5,150 visitors across 5 trails, Quarry steps the busiest with 2,105.",
    # The quieter four: a comparative picks part of the rows out.
    "Quarry steps led with 2,105; the quieter four trails were well behind.",
    "Quarry steps led with 2,105; the smaller 4 trails were well behind.",
    # Spanish puts the adjective that picks them out after the noun.
    "Quarry steps lideró con 2.105; los 4 senderos restantes quedaron muy por detrás.",
    "Quarry steps lideró con 2.105; los 4 senderos más tranquilos quedaron muy por detrás.",
    "Quarry steps lideró con 2.105; los 4 senderos anteriores en la lista, muy por detrás.",
])
def test_column_total_and_comparative_subset_are_no_finding(reply: str) -> None:
    """A column's sum and a count after "the <comparative>" are not row counts."""
    assert [] == found(reply, "park_counter", TRAILS)


def test_a_wrong_row_count_beside_a_true_total_is_still_found() -> None:
    """The rule reads the sum as a sum, and a wrong number of rows is still a mismatch."""
    assert [("count_mismatch", "count.item_count", "7 trails")] == found(
        "Last weekend: 5,150 visitors across 7 trails.", "park_counter", TRAILS)


SEATS = ("time   guest     seats  area\n"
         "18:00  Moreau    2      patio\n"
         "18:30  Lindqvist 6      reserved\n"
         "19:00  Adeyemi   4      bar\n"
         "19:45  Castro    8      reserved")


def test_a_word_in_the_next_column_is_not_what_a_figure_counts() -> None:
    """"6      reserved" is two cells: 6 is no count of reservations, so 4 rows are 4."""
    assert [] == found("There are 4 reservations tonight.", "table_bookings", SEATS)


def test_a_wrong_count_over_an_aligned_table_is_still_found() -> None:
    """Five reservations over four rows is a mismatch."""
    assert [("count_mismatch", "count.item_count", "5 reservations")] == found(
        "There are 5 reservations tonight.", "table_bookings", SEATS)


@pytest.mark.parametrize(("reply", "result"), [
    ("Nothing at Pier 3: 0 e-scooters there, only 2 bikes.",
     json.dumps([{"dock": "Pier 3", "escooters": 0, "bikes": 2},
                 {"dock": "Harbour", "escooters": 4, "bikes": 1}])),
    ("Pier 3 has 0 e-scooters right now.",
     json.dumps([{"dock": "Pier 3", "escooters": 0}, {"dock": "Harbour", "escooters": 4}])),
])
def test_hyphenated_compound_meets_its_closed_spelling(reply: str, result: str) -> None:
    """"0 e-scooters" is confirmed by "escooters": 0 (one compound, two spellings)."""
    assert [] == found(reply, "scooter_fleet", result)


def test_hyphenated_zero_against_a_nonzero_field_is_found() -> None:
    """The compound rule only confirms zeros: "no e-scooters" over four is still false."""
    result = json.dumps([{"dock": "Harbour", "escooters": 4, "bikes": 1}])
    assert [("false_absence", "absence.result_has_items", "There are no e-scooters")] == found(
        "There are no e-scooters at the docks.", "scooter_fleet", result)


@pytest.mark.parametrize(("reply", "expected"), [
    # "the register", "the counter": nouns in -er at the clause's end, no comparative.
    ("4 trails on the register, Quarry steps the busiest.", ["count.item_count"]),
    ("4 trails logged by the counter; Quarry steps the busiest.", ["count.item_count"]),
    ("5 trails on the register, Quarry steps the busiest.", []),
    # A comparative before a number still picks some rows out.
    ("Quarry steps led; the other 4 trails, the quieter ones, were well behind.", []),
])
def test_a_noun_in_er_after_a_count_picks_nothing_out(reply: str, expected: list[str]) -> None:
    """After a count, "the <word in -er>" is a comparative only before a number: at the
    clause's end it is a noun, and the count is of the whole listing."""
    assert expected == [f[1] for f in found(reply, "park_counter", TRAILS)
                        if f[0] == "count_mismatch"]


SALES = ("funcion,aforo,vendidas,recaudacion_eur\n"
         "2027-04-24 12:00,320,211,2.321,00\n"
         "2027-04-24 18:00,320,274,3.014,00\n"
         "2027-04-25 12:00,320,143,1.573,00")
ORDERS = ("order,customer,product,qty,weight_kg\n"
          "SO-4410,The Oyster Shed, Whitstable,salmon sides,4,4.0\n"
          "SO-4411,Harcourt Deli,trout fillets,20,3.0\n"
          "SO-4414,Bell & Anchor,kippers,30,9.0")


def test_an_unquoted_comma_that_separates_nothing_is_mended() -> None:
    """A decimal comma after dotted thousands, and a comma and a space inside text, are no
    separators: the row keeps the header's columns."""
    assert [Decimal("2321.00"), Decimal("1573.00")] == [
        table_rows(SALES)[i].numbers["3"] for i in (1, 3)]
    assert ("the oyster shed, whitstable", Decimal("4.0")) == (
        table_rows(ORDERS)[1].labels["1"], table_rows(ORDERS)[1].numbers["4"])


@pytest.mark.parametrize(("reply", "result", "tool"), [
    ("Tres funciones: en total 628 entradas y 6.908 € recaudados.", SALES, "taquilla.ventas"),
    ("Three orders on the courier, about 16 kg in total.", ORDERS, "orders.query"),
])
def test_totals_of_a_mended_table_are_grounded(reply: str, result: str, tool: str) -> None:
    """Column totals of a table whose rows hold unquoted commas ground the reply's totals."""
    assert [] == found(reply, tool, result)


YARD = ("TRACK  USABLE_M  WAGONS  OCCUPIED_M  STATUS  NOTE\n"
        "A1     540       22      498         in use\n"
        "A2     540       18      311         in use  hold: brake test\n"
        "A3     480       0       0           closed  rail works\n"
        "A4     480       9       205         in use\n"
        "TOTAL  2040      49      1014\n"
        "vs. last week: +4 wagons")


def test_short_rows_of_an_aligned_table_are_placed_by_position() -> None:
    """A blank note or status leaves a row short: its cells go under the columns they stand
    under; a footer line that lines up with no column is no row of the table."""
    rows = table_rows(YARD)
    assert [True] * 6 + [False] == [row.structured for row in rows]
    assert ({"0": "a1", "4": "in use"}, {"1": 540, "2": 22, "3": 498}) == (
        rows[1].labels, {k: int(v) for k, v in rows[1].numbers.items()})
    assert {"1": 2040, "2": 49, "3": 1014} == {k: int(v) for k, v in rows[5].numbers.items()}


def test_a_short_row_that_lines_up_with_no_column_leaves_the_table_unread() -> None:
    """A row in the middle whose cells stand under no column: no table is read at all."""
    garbled = YARD.replace("A4     480", "A4        480")
    assert not any(row.structured for row in table_rows(garbled))


ROUTE = ("route: south  date: 2026-03-13  vehicle: VAN-2\n"
         "excluded: Fernside Kitchen (closed)\n"
         "seq  stop                 eta    window\n"
         "1    Stonebridge Bakery   04:55  04:45-05:30\n"
         "2    The Pantry           05:15  05:00-06:00\n"
         "3    Oakridge Farm Shop   05:40  05:30-06:30\n"
         "return to depot: 08:20\n"
         "total distance: 61.4 km   drive time: 2h 38m   all windows met: yes")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Re-optimised: 3 stops, 61.4 km, back at the depot around 08:20.", []),
    ("Re-optimised: 4 stops, 61.4 km, back at the depot around 08:20.",
     [("count_mismatch", "count.item_count", "4 stops")]),
])
def test_rows_between_a_caption_and_footers_are_the_items(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A table under two caption lines and over two footer lines lists its rows."""
    assert expected == found(reply, "route.optimize", ROUTE)


DECK = ("LANE  REG       TYPE       HT_M\n"
        "1     SK21 BRX  car        1.5\n"
        "1     IK70 HJD  car        1.7\n"
        "3     PX69 HGV  HGV        4.0\n"
        "3     LM12 CVN  campervan  2.9")


@pytest.mark.parametrize(("reply", "expected"), [
    ("The tall ones are all in lane 3: the HGV and the campervan.", []),
    ("All the vehicles in lane 3 are an HGV or a campervan, as are all lanes' vehicles.",
     [("false_absence", "absence.universal_state_refuted")]),
])
def test_a_quantifier_over_a_part_picked_by_a_property(
        reply: str, expected: list[tuple[str, str]]) -> None:
    """"The tall ones are all in lane 3" ranges over the tall ones, not over every row."""
    assert expected == [(t, r) for t, r, _ in found(reply, "deck_manifest", DECK)
                        if t == "false_absence"]


BOWLING = ("jugador,j1,j2,j3\nAna Ruiz,172,168,181\nCarlos Méndez,195,201,188\n"
           "Lucía Ortega,158,166,149")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Carlos Méndez hizo una serie de 584 con una media de 194,7.", []),
    ("Carlos Méndez hizo una serie de 548 con una media de 194,7.",
     [("ungrounded_value", "value.not_in_results", "548")]),
])
def test_a_rows_series_of_columns_adds_up_to_its_total_and_mean(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """Columns named as one series (j1, j2, j3) add up, row by row, to a total and a mean."""
    assert expected == [f for f in found(reply, "league.scores", BOWLING)
                        if f[0] == "ungrounded_value"]


SALES_BY_CATEGORY = ("CATEGORIA                  UNIDADES  IMPORTE_EUR\n"
                     "Eau de parfum 50 ml        142       12.638,00\n"
                     "Eau de parfum 100 ml       57        7.581,00\n"
                     "Set de muestras            88        1.584,00\n"
                     "Velas perfumadas           41        1.189,00\n"
                     "Talleres de iniciación     16        1.360,00\n"
                     "TOTAL                      344       24.352,00")
MILKING = ("fecha,manana_l,tarde_l\n2026-12-01,182.4,176.9\n2026-12-02,180.1,177.3\n"
           "2026-12-03,184.7,175.2")
GREEN = ("lot,origin,kg_remaining\nETH-2604,Guji,642.5\nSUM-2563,Lintong,212.6\n"
         "KEN-2615,Kirinyaga,69.5")


@pytest.mark.parametrize(("reply", "result", "tool"), [
    # The rows above a TOTAL row sum from the bottom without it: the last three, 4.133 €.
    ("Muestras, velas y talleres juntos: 4.133 €.", SALES_BY_CATEGORY, "ventas.resumen"),
    # Two columns of one table added across, and their mean per row.
    ("Tres días, 1.076,6 litros en total, una media de 358,9 l al día.", MILKING,
     "ordeno.registro"),
    # A lot named SUM-2563 is a row like the others.
    ("924.6 kg of green coffee in all.", GREEN, "inventory.green"),
])
def test_totals_across_a_tables_columns_and_without_its_total_row(
        reply: str, result: str, tool: str) -> None:
    """Column sums skip a TOTAL row; a table's column totals add up across columns."""
    assert [] == [f for f in found(reply, tool, result) if f[0] == "ungrounded_value"]


STOPS = ("2026-12-04 06:00  L1  STOP    14 min  sensor fault\n"
         "2026-12-04 06:35  L1  STOP    22 min  log jam at deck\n"
         "2026-12-04 07:10  L1  STOP     6 min  debris\n"
         "2026-12-04 09:02  L1  STOP    41 min  saw change")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Line 1 had 4 stops adding up to 83 minutes, about 21 min each.", []),
    ("Line 1 had 4 stops adding up to 88 minutes.",
     [("ungrounded_value", "value.not_in_results", "88 minutes")]),
])
def test_amounts_in_one_unit_add_up(reply: str, expected: list[tuple[str, str, str]]) -> None:
    """Amounts a log states in one unit ("14 min", "22 min") add up to a total and a mean."""
    assert expected == [f for f in found(reply, "mill_mes.events", STOPS)
                        if f[0] == "ungrounded_value"]


HARVEST = ("DAY  SPECIES     SITE       KG\n"
           "Mon  sugar kelp  Saligo     640\n"
           "Wed  sugar kelp  Saligo     675\n"
           "Wed  oarweed     Saligo     610\n"
           "Fri  dulse       Kilchoman  227")


@pytest.mark.parametrize(("reply", "expected"), [
    # A floating quantifier ranges over the subject before it, a part of the rows.
    ("Sugar kelp was most of it, then oarweed at 610 kg, all from Saligo.", []),
    ("The kelp landings, all three from Saligo, came to 1,925 kg.", []),
    # Opening its noun phrase, it ranges over every row.
    ("All the harvest came from Saligo.",
     [("false_absence", "absence.universal_state_refuted")]),
])
def test_a_floating_quantifier_ranges_over_its_subject(
        reply: str, expected: list[tuple[str, str]]) -> None:
    """"…, all from Saligo", "all three": a part of the rows; "all the landings": every row."""
    assert expected == [(t, r) for t, r, _ in found(reply, "harvest.log", HARVEST)
                        if t == "false_absence"]


TANKS = ("TANK  SALINITY  UV   STATUS\nA     33.6      ok   holding\nB     33.9      ok   holding\n"
         "C     33.7      ok   holding\nD     33.8      low  draining")


@pytest.mark.parametrize(("reply", "expected"), [
    # A state after the quantifier, its subject before it: "UV all ok" is said of A to C.
    ("A to C: salinity 33.6-33.9 psu, UV all ok.", []),
    # Alone the quantifier ranges over every row.
    ("All ok: every tank is holding.", [("false_absence", "absence.universal_state_refuted")]),
])
def test_a_state_after_a_floating_quantifier(reply: str,
                                             expected: list[tuple[str, str]]) -> None:
    """"UV all ok" floats over the tanks named before it; "every tank is holding" does not."""
    assert expected == [(t, r) for t, r, _ in found(reply, "tank.status", TANKS)
                        if t == "false_absence"]


METAR = ("METAR EGKH 200920Z 24012KT 9999 FEW018 BKN028 09/05 Q1018=\n"
         "TAF EGKH 200800Z 2009/2018 23010KT 9999 SCT030")


@pytest.mark.parametrize(("reply", "expected"), [
    # A weather report's time group and cloud bases in hundreds of feet.
    ("Weather at 09:20Z: wind 240° at 12 kt, broken cloud at 2,800 ft.", []),
    ("Weather at 09:20Z: wind 240° at 12 kt, broken cloud at 3,800 ft.",
     [("ungrounded_value", "value.not_in_results", "3,800 ft")]),
])
def test_a_weather_reports_groups_are_read(reply: str,
                                          expected: list[tuple[str, str, str]]) -> None:
    """"200920Z" is 09:20 UTC and "BKN028" is a base of 2,800 ft."""
    assert expected == [f for f in found(reply, "metar_taf", METAR) if f[0] == "ungrounded_value"]


FLOWS = ("date,flow_m3\n2027-03-04,4812\n2027-03-05,4655\n2027-03-06,4930\n"
         "2027-03-07,5104\n2027-03-10,6347")
GATE = "00:02 GATE IN tram 3015\n00:13 GATE IN tram 3002\n00:58 GATE IN tram 3026\n04:30 OUT"


@pytest.mark.parametrize(("reply", "result", "expected"), [
    # Round ends drawn around the results' figures: the reply's own envelope.
    ("其余几天都在 4,600–5,200 之间，比较平稳。", FLOWS, []),
    # Not round, or two readings coordinated, or a booking's own times: still checked.
    ("其余几天都在 4,650–5,180 之间。", FLOWS, [("ungrounded_value", "value.not_in_results",
                                          "4,650"), ("ungrounded_value",
                                                     "value.not_in_results", "5,180")]),
    ("The first tram came in at 00:02 and the last one out at 05:00.", GATE,
     [("ungrounded_value", "value.not_in_results", "05:00")]),
])
def test_round_bounds_the_reply_draws(reply: str, result: str,
                                      expected: list[tuple[str, str, str]]) -> None:
    """"4,600–5,200 之间": an envelope of the reply's own; times are held to their items."""
    assert expected == [f for f in found(reply, "meter.daily", result)
                        if f[0] == "ungrounded_value"]


DONATIONS = json.dumps([{"donor": "M. Pryce", "amount_gbp": 250.0, "gift_aid": True},
                        {"donor": "Rotary Club", "amount_gbp": 1200.0, "gift_aid": False},
                        {"donor": "J. Threlfall", "amount_gbp": 75.0, "gift_aid": True},
                        {"donor": "S. Moyo", "amount_gbp": 25.0, "gift_aid": True},
                        {"donor": "Anonymous", "amount_gbp": 40.0, "gift_aid": False}])


@pytest.mark.parametrize(("reply", "expected"), [
    # A yes/no field sorts the rows into two kinds: the sum of the "true" ones.
    ("Three donors ticked Gift Aid, £350 between them.", []),
    ("Three donors ticked Gift Aid, £380 between them.",
     [("ungrounded_value", "value.not_in_results", "£380")]),
])
def test_a_yes_no_field_sorts_rows_into_kinds(reply: str,
                                              expected: list[tuple[str, str, str]]) -> None:
    """"gift_aid": true on three rows: their amounts add up as one kind's."""
    assert expected == [f for f in found(reply, "donorbox.export", DONATIONS)
                        if f[0] == "ungrounded_value"]
