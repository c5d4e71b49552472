"""Absences of a state that results write as a figure, not as a word.

- None left ("nothing is out of stock", "nothing's run out", "no hay nada agotado", "没有缺
  货的"): a stock column ("qty", "on_hand", "existencias", 库存) whose cell is 0. One row at
  zero refutes the absence; a stock column with no zero bears it out.
- A state a column is named for ("ninguno tiene saldo pendiente" over "pendiente_eur": 60):
  a positive figure in that column counts the row in the state, and refutes the absence.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, key_text, stem
from ..evidence.facts import EventFacts
from ..evidence.tables import Row
from .base import CheckContext
from .row_readings import names_its_row

# The state of nothing left, as a reply says it (en, es, zh).
_NONE_LEFT_SAID_RE = re.compile(
    r"\bout\s+of\s+stock\b|\b(?:run|ran|sold|used)\s+(?:out|up)\b|\bagotad[oa]s?\b|"
    r"\bsin\s+(?:stock|existencias)\b|缺货|断货|没货|无货|卖完|售罄|用完", re.IGNORECASE)
# A negative pronoun or quantifier opening the absence: it ranges over every item ("170 的
#没货了" is said of the row it names, and judged there).
_QUANTIFIED_RE = re.compile(r"(?:nothing|none|no\b|nada|ning[uú]n|no\s+hay|没有|都没|一个都)",
                            re.IGNORECASE)
# The name of a column of what is in stock (en, es, zh; keys as tools write them).
_STOCK_COLUMN_RE = re.compile(
    r"(?:^|_)(?:qty|quantity|stock|in_stock|on_hand|available|avail|units|count|level|"
    r"existencias|cantidad|disponibles?|stock_actual)(?:_|$)|^(?:库存|数量|现货|余量)",
    re.IGNORECASE)


def stock_rows_at_zero(context: CheckContext, claim: AbsenceClaim,
                       pool: list[EventFacts]) -> tuple[EventFacts, Row | None] | None:
    """For an absence of the state of none left, judged on a result with a stock column:
    the result and its first row at zero (None when no row is: the absence holds).
    None when the absence is of another state or no result has a stock column."""
    if _NONE_LEFT_SAID_RE.search(claim.text) is None or not _QUANTIFIED_RE.match(claim.text):
        return None
    judged: EventFacts | None = None
    for facts in pool:
        rows = facts.rows
        names = facts.header   # an aligned table's columns are numbered; its header names them
        for row in rows:
            cells = _stock_cells(row, names)
            if not cells:
                continue
            judged = judged or facts
            if any(cell == Decimal(0) for cell in cells):
                return facts, row
    return (judged, None) if judged is not None else None


def _stock_cells(row: Row, names: dict[str, str]) -> list[Decimal]:
    """The row's figures in a stock column (``names``: a text table's header names)."""
    return [value for column, value in row.numbers.items()
            if _STOCK_COLUMN_RE.search(names.get(column, column).strip())]


def row_text(row: Row) -> str:
    """A row written back as its cells, for a finding's evidence."""
    return ", ".join([*row.labels.values(), *(str(v) for v in row.numbers.values())])


def counted_in_its_state(claim: AbsenceClaim, states: frozenset[str], said: str,
                         pool: list[EventFacts]) -> tuple[EventFacts, str] | None:
    """The result and the cell of a row with a positive figure in a column named for the
    state the absence denies (its state words' stems, ``states``, or its subject's),
    when the absence is of a state ("saldo pendiente", "overdue"); None otherwise. When
    ``said`` (the absence's part of its sentence) names rows ("mamografía va bien, sin
    nadie fuera de plazo"), only those rows are read."""
    if not claim.of_state:
        return None
    wanted = {s for s in (*states, *claim.subject) if len(s) >= _MIN_STEM}
    if not wanted:
        return None
    for facts in pool:
        rows = facts.rows
        names = facts.header
        named = [row for row in rows if row.numbers and names_its_row(said, row, rows)]
        for row in named or rows:
            for column, value in row.numbers.items():
                name = names.get(column, column)
                if value > 0 and wanted & {stem(w) for w in
                                           LATIN_WORD_RE.findall(key_text(name).lower())}:
                    return facts, f"{name}: {value}"
    return None


_MIN_STEM = 5


def subject_rows_out_of_stock(claim: AbsenceClaim, pool: list[EventFacts]) -> bool:
    """"no paste tomatoes at the moment" over a catalogue whose paste rows all have 0 in
    their stock column: the kind is listed, with none of it to be had; the absence is of
    what is available, and borne out."""
    if not claim.subject:
        return False
    for facts in pool:
        rows = facts.rows
        names = facts.header
        holders = [row for row in rows if row.numbers and claim.subject & {
            stem(w) for label in row.labels.values() for w in LATIN_WORD_RE.findall(label)}]
        stocks = [_stock_cells(row, names) for row in holders]
        if holders and all(cells for cells in stocks) and all(
                any(v == 0 for v in cells) for cells in stocks):
            return True
    return False
