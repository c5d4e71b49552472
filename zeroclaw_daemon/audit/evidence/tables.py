"""A result read as rows: the numbers and text cells of each row, by column.

A summary adds up a column, or the rows of one kind ("the four Business
accounts", "the two refunded orders"); to see those sums the result must be
read as a table. JSON arrays of objects give one row per object (keys are the
columns, numeric strings count as numbers); a delimited text (CSV, TSV, pipes)
is split at its separator first, so ``DE,3,184.90`` is 3 and 184.90, never
3,184.90; any other line gives its numbers by their position on the line.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, TypeGuard

from ..claims.numbers import UNIT_WORDS, number_readings
from .headers import RULE_LINE_RE

MAX_ROWS = 400
MAX_CAPTION = 2           # lines above a table's header that say what it lists
MAX_GROUPS = 12            # a text column with more distinct values is a name, not a kind
# A number standing alone: not part of a date, a time, a version or an identifier.
LINE_NUMBER_RE = re.compile(r"(?<![\w.:/-])-?\d+(?:[.,]\d+)*(?![\w:/-]|\.\d)")
# After a key's colon too ("used_memory_human:3.00G"), but never inside a time ("10:16").
OPERAND_RE = re.compile(r"(?:(?<![\w.:/-])|(?<=[A-Za-z_\"']:))(-?\d+(?:[.,]\d+)*)"
                        r"([A-Za-z%]{0,3})(?![\w:/-]|\.\d)")
_CELL_NUMBER_RE = re.compile(r"[-−]?[$€£¥]?\s?\d+(?:[.,]\d+)*\s?[%€]?")
_SEPARATORS = ("\t", "|", ";", ",")


# Exact types that are never a Mapping: a JSON value of one of them is told apart from an
# object without isinstance(value, Mapping), an ABC check (~0.5 µs, asked of every value
# of every object a table is read from).
_NOT_MAPPINGS = frozenset({str, int, float, bool, type(None), list, tuple})


def is_mapping(value: Any) -> TypeGuard[Mapping[Any, Any]]:
    """``isinstance(value, Mapping)``, quick for the types JSON parses to."""
    kind = type(value)
    return kind is dict or (kind not in _NOT_MAPPINGS and isinstance(value, Mapping))


def first_reading(raw: str, decimal_dot: bool = False) -> Decimal | None:
    readings = number_readings(raw, decimal_dot)
    return readings[0] if readings else None


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


class Row:
    """One row of a result: its numbers and its text cells, each by column."""

    __slots__ = ("labels", "numbers", "structured")

    def __init__(self, structured: bool = True) -> None:
        self.numbers: dict[str, Decimal] = {}
        self.labels: dict[str, str] = {}
        # False for a plain text line, whose numbers are columns only by their position.
        self.structured = structured


def table_rows(text: str, parsed: list[Any] | dict[str, Any] | None = None) -> list[Row]:
    """The rows of a result (see the module docstring), at most :data:`MAX_ROWS`.
    ``parsed``: the result's JSON when the caller parsed it already (as this would)."""
    if parsed is not None:
        return _rows_of(parsed)
    stripped = text.lstrip()
    if stripped[:1] in ("[", "{"):
        rows = _json_rows(stripped)
        if rows is not None:
            return rows
    lines = [line for line in text.splitlines() if line.strip()][:MAX_ROWS]
    separator = _separator(lines)
    aligned = _aligned_cells(lines) if separator is None else None
    caption = 0
    if separator is None and aligned is None:
        caption, separator, aligned = _under_a_caption(lines)
    # The header's width: a line with more cells is mended to it (split_cells).
    width = len(split_cells(lines[caption], separator)) if separator is not None and \
        caption < len(lines) else None
    rows = []
    for number, line in enumerate(lines):
        aligned_row = aligned[number - caption] if aligned is not None and \
            number >= caption else None
        row = Row(structured=number >= caption and (
            aligned_row is not None or (separator is not None and separator in line)))
        if row.structured:
            cells = aligned_row if aligned_row is not None else \
                split_cells(line, separator or ",", width)
            for index, cell in enumerate(cells):
                cell = cell.strip().strip("\"'` ")
                value = cell_number(cell)
                if value is not None:
                    row.numbers[str(index)] = value
                elif cell:
                    row.labels[str(index)] = cell.lower()
        else:
            for index, raw in enumerate(LINE_NUMBER_RE.findall(line)):
                value = first_reading(raw)
                if value is not None:
                    row.numbers[str(index)] = value
        rows.append(row)
    return rows


