"""The quotients of two numbers of one record of a result: what a figure per unit is.

A record is a row of a table (a CSV line, a JSON object; not a plain line of text) or,
in a table laid out with its records as columns ("指标,2026-10,2026-11" over one metric a
row), a column; or the totals of a group of rows of one kind, or of the whole table. A
figure per hectare or per machine divides one number of a record by another of the same
record; two numbers of different records rarely make one, so only those pairs are taken,
a few per record, which keeps the candidates few (and a made-up figure unlikely to meet
one by chance).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .table_sums import column_values, group_records, is_total_row
from .tables import Row

MAX_RECORD_NUMBERS = 12    # numbers of one row or column divided pairwise
MAX_RECORDS = 64           # rows and columns read per result


def record_quotients(tables: Sequence[Sequence[Row]], given: Sequence[Decimal]) -> list[float]:
    """Every a / b of two numbers of one record (each way), and every result number over a
    figure the user gave ("150 位宾客": a total per guest)."""
    found: list[float] = []
    values: list[float] = []
    for rows in tables:
        # A plain line's numbers are no record ("up 57 days, load average: 3.91, 3.72").
        table = [row for row in rows[:MAX_RECORDS] if row.structured]
        records = [[float(v) for v in row.numbers.values()] for row in table]
        records += [[float(v) for v in column] for column in column_values(table)]
        # A group's totals and the table's are records too: a crane's boxes over its hours
        # across two shifts, the whole terminal's boxes over all hours.
        records += [[float(v) for v in record] for record in group_records(table)]
        whole = [sum(column, Decimal(0)) for column in column_values(
            [row for row in table if not is_total_row(row)]) if len(column) > 1]
        if len(whole) > 1:
            records.append([float(v) for v in whole])
        for record in records:
            numbers = [v for v in record if v not in (0.0, 1.0)][:MAX_RECORD_NUMBERS]
            values.extend(numbers)
            for i, a in enumerate(numbers):
                for b in numbers[i + 1:]:
                    found.append(a / b)
                    found.append(b / a)
    for divisor in map(float, given):
        found.extend(v / divisor for v in dict.fromkeys(values))
    return found
