"""A text table's lines cut into cells, and a cell read as a number.

A delimited table is cut at its separator (tab, pipe, semicolon, comma), the one each of
its first lines holds as often; an unquoted comma that separates nothing (a decimal comma
after dotted thousands, a comma and a space inside text) is mended back into its cell. A
table aligned with spaces is cut at runs of two spaces or more; a short row has its cells
placed under the header's columns by where they stand, and a line under the table that
lines up with no column is a footer (:mod:`.tables` reads the rows).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal

from ..claims.numbers import number_readings
from .headers import RULE_LINE_RE

_CELL_NUMBER_RE = re.compile(r"[-−]?[$€£¥]?\s?\d+(?:[.,]\d+)*\s?[%€]?")
_SEPARATORS = ("\t", "|", ";", ",")


def first_reading(raw: str, decimal_dot: bool = False) -> Decimal | None:
    readings = number_readings(raw, decimal_dot)
    return readings[0] if readings else None


def cell_number(cell: str) -> Decimal | None:
    """A cell that is one number (with a currency sign or a per cent sign), else None."""
    if not cell or not _CELL_NUMBER_RE.fullmatch(cell):
        return None
    value = first_reading(cell.lstrip("-−").strip("$€£¥% "))
    return -value if value is not None and cell[0] in "-−" else value


def delimiter_of(lines: Sequence[str]) -> str | None:
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


def aligned_cells(lines: Sequence[str]) -> list[list[str] | None] | None:
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