def _under_a_caption(lines: Sequence[str]
                     ) -> tuple[int, str | None, list[list[str] | None] | None]:
    """A table under one or two caption lines ("as_of: 2026-05-20", "sku: NH-VK120-M  Nordhorn
    Vektor 120"): how many lines the caption takes, and the table's separator or aligned
    cells from its header row on. The header holds no digit (it names the columns); a
    caption is short, so at most :data:`MAX_CAPTION` lines. (0, None, None): no such table."""
    for caption in range(1, MAX_CAPTION + 1):
        body = lines[caption:]
        if len(body) < 3 or any(c.isdigit() for c in body[0]):
            continue
        separator = _separator(body)
        if separator is not None:
            return caption, separator, None
        aligned = _aligned_cells(body)
        if aligned is not None:
            return caption, None, aligned
    return 0, None, None


def cell_number(cell: str) -> Decimal | None:
    """A cell that is one number (with a currency sign or a per cent sign), else None."""
    if not cell or not _CELL_NUMBER_RE.fullmatch(cell):
        return None
    value = first_reading(cell.lstrip("-−").strip("$€£¥% "))
    return -value if value is not None and cell[0] in "-−" else value


def _separator(lines: Sequence[str]) -> str | None:
    """The cell separator of a delimited table: the same count of it on its first lines."""
    # A rule under the header ("------+-------" in psql's output) holds no separator.
    lines = [line for line in lines if not RULE_LINE_RE.match(line)]
    if len(lines) < 2:
        return None
    for separator in _SEPARATORS:
        width = len(split_cells(lines[0], separator))
        counts = {len(split_cells(line, separator, width)) - 1 for line in lines[:3]}
        if len(counts) == 1 and min(counts) >= 1:
            return separator
    return None


def split_cells(line: str, separator: str, width: int | None = None) -> list[str]:
    """The cells of one delimited line. A cell in double quotes may hold the separator
    (CSV's quoting: ``"Ramírez Soto, Julia",14250.00`` is two cells, not three), so a line
    with a quote is split by the csv reader; any other line at every separator. Given the
    header's ``width``, a comma-separated line with more cells is mended where a comma is
    no separator (:func:`_rejoined`)."""
    if '"' not in line:
        cells = line.split(separator)
    else:
        try:
            cells = next(csv.reader([line], delimiter=separator), [])
        except csv.Error:
            cells = line.split(separator)
    if width is not None and separator == "," and len(cells) > width:
        return _rejoined(cells, width)
    return cells


# A number's integer part grouped by dots ("2.321") and two decimals ("00"): a decimal
# comma inside an amount, written unquoted by a tool of a comma-decimal locale.
_DOTTED_INTEGER_RE = re.compile(r"\s*-?\d{1,3}(?:\.\d{3})+")
_TWO_DECIMALS_RE = re.compile(r"\d{2}\s*")
_INTEGER_RE = re.compile(r"\s*-?\d+")


def _rejoined(cells: list[str], width: int) -> list[str]:
    """An unquoted CSV line with more cells than its header, mended at the commas that are
    no separator, until it has the header's width: first a decimal comma after a dotted
    integer ("2.321,00"); then a comma and a space inside text ("The Oyster Shed,
    Whitstable": a separator is followed by the next cell, prose by a space); last, two
    decimals after an integer in the last cells (an amount ends a row). Otherwise, as it
    was: no cell is guessed."""
    mended = list(cells)

    def join(test: Callable[[str, str], bool], indices: Iterable[int]) -> None:
        for index in indices:
            if len(mended) <= width:
                return
            if index + 1 < len(mended) and test(mended[index], mended[index + 1]):
                mended[index:index + 2] = [f"{mended[index]},{mended[index + 1]}"]

    join(lambda a, b: bool(_DOTTED_INTEGER_RE.fullmatch(a) and _TWO_DECIMALS_RE.fullmatch(b)),
         reversed(range(len(mended))))
    join(lambda a, b: b[:1] == " " and b.strip() != "" and a.strip() != ""
         and cell_number(a.strip()) is None, reversed(range(len(mended))))
    join(lambda a, b: bool(_INTEGER_RE.fullmatch(a) and _TWO_DECIMALS_RE.fullmatch(b)),
         [len(mended) - 2])
    return mended if len(mended) == width else cells


