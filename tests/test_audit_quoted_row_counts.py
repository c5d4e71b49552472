"""A count that is a cell of a table row whose other figure its sentence states ("with
1.572,00 € and 131 tickets" over the row 131, 1572.00) reads that row: it is a figure, not
a number of rows, whatever language the noun and the column's name are in. A cell of
another row, or a figure that several rows hold, picks out no row: the count is checked.
Tables and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

BOX_OFFICE = ok("box_office.daily", "date,tickets,takings\n2026-03-02,118,1416.00\n"
                "2026-03-03,95,1140.00\n2026-03-04,131,1572.00\n2026-03-05,87,1044.00\n"
                "2026-03-06,95,1140.00")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("El mejor día fue el miércoles 4, con 1.572,00 € y 131 entradas.", BOX_OFFICE, []),
    ("最好的是 3 月 4 日：收入 1572.00 元，售出 131 张门票。", BOX_OFFICE, []),
    ("The best day was the 4th, with $1,572.00 taken and 131 seats sold.", BOX_OFFICE, []),
    # near misses: the count is a cell of another row than the figure's
    ("El miércoles 4, con 1.572,00 €, hubo 87 entradas.", BOX_OFFICE,
     [("count_mismatch", "count.item_count", "87 entradas")]),
    ("3 月 4 日收入 1572.00 元，售出 87 张门票。", BOX_OFFICE,
     [("count_mismatch", "count.item_count", "87 张门票")]),
    ("On the 4th we took $1,572.00 and sold 87 seats.", BOX_OFFICE,
     [("count_mismatch", "count.item_count", "87 seats")]),
    # no figure beside it: nothing says which row
    ("Hubo 6 funciones.", BOX_OFFICE, [("count_mismatch", "count.item_count", "6 funciones")]),
])
def test_a_cell_of_the_row_its_sentence_reads(reply: str, event: ToolEvent,
                                              expected: Expected) -> None:
    """A count beside a figure of one row, and a cell of that row, is a figure read."""
    assert expected == findings(reply, event)
