"""A number in a cell of the reply's own table, in the unit its column's header names:
"| FRG-01 | 39.4 |" under "| Fridge | °F |", "| Peso (kg) |", "| Dist. (mi) |". The header
writes the unit once for the column, so each bare number below it is a temperature or a
measure in that unit, grounded as one would be written with it (a result's 4.1 °C is
39.4 °F; its 12 km is 7.5 mi). The unit is read with the value grammar itself (a header's
parenthesis, or the whole cell, or its last word, after a number), so every unit a value
may carry, in any language, is read, and no other word.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..claims import ValueClaim, ValueKind
from ..claims.values import find_values
from ..evidence.values import value_grounded
from .base import CheckContext

_ROW_RE = re.compile(r"[ \t]*\|(.*)\|[ \t]*$")
_SEPARATOR_RE = re.compile(r"[\s|:-]+")
_PARENTHESIS_RE = re.compile(r"[(\[]([^()\[\]]{1,12})[)\]]")
_UNIT_KINDS = (ValueKind.TEMPERATURE, ValueKind.MEASURE)
MAX_HEADER_UP = 60   # rows walked up to the header


def grounded_in_its_column_unit(context: CheckContext, claim: ValueClaim) -> bool:
    if claim.kind is not ValueKind.NUMBER or not claim.numbers:
        return False
    text = context.text
    line_start = text.rfind("\n", 0, claim.span[0]) + 1
    line_end = text.find("\n", claim.span[1])
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    row = _ROW_RE.match(line)
    if row is None:
        return False
    column = text[line_start:claim.span[0]].count("|") - 1
    header = _header_cells(text, line_start)
    if header is None or not 0 <= column < len(header):
        return False
    unit = unit_named(header[column])
    if unit is None:
        return False
    kind, name = unit
    return value_grounded(replace(claim, kind=kind, unit=name), context.evidence)


def _header_cells(text: str, row_start: int) -> list[str] | None:
    """The cells of the header of the table holding the row at ``row_start``: the row
    just above its separator line ("|---|---|"), found walking up the table's rows."""
    end = row_start - 1
    for _ in range(MAX_HEADER_UP):
        if end <= 0:
            return None
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if _ROW_RE.match(line) is None:
            return None
        if _SEPARATOR_RE.fullmatch(line) and start > 0:
            above_start = text.rfind("\n", 0, start - 1) + 1
            header = _ROW_RE.match(text[above_start:start - 1])
            return header.group(1).split("|") if header else None
        end = start - 1
    return None


def unit_named(cell: str) -> tuple[ValueKind, str] | None:
    """The unit a header cell names, with the kind of value it makes: its parenthesis
    ("Temp (°F)"), else the whole cell ("°F", "kg"), else its last word ("Peso kg")."""
    cell = cell.strip().strip("*_` ")
    parenthesis = _PARENTHESIS_RE.search(cell)
    words = cell.split()
    candidates = [parenthesis.group(1)] if parenthesis else [cell, words[-1] if words else ""]
    for candidate in candidates:
        candidate = candidate.strip()
        if not candidate or len(candidate) > 12:
            continue
        probe = "1 " + candidate
        for start, end, kind, _, extra in find_values(probe):
            if start == 0 and end == len(probe) and kind in _UNIT_KINDS:
                return kind, str(extra.get("unit", ""))
    return None