def _aligned_cells(lines: Sequence[str]) -> list[list[str] | None] | None:
    """The cells of a table aligned with spaces (``episode      downloads`` over
    ``E41 Tidal power myths   18420``): every line splits at its runs of two or more
    spaces (or tabs) into the same number of cells, two or more. A single space stays
    inside a cell, as between the words of a title. A row with fewer cells than its header
    (a blank note, the blank shift of a TOTAL row) has them placed under the header's
    columns by where they stand (:func:`_placed_by_position`); a line that fits no column
    in the last :data:`MAX_FOOTER` lines ("vs. octubre: +18,4 %") is a footer, None."""
    if len(lines) < 3:
        return None
    cells = [_ALIGNED_GAP_RE.split(line.strip()) for line in lines]
    widths = {len(row) for row in cells}
    if len(widths) > 1:
        # Two numbers one space apart ("4,712 96") under two headers are two cells whose
        # padding ran out: split them, and the lines may then agree.
        width = max(widths)
        cells = [row if len(row) == width else _split_number_pairs(row) for row in cells]
        widths = {len(row) for row in cells}
    if len(widths) == 1 and min(widths) >= 2:
        return list(cells)
    width = len(cells[0])
    if width < 2 or max(widths) > width:
        return None
    header = _cell_spans(lines[0])
    mended: list[list[str] | None] = [cells[0]]
    for number in range(1, len(lines)):
        row: list[str] | None = cells[number]
        if row is not None and len(row) != width:
            row = _placed_by_position(lines[number], header) if len(row) >= 2 else None
        if row is None and number < len(lines) - MAX_FOOTER:
            return None
        mended.append(row)
    return mended if sum(row is not None for row in mended[1:]) >= 2 else None


MAX_FOOTER = 2


def _cell_spans(line: str) -> list[tuple[int, int]]:
    """Where each cell of an aligned line starts and ends (its columns, for a header)."""
    return [m.span() for m in _ALIGNED_CELL_RE.finditer(line)]


def _placed_by_position(line: str, header: Sequence[tuple[int, int]]) -> list[str] | None:
    """The cells of a short row under the header's columns: each under the column it
    starts with (left-aligned) or ends with (right-aligned), within one character, two
    never in one. None when a cell lines up with no column ("total distance: 61.4 km
    drive time: 2h 38m", a footer), or when the line holds a character wider than one
    column (Chinese, Japanese), whose positions do not match its header's."""
    if any(ord(char) >= _WIDE_FROM for char in line):
        return None
    placed = [""] * len(header)
    last = -1
    for match in _ALIGNED_CELL_RE.finditer(line):
        start, end = match.span()
        column = next((index for index, (left, right) in enumerate(header)
                       if abs(start - left) <= 1 or abs(end - right) <= 1), None)
        if column is None or column <= last:
            return None
        placed[column] = match.group()
        last = column
    return placed


_ALIGNED_CELL_RE = re.compile(r"[^ \t](?:[^ \t]| (?! ))*")
_WIDE_FROM = 0x1100


_NUMBER_PAIR_RE = re.compile(r"(-?[\d.,]*\d)\s(-?[\d.,]*\d)")


def _split_number_pairs(row: list[str]) -> list[str]:
    split: list[str] = []
    for cell in row:
        pair = _NUMBER_PAIR_RE.fullmatch(cell)
        split.extend(pair.groups() if pair is not None else (cell,))
    return split


_ALIGNED_GAP_RE = re.compile(r"\t|\s{2,}")


def _json_rows(text: str) -> list[Row] | None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return _rows_of(data)


def _rows_of(data: Any) -> list[Row]:
    rows: list[Row] = []
    if is_mapping(data):
        rows.append(object_row(data))
    _collect_rows(data, rows, 0)
    return rows


def object_row(data: Mapping[Any, Any]) -> Row:
    """The row of a JSON object's own fields (a nested object's under dotted names): the
    first row :func:`table_rows` reads from a result that is an object."""
    top = Row()
    _flatten_into(data, "", top, 0)
    return top


