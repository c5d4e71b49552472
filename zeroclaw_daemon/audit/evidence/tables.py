"""A result read as rows: the numbers and text cells of each row, by column.

A summary adds up a column, or the rows of one kind ("the four Business
accounts", "the two refunded orders"); to see those sums the result must be
read as a table. JSON arrays of objects give one row per object (keys are the
columns, numeric strings count as numbers); a delimited text (CSV, TSV, pipes)
is split at its separator first, so ``DE,3,184.90`` is 3 and 184.90, never
3,184.90; any other line gives its numbers by their position on the line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, TypeGuard

from .text_cells import aligned_cells, cell_number, delimiter_of, first_reading, split_cells

MAX_ROWS = 400
MAX_CAPTION = 2           # lines above a table's header that say what it lists
# A number standing alone: not part of a date, a time, a version or an identifier.
LINE_NUMBER_RE = re.compile(r"(?<![\w.:/-])-?\d+(?:[.,]\d+)*(?![\w:/-]|\.\d)")
# After a key's colon too ("used_memory_human:3.00G"), but never inside a time ("10:16").
OPERAND_RE = re.compile(r"(?:(?<![\w.:/-])|(?<=[A-Za-z_\"']:))(-?\d+(?:[.,]\d+)*)"
                        r"([A-Za-z%]{0,3})(?![\w:/-]|\.\d)")


# Exact types that are never a Mapping: a JSON value of one of them is told apart from an
# object without isinstance(value, Mapping), an ABC check (~0.5 µs, asked of every value
# of every object a table is read from).
_NOT_MAPPINGS = frozenset({str, int, float, bool, type(None), list, tuple})


def is_mapping(value: Any) -> TypeGuard[Mapping[Any, Any]]:
    """``isinstance(value, Mapping)``, quick for the types JSON parses to."""
    kind = type(value)
    return kind is dict or (kind not in _NOT_MAPPINGS and isinstance(value, Mapping))


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
    separator = delimiter_of(lines)
    aligned = aligned_cells(lines) if separator is None else None
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
        separator = delimiter_of(body)
        if separator is not None:
            return caption, separator, None
        aligned = aligned_cells(body)
        if aligned is not None:
            return caption, None, aligned
    return 0, None, None


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
        if value is None:
            continue
        if isinstance(value, bool):
            # A yes/no field sorts the rows into two kinds ("gift_aid": true): its rows'
            # sums and counts are those of a kind (table_sums.group_sums).
            row.labels[name] = "true" if value else "false"
        elif isinstance(value, (int, float)):
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
