"""A value said of one row of a table, near one of that row's figures but none of them, is
a misread cell (``value.misreads_its_row``), however easily it could be derived from other
figures. Tables and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

RULE = "value.misreads_its_row"
CLIMATE = ok("climate.summary", "gallery      T_max  RH_min  RH_max  RH_mean\n"
                                "G1 Medieval  20.4   47.9    51.2    49.6\n"
                                "G2 Textiles  18.9   49.0    50.7    49.9\n"
                                "G3 Dutch     21.3   50.2    57.8    53.1\n")
SCORES = ok("league.scores", "player,g1,g2,g3\nAna Ruiz,172,168,181\nCarlos Mendez,195,201,188\n"
                             "Lucia Ortega,158,166,149\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # The row named, a figure near one of its cells, written to the cell's precision.
    ("G3 Dutch is the one to watch: RH peaked at 58.1 %.", CLIMATE,
     [("ungrounded_value", RULE, "58.1 %")]),
    ("En la G3, la humedad llegó al 58,1 %.", CLIMATE, [("ungrounded_value", RULE, "58,1 %")]),
    # The cell itself, or its rounding: no finding.
    ("G3 Dutch is the one to watch: RH peaked at 57.8 %.", CLIMATE, []),
    ("G3 Dutch peaked at about 58 % RH.", CLIMATE, []),
    # A mean worked out to more places than the whole scores beside it.
    ("Carlos Mendez averaged 194.7 over three games.", SCORES, []),
    # A sentence over several rows pairs its values in ways not read here.
    ("G1 Medieval and G3 Dutch peaked at 51.2 % and 58.1 %.", CLIMATE, []),
])
def test_a_value_near_a_cell_of_the_row_its_sentence_names(
        reply: str, event: object, expected: Expected) -> None:
    """Near a cell of the one row its sentence names and not that cell: a misread."""
    assert expected == [f for f in findings(reply, event)  # type: ignore[arg-type]
                        if f[1] == RULE]


STOCK_BY_SITE = ok("inventory.lookup", "SKU         仓库  重量_kg  预留\n"
                                       "HIVE-IT-10  上海  512.5    3\n"
                                       "HIVE-IT-10  杭州  0.0      0\n"
                                       "HIVE-IT-10  广州  840.5    0\n")


def test_a_row_named_by_any_of_its_cells() -> None:
    """A row is named by any text cell no other row shares (广州), not only its first (the
    SKU all rows share)."""
    assert [("ungrounded_value", RULE, "846.5 kg")] == [
        f for f in findings("广州那边的重量是 846.5 kg。", STOCK_BY_SITE) if f[1] == RULE]


POWER = ok("plant.pumps", "pump   state  power_kw\nPB-01  run    3.9\nPB-02  run    5.2\n"
                          "PB-04  run    4.3\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("La PB-04 consume ahora 4,4 kW.", [("ungrounded_value", RULE, "4,4 kW")]),
    ("La PB-04 consume ahora 4,3 kW.", []),
])
def test_a_row_named_by_a_code_with_a_hyphen(reply: str, expected: Expected) -> None:
    """'PB-04' names its row as 'G3' does: a code whose letters and digits a hyphen parts."""
    assert expected == [f for f in findings(reply, POWER) if f[1] == RULE]


ORDER_LINES = ok("shop.order", "line,item,amount_gbp\nL1,gift box,9.60\nL2,candle,12.00\n"
                               "L3,shipping,6.90\n")
ATMOSPHERE = ok("coldstore.ca_rooms", "room,o2_pct,co2_pct\nCA-1,1.7,2.5\nCA-2,2.0,2.8\n"
                                      "CA-4,1.3,2.9\n")
SALES = ok("boxoffice.performances", "perf,capacity,sold\nP-2301,140,96\nP-2302,140,51\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # Two digits swapped, though another line holds the figure written.
    ("Shipping comes to £9.60 on this order.", ORDER_LINES,
     [("ungrounded_value", RULE, "£9.60")]),
    # Two digits swapped, far from the cell and found nowhere.
    ("CA-4 is holding O2 at 3.1 %.", ATMOSPHERE, [("ungrounded_value", RULE, "3.1 %")]),
    ("CA-4 is holding O2 at 1.3 %.", ATMOSPHERE, []),
    # A percentage worked out of the row's cells: 96 of 140.
    ("P-2301 has sold 96 of 140, about 69 %.", SALES, []),
])
def test_a_value_with_two_digits_of_its_rows_cell_swapped(reply: str, event: object,
                                                          expected: Expected) -> None:
    """The named row's cell with two digits swapped is a misread, even when another line
    holds that figure or it is far from the cell; a percentage some derivation gives is
    not."""
    assert expected == [f for f in findings(reply, event)  # type: ignore[arg-type]
                        if f[1] == RULE]