def _collect_rows(node: Any, rows: list[Row], depth: int) -> None:
    """Every object inside an array, however deep (``{"data": [{...}, ...]}``)."""
    if depth > 4 or len(rows) >= MAX_ROWS:
        return
    if isinstance(node, list):
        header = header_row(node)
        for item in node[1:] if header else node:
            row = Row()
            if is_mapping(item):
                _flatten_into(item, "", row, 0)
            elif isinstance(item, list):   # [[t, 0.371], [t, 0.388]]: columns by position
                names = header or [str(i) for i in range(len(item))]
                _flatten_into(dict(zip(names, item, strict=False)), "", row, 0)
            else:
                _flatten_into({"": item}, "", row, 0)
            if row.numbers or row.labels:
                rows.append(row)
            _collect_rows(item, rows, depth + 1)
    elif is_mapping(node):
        members = _members(node)
        for member in members:
            row = Row()
            _flatten_into(member, "", row, 0)
            rows.append(row)
        for child in node.values():
            if isinstance(child, list) or is_mapping(child):
                _collect_rows(child, rows, depth + 1)


def _members(node: Mapping[Any, Any]) -> list[Mapping[Any, Any]]:
    """The members of an object keyed by their names, each an object of the same figures
    ({"P1": {"spaces": 120, "free": 0}, "P2": {"spaces": 140, "free": 37}}): rows of a
    table whose keys name the rows, as an array's objects would be."""
    children = [v for v in node.values() if is_mapping(v)]
    if len(children) < 2 or len(children) != len(node):
        return []
    shapes = {frozenset(k for k, v in child.items()
                        if isinstance(v, (int, float)) and not isinstance(v, bool))
              for child in children}
    if len(shapes) != 1 or not next(iter(shapes)):
        return []
    return children


def line_numbers(text: str) -> list[tuple[Decimal, str]]:
    """Every standalone number of a text with the unit written after it (``3.00G`` is
    (3.00, "g"), a bare number has ""); a comma-joined run is read as its pieces as well.
    In JSON a dot between digits is a decimal point: its numbers are never grouped
    (``"sg": 1.014`` is 1.014, not 1014)."""
    found: list[tuple[Decimal, str]] = []
    stripped = text.strip()
    decimal_dot = stripped[:1] in ("[", "{") and stripped[-1:] in ("]", "}")
    for match in OPERAND_RE.finditer(text):
        raw, unit = match.group(1), match.group(2).lower()
        pieces = raw.split(",") if "," in raw else ()
        for piece in (raw, *pieces):
            value = first_reading(piece, decimal_dot)
            if value is not None:
                found.append((value, unit))
    return found


def header_row(node: list[Any]) -> list[str] | None:
    """The column names of an array of arrays whose first row is all names and whose
    other rows hold numbers ([["Team", "Open reqs"], ["Mobile", 0], ...])."""
    if len(node) < 2 or not all(isinstance(item, list) for item in node[:2]):
        return None
    first, second = node[0], node[1]
    if first and all(isinstance(c, str) and cell_number(c) is None for c in first) and any(
            isinstance(c, (int, float)) or (isinstance(c, str) and cell_number(c) is not None)
            for c in second):
        return [c.lower() for c in first]
    return None


def _flatten_into(item: Mapping[Any, Any], prefix: str, row: Row, depth: int) -> None:
    for key, value in item.items():
        name = f"{prefix}{key}"
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            row.numbers[name] = Decimal(str(value))
        elif isinstance(value, str):
            number = cell_number(value.strip())
            if number is not None:
                row.numbers[name] = number
            elif len(value) <= 64:
                row.labels[name] = value.lower()
        elif depth < 3 and is_mapping(value):
            _flatten_into(value, name + ".", row, depth + 1)


def headed_table(rows: Sequence[Row], text_result: bool) -> tuple[Mapping[str, str], list[Row]]:
    """A result's structured rows as its header (labels by column) and the rows under it:
    a text table's first row with no figure is its header; a JSON listing has none."""
    table = [row for row in rows if row.structured]
    if text_result and table and not table[0].numbers:
        return table[0].labels, table[1:]
    return {}, table


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

