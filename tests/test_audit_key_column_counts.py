"""A count whose noun names the column that identifies a result's rows ("8 batches" over a
first column ``batch_id`` of B-1204-01, B-1204-02, ...) counts the rows, whatever cell of
another column holds the same number (a ``qty`` of 8): it is checked against the rows. A
figure of another column ("24 syringes"), the right number of rows, or a count of the rows
of one kind ("8 were released" beside a ``released`` column) is no mismatch. Tables and
sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

BATCHES = ok("compounding_batch_log", "batch_id,product,qty,released\n" + "\n".join(
    f"B-12-0{i},drug {i},{q},{'no' if i == 9 else 'yes'}"
    for i, q in zip(range(1, 10), (24, 12, 6, 40, 8, 3, 10, 24, 6), strict=True)))
LOTES = ok("registro_lotes", "lote,producto,cantidad\n" + "\n".join(
    f"L-0{i},producto {i},{q}" for i, q in zip(range(1, 8), (5, 12, 6, 9, 3, 11, 2),
                                               strict=True)))
ORDERS = ok("pick_list", "order_id   items  dock\nSO-4410    4      D1\nSO-4411    2      D1\n"
                         "SO-4412    7      D2\nSO-4413    1      D2\nSO-4414    3      D3")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("8 batches were compounded, all verified.", BATCHES,
     [("count_mismatch", "count.item_count", "8 batches")]),
    ("Ayer se registraron 6 lotes en total.", LOTES,
     [("count_mismatch", "count.item_count", "6 lotes")]),
    ("There are 4 orders on the pick list.", ORDERS,
     [("count_mismatch", "count.item_count", "4 orders")]),
    ("The silo holds 2 lots.",
     ok("silo_lots", '[{"lot": "L-01", "kg": 2}, {"lot": "L-02", "kg": 5}, '
                     '{"lot": "L-03", "kg": 4}]'),
     [("count_mismatch", "count.item_count", "2 lots")]),
])
def test_a_count_of_the_key_column_counts_the_rows(reply: str, event: ToolEvent,
                                                   expected: Expected) -> None:
    """A number equal to another column's cell does not excuse a count of the rows."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("Two of them were cefazolin, 24 syringes each.", BATCHES),
    ("9 batches were compounded, all verified.", BATCHES),
    ("8 batches were released; B-12-09 is held.", BATCHES),
    ("Hay 7 lotes; el mayor, L-02, con 12 unidades.", LOTES),
])
def test_figures_and_right_counts_stand(reply: str, event: ToolEvent) -> None:
    """A figure of a column, the right count, or the rows of one kind: no finding."""
    assert [] == findings(reply, event)


YARD = ok("depotos.yard_query",
          " container_no | line | days_in_yard\n--------------+------+--------------\n"
          + "\n".join(f" MSKU 77120{i:02d} | MSK  | {d}" for i, d in
                      enumerate((6, 11, 4, 3, 5, 2, 2, 8, 1), start=1))
          + "\n(9 rows)")


@pytest.mark.parametrize(("reply", "expected"), [
    ("8 containers in block C are waiting for inspection.",
     [("count_mismatch", "count.item_count", "8 containers")]),
    ("9 containers in block C are waiting for inspection.", []),
])
def test_a_psql_tables_rule_and_footer_are_no_rows_of_its_key_column(
        reply: str, expected: Expected) -> None:
    """Under psql's header rule and above its '(9 rows)' footer, the container numbers
    identify the rows: '8 containers' counts them, though a days_in_yard cell holds 8."""
    assert expected == [f for f in findings(reply, YARD) if f[0] == "count_mismatch"]
