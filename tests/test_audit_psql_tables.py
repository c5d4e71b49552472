"""Tables printed by psql (a header, a "----+----" rule, "|"-separated rows) are read as
tables: their columns add up like any other table's. Results and replies of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.audit.evidence.tables import table_rows
from zeroclaw_daemon.receipts import ToolEvent

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



def test_the_row_count_under_a_psql_table_names_no_column() -> None:
    """psql's "(3 rows)" line is no row of the table: its 3 does not make the first
    column a number column that a miscount of the rows would be excused by."""
    refs = ok("psql", " ref   | n\n-------+---\n PAY-1 | 2\n PAY-2 | 2\n PAY-3 | 3\n(3 rows)\n")
    assert [("count_mismatch", "count.item_count", "Two duplicated payment refs")] == [
        f for f in findings("Two duplicated payment refs yesterday.", refs)
        if f[0] == "count_mismatch"]


def _accessions(rows: int) -> ToolEvent:
    body = "\n".join(f" RSB-{n:05d} | {40 + n:>3} " for n in range(rows))
    header = " accession | germ_pct\n-----------+----------\n"
    return ok("sql", header + body + f"\n({rows} rows)\n",
              args={"query": "SELECT accession, germ_pct FROM viability WHERE germ_pct < 75"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("9 accessions on the list, the worst at 40%.", []),
    ("10 accessions on the list, the worst at 40%.", ["count.item_count"]),
    # The call's own query selected under 75: the bound names every row, no part of them.
    ("8 accessions are under 75% on their last test.", ["count.item_count"]),
    ("9 accessions are under 75% on their last test.", []),
])
def test_psql_row_count_footer_and_the_query_bound(reply: str, expected: list[str]) -> None:
    """psql's "(9 rows)" is the count of the rows above it, no row; a bound the query's
    WHERE applied selects every row, so a count under it is compared with them all."""
    assert expected == [f[1] for f in findings(reply, _accessions(9))
                        if f[0] == "count_mismatch"]


SIGNUPS = ok("db.query", "   name    | has_car | seats_free\n-----------+---------+-----------\n"
                         " Jo        | yes     |          3\n Priya     | no      |          0\n"
                         " Dan       | yes     |          2\n Ann       | yes     |          3\n"
                         " Tom       | no      |          0\n Ruth      | no      |          0\n"
                         " Mina      | no      |          0\n Gary      | no      |          0\n"
                         " Hana      | no      |          0\n(9 rows)\n")
INBOX = ok("mail.search", "DATE              FROM         SUBJECT\n"
                          "2026-11-30 18:02  Helen Marsh  Apologies for Thursday\n"
                          "2026-12-01 09:15  Tom Reyes    Can't make Thursday\n"
                          "2026-12-02 12:31  Gwen Ellis   Apologies - dentist\n3 messages\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # A column's total, named by a word of the column: seats_free adds up to 8, below the
    # nine rows.
    ("Our drivers have 8 spare seats between them.", SIGNUPS, []),
    ("Our drivers have 7 spare seats between them.", SIGNUPS, ["count.item_count"]),
    # A search's own count under its hits, no hit itself.
    ("Three emails since Monday, from three singers.", INBOX, []),
    ("Four emails since Monday.", INBOX, ["count.item_count"]),
])
def test_a_column_total_and_a_search_count_line(reply: str, event: ToolEvent,
                                                expected: list[str]) -> None:
    """"8 spare seats" is the seats column's total; "3 messages" under the hits counts
    them, no fourth hit."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "count_mismatch"]
