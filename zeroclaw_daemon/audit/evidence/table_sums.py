"""What a table's rows add up to: its columns' totals, the sums of the rows of one kind,
a row's series, a quantity times a price, the amounts of one unit.

A summary adds up a column, the rows of one kind ("the four Business accounts"), a row's
games or quarters, or every amount of a log in one unit; these are the sums a reply may
state whose digits the result never writes (:mod:`.derive` offers them as derivations).
A TOTAL row sums the rows above it and is no term of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ..claims.numbers import UNIT_WORDS
from .tables import Row
from .text_cells import first_reading

MAX_GROUPS = 12            # a text column with more distinct values is a name, not a kind


# A line or a row that sums the others ("合计  1175  19  1156", "TOTAL,4210"): no item.
TOTAL_ROW_RE = re.compile(r"\s*[|*]*\s*(?:grand\s+total|sub-?total|totals?|sum|suma|"
                           r"total\s+general|gesamt|insgesamt|somme|totale|合计|总计|小计|"
                           r"共计|总数|總計|合計)(?![^\W\d_])", re.IGNORECASE)


def is_total_row(row: Row) -> bool:
    """A row whose label is a word of totality alone ("TOTAL", "合计", "Suma:"): it sums
    the rows above it. A label that only opens with one ("SUM-2563", a lot) is a row."""
    return any(_TOTAL_LABEL_RE.fullmatch(label) is not None for label in row.labels.values())


_TOTAL_LABEL_RE = re.compile(r"[\s|*]*(?:grand\s+total|sub-?total|totals?|sum|suma|"
                             r"total\s+general|gesamt|insgesamt|somme|totale|合计|总计|小计|"
                             r"共计|总数|總計|合計)[\s|*:：]*", re.IGNORECASE)


def column_values(rows: Sequence[Row]) -> list[list[Decimal]]:
    """Each number column's values, top to bottom."""
    columns: dict[str, list[Decimal]] = {}
    for row in rows:
        for key, value in row.numbers.items():
            columns.setdefault(key, []).append(value)
    return list(columns.values())


def column_totals(rows: Sequence[Row]) -> list[tuple[str, str, Decimal]]:
    """Each number column of a table (two structured rows or more) with its name and its
    total: (key, name, total); the name is the header row's label for a delimited table's
    numbered column, else the key itself. Empty for anything that is no such table."""
    table = [row for row in rows if row.structured]
    if len(table) < 2:
        return []
    headers = table[0].labels if not table[0].numbers else {}
    totals: dict[str, Decimal] = {}
    for row in table:
        for key, value in row.numbers.items():
            totals[key] = totals.get(key, Decimal(0)) + value
    return [(key, headers.get(key, key), total) for key, total in totals.items()]


def group_sums(rows: Sequence[Row]) -> list[Decimal]:
    """For each text column with few distinct values (a kind: plan, status, category) and
    each of its values, the sum of every number column over the rows holding it."""
    return [total for record in group_records(rows) for total in record]


def group_records(rows: Sequence[Row]) -> list[list[Decimal]]:
    """For each text column with few distinct values (a kind: a crane, a plan, a status)
    and each of its values held by two rows or more, the totals of the number columns over
    those rows: one record of the group (QC-03's boxes and hours over its two shifts)."""
    by_label: dict[str, dict[str, list[Row]]] = {}
    for row in rows:
        for key, label in row.labels.items():
            by_label.setdefault(key, {}).setdefault(label, []).append(row)
    records: list[list[Decimal]] = []
    for groups in by_label.values():
        if not 1 < len(groups) <= MAX_GROUPS:
            continue
        for members in groups.values():
            if len(members) < 2:
                continue
            totals: dict[str, Decimal] = {}
            for row in members:
                for key, value in row.numbers.items():
                    totals[key] = totals.get(key, Decimal(0)) + value
            records.append(list(totals.values()))
    return records


def group_counts(rows: Sequence[Row]) -> dict[str, int]:
    """For each text column with few distinct values, how many rows hold each value
    ("7 accounts" whose reason is price)."""
    by_label: dict[str, dict[str, int]] = {}
    for row in rows:
        for key, label in row.labels.items():
            counts = by_label.setdefault(key, {})
            counts[label] = counts.get(label, 0) + 1
    found: dict[str, int] = {}
    for counts in by_label.values():
        if 1 < len(counts) <= MAX_GROUPS:
            found.update(counts)
    return found


