"""The shapes of a text result's header line, told apart from its rows: names in capitals,
in title case, separated (CSV, TSV), or space-aligned cells with no figure; the rule of
dashes under a header; a header with nothing under it."""

from __future__ import annotations

import re
from collections.abc import Sequence

# Column names in title case over rows holding numbers ("Package  Current  Wanted ...").
TITLE_HEADER_RE = re.compile(r"^\s*[A-Z][A-Za-z_%()-]*(?:[ \t]+[A-Za-z][A-Za-z_%()-]*){2,}\s*$")
HEADER_LINE_RE = re.compile(r"^\s*(?:[A-Z][A-Z0-9_%-]*(?:\s+|$)){2,}$|^total\s+\d+\s*$")
RULE_LINE_RE = re.compile(r"^[\s\-=+|:]{3,}$")
# Cells of a space-aligned line: two or more spaces, a tab, or one space between CJK cells.
_ALIGNED_CELL_SPLIT_RE = re.compile(r"\s{2,}|\t|(?<=[\u3400-\u9fff])\s(?=[\u3400-\u9fff])")
# A CSV/TSV header: two or more separated names, none of them a number.
# Cells that open with a letter of any script ("批次,产品,数量", "fecha;importe"), never a digit.
CSV_HEADER_RE = re.compile(r"^\s*[^\W\d][\w .%/()-]*(?:([,\t;|])\s*[^\W\d][\w .%/()-]*)+\s*$")


def header_only(text: str) -> bool:
    """A table's header row and nothing under it ("ZONE  SETPOINT_C  TEMP_C", "sku,name,
    on_hand"): names of columns in capitals or with an underscore, on the only line."""
    if "\n" in text:
        return False
    if HEADER_LINE_RE.match(text):
        return True
    match = CSV_HEADER_RE.match(text)
    if match is None or match.group(1) is None:
        return False
    cells = [c.strip() for c in text.split(match.group(1))]
    return any("_" in c for c in cells) or all(c.isupper() for c in cells)


def is_aligned_header(lines: Sequence[str]) -> bool:
    """A space-aligned table's header in any script (``episode   downloads``, ``hora  nombre
    pax``, ``星期  日期  时间``): a first line of two or more cells with no digit, over rows
    that each hold a digit. A header names the columns; rows fill them with values. A
    column's name may hold a digit of its unit (``co2_ppm``, ``volume_m3``): the first
    line is then a header when none of its words is a number and every row has a cell
    that is one."""
    if len(lines) < 3:
        return False
    cells = _aligned_cells(lines[0])
    if len(cells) < 2:
        return False
    if not any(c.isdigit() for c in lines[0]):
        return all(any(c.isdigit() for c in line) for line in lines[1:])
    return not any(_NUMBER_CELL_RE.fullmatch(word) for word in lines[0].split()) and all(
        any(_NUMBER_CELL_RE.fullmatch(cell) for cell in _aligned_cells(line))
        for line in lines[1:])


# A cell that is a figure: digits with their marks ("4500", "11.2", "-6", "74/120", "80%").
_NUMBER_CELL_RE = re.compile(r"[+\-−]?\d[\d.,:/]*%?")


def _aligned_cells(line: str) -> list[str]:
    return [cell for cell in _ALIGNED_CELL_SPLIT_RE.split(line.strip()) if cell]


def maybe_csv_header(first: str, second: str) -> bool:
    """Names over rows of words: a header the rows cannot tell apart from a row."""
    match = CSV_HEADER_RE.match(first)
    return match is not None and _cell_breaks(second, match.group(1)) == _cell_breaks(
        first, match.group(1))


def is_csv_header(first: str, second: str) -> bool:
    """The first line names the columns the second line fills (same separator count)."""
    match = CSV_HEADER_RE.match(first)
    if match is None:
        return False
    separator = match.group(1)
    return _cell_breaks(second, separator) == _cell_breaks(first, separator) and any(
        c.isdigit() for c in second)


def _cell_breaks(line: str, separator: str) -> int:
    """Separators that end a cell: one inside double quotes is the cell's ("3,296.00" is
    one cell), and ", " sits inside one, unquoted ("Boise, ID"), as does the decimal comma
    of an amount whose thousands are grouped by dots ("2.321,00"; text_cells.split_cells mends
    such lines the same way)."""
    if '"' in line:
        line = _QUOTED_CELL_RE.sub('""', line)
    if separator != ",":
        return line.count(separator)
    return line.count(",") - line.count(", ") - len(_DECIMAL_COMMA_RE.findall(line))


_DECIMAL_COMMA_RE = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{3})+,\d{2}(?![\d.,])")


_QUOTED_CELL_RE = re.compile(r'"[^"\n]*"')
