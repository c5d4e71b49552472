"""The totals of the columns of the reply's own tables.

A reply that lays its figures out in a Markdown table ("| Iceberg | 9 | 21 | £5.20 | £109.20
|") often closes with their totals ("That's 70 plants for £434.30"): each total is the
reply's arithmetic on its own cells, which are checked as values of their own (a wrong
cell is found there, not in its total); a count that is such a total ("70 plants") is a
quantity, not a number of rows. Only columns of a table that ends before the total.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.number_index import approx_tolerance, rounding_unit
from ..evidence.text_cells import cell_number
from .base import CheckContext

_ROW_RE = re.compile(r"^[ \t]*\|(.+)\|[ \t]*$", re.MULTILINE)
_STRIP = "*_` "


def column_totals_before(context: CheckContext, end: int) -> set[Decimal]:
    """The total of every number column (two numbers or more) of each table of the
    reply's that ends before ``end``."""
    text = context.text
    if "|" not in text[:end]:
        return set()
    totals: set[Decimal] = set()
    columns: dict[int, list[Decimal]] = {}
    last_end = -1
    for match in _ROW_RE.finditer(text, 0, end):
        if match.start() > last_end + 1 and columns:   # a line between: another table
            totals.update(_sums(columns))
            columns = {}
        last_end = match.end()
        for index, cell in enumerate(match.group(1).split("|")):
            value = cell_number(cell.strip(_STRIP))
            if value is not None:
                columns.setdefault(index, []).append(value)
    totals.update(_sums(columns))
    return totals


def _sums(columns: dict[int, list[Decimal]]) -> set[Decimal]:
    return {sum(values, Decimal(0)) for values in columns.values() if len(values) > 1}


def total_of_a_reply_column(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is the total of a number column of a table the reply gives before it."""
    if claim.kind not in (ValueKind.NUMBER, ValueKind.CURRENCY, ValueKind.MEASURE) \
            or not claim.numbers:
        return False
    totals = column_totals_before(context, claim.span[0])
    if not totals:
        return False
    said = claim.numbers[0]
    tolerance = max(rounding_unit(said) / 2, approx_tolerance(said) if claim.approx
                    else Decimal(0))
    return any(abs(total - said) <= tolerance for total in totals)