def zero_columns(rows: Sequence[Row]) -> set[str]:
    """Names of the number columns that hold a zero in some row ("open reqs" of Mobile)."""
    return {key for row in rows for key, value in row.numbers.items()
            if value == 0 and not key.isdigit()}


MAX_LINE_TOTALS = 64


def line_totals(rows: Sequence[Row]) -> list[Decimal]:
    """A table's quantity column times each other number column, summed over the rows that
    hold both: an order's total (3 × 12.50 + 2 × 8.90 = 55.30; read for money figures
    only). The quantity is a column of whole numbers, in two rows or more. Only the sums,
    one per pair of columns: a table's few totals, never each row's products."""
    table = [row for row in rows if row.structured and row.numbers]
    columns: dict[str, list[Decimal]] = {}
    for row in table:
        for key, value in row.numbers.items():
            columns.setdefault(key, []).append(value)
    quantities = [key for key, values in columns.items() if len(values) > 1
                  and all(v == v.to_integral_value() and v > 0 for v in values)]
    totals: list[Decimal] = []
    for quantity in quantities:
        for other in columns:
            if other == quantity:
                continue
            products = [row.numbers[quantity] * row.numbers[other] for row in table
                        if quantity in row.numbers and other in row.numbers]
            if len(products) > 1:
                totals.append(sum(products, Decimal(0)))
    return totals[:MAX_LINE_TOTALS]


def series_totals(rows: Sequence[Row]) -> list[Decimal]:
    """Each row's total and mean over the columns of one series: headers that differ only
    by a number ("j1, j2, j3", "q1".."q4", "week_1", "week_2"), the same figure taken again
    and again. A bowler's three games add up to a series and average to a mean; a reply
    states both. At most :data:`MAX_LINE_TOTALS` figures."""
    table = [row for row in rows if row.structured]
    if len(table) < 2 or table[0].numbers:
        return []
    series: dict[str, list[str]] = {}
    for key, name in table[0].labels.items():
        match = _SERIES_HEADER_RE.fullmatch(name.strip())
        if match is not None:
            series.setdefault(match.group(1), []).append(key)
    found: list[Decimal] = []
    for keys in series.values():
        if len(keys) < 2:
            continue
        for row in table[1:]:
            cells = [row.numbers[key] for key in keys if key in row.numbers]
            if len(cells) == len(keys):
                total = sum(cells, Decimal(0))
                found.extend((total, total / len(cells)))
    return found[:MAX_LINE_TOTALS]


# A column of a series: a name, then its number in the series ("j1", "week_2", "Q3").
_SERIES_HEADER_RE = re.compile(r"([^\W\d]+?)[ _-]?\d{1,2}")


def unit_totals(text: str) -> list[Decimal]:
    """The total and the mean of the amounts a text states in one unit, each unit stated
    :data:`MIN_UNIT_TERMS` times or more ("14 min", "22 min", "6 min" over a log of stops):
    a reply adds them up ("adding up to 239 minutes"). Units are the measure words the
    reply's values are read with (:data:`..claims.numbers.UNIT_WORDS`)."""
    by_unit: dict[str, list[Decimal]] = {}
    for match in _AMOUNT_RE.finditer(text):
        unit = match.group(2).lower()
        if unit not in UNIT_WORDS:
            continue
        value = first_reading(match.group(1))
        if value is not None:
            by_unit.setdefault(unit, []).append(value)
    found: list[Decimal] = []
    for values in by_unit.values():
        if len(values) >= MIN_UNIT_TERMS:
            total = sum(values, Decimal(0))
            found.extend((total, total / len(values)))
    return found


MIN_UNIT_TERMS = 3
# An amount and the word right after it, one space apart at most ("14 min", "3.2kg").
_AMOUNT_RE = re.compile(r"(?<![\w.,:/-])(\d+(?:[.,]\d+)?) ?([^\W\d_]{1,8})\b")
