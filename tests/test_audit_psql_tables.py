"""Tables printed by psql (a header, a "----+----" rule, "|"-separated rows) are read as
tables: their columns add up like any other table's. Results and replies of our own.
"""

from __future__ import annotations

from audit_rules import findings, ok

from zeroclaw_daemon.audit.evidence.tables import table_rows

KILNS = ok("mes.query", " kiln | loads | rejects\n"
                        "------+-------+---------\n"
                        " K1   |    14 |      37\n"
                        " K2   |    12 |      58\n"
                        " K3   |    15 |      41\n")


def test_a_psql_table_is_split_at_its_bars() -> None:
    """The rule under the header does not hide the "|" separator of the other lines."""
    rows = table_rows(KILNS.result)
    assert [{"1": 14, "2": 37}, {"1": 12, "2": 58}, {"1": 15, "2": 41}] == [
        {key: int(value) for key, value in row.numbers.items()} for row in rows[2:]]


def test_a_column_total_of_a_psql_table_is_grounded() -> None:
    """136 rejects over 41 loads are the columns' totals: no finding."""
    assert [] == findings("The three kilns had 136 rejects over 41 loads.", KILNS)

