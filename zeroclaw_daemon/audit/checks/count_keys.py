"""A count whose noun names the column that identifies a result's rows counts the rows.

"8 batches" over a table whose first column is ``batch_id`` (B-1204-01, B-1204-02, ...)
says how many rows there are: the noun is what each row is, by the result's own header.
A cell of another column holding the same number (a ``qty`` of 8) is no figure of it.
Only a key column counts: its header (or JSON key) comes first, and every row holds a
value of its own there, written with a digit, as identifiers are.
"""

from __future__ import annotations

from ..claims.types import CountClaim
from ..claims.words import text_keywords
from ..evidence.index import relation_probes
from ..evidence.relation import Relation
from ..evidence.tables import Row
from .base import CheckContext

_MIN_ROWS = 2


def names_the_key_column(context: CheckContext, claim: CountClaim) -> bool:
    """The counted noun names the first column of a result table whose values identify
    its rows (distinct, each with a digit), and the count is not that of the rows holding
    one value of a column its sentence names ("8 batches were released" over 8 "yes" in
    ``released``: the rows of one kind)."""
    relation = Relation(claim.keywords)
    # Only the results that may hold a word related to the noun can name it in a header or
    # a key (see Evidence.holding): the others' tables are not read.
    for facts in context.evidence.holding(relation_probes(claim.keywords)):
        rows = facts.rows
        if len(rows) <= _MIN_ROWS:
            continue
        key = _key_column(rows)
        if key is None or not relation(text_keywords(key[0])):
            key = _named_distinct_column(rows, relation)
        if key is not None:
            said = text_keywords(context.sentence_text(claim.clause)) - claim.keywords
            return not _counts_one_value_of_a_named_column(rows, key, said, claim.value)
    return False


def _named_distinct_column(rows: list[Row], relation: Relation
                           ) -> tuple[str, str, list[Row]] | None:
    """A column of a delimited table that the noun names ("piloto" for "10 pilotos") and
    whose every row holds a text value of its own (the drivers' names): one row per
    thing the noun names, as a key column is."""
    first = rows[0]
    if first.numbers or first.labels.get("0") is None:
        return None   # only a text table's header row names its columns
    body = _body(rows)
    if len(body) < _MIN_DISTINCT_ROWS:
        return None
    for column, name in first.labels.items():
        if not relation(text_keywords(name)):
            continue
        values = [row.labels.get(column) for row in body]
        if all(v for v in values) and len(set(values)) == len(values):
            return name, column, body
    return None


_MIN_DISTINCT_ROWS = 3


def _body(rows: list[Row]) -> list[Row]:
    """A text table's rows under its header, less its lines of no cells: a rule under the
    header ("----+----") and a footer ("(9 rows)")."""
    return [row for row in rows[1:] if row.structured]


def _counts_one_value_of_a_named_column(rows: list[Row], key: tuple[str, str, list[Row]],
                                        said: frozenset[str], value: int) -> bool:
    """Some column a word of the sentence names holds one value in exactly ``value`` rows."""
    _, key_column, body = key
    text_table = body is not rows
    named = Relation(said)
    columns = rows[0].labels.items() if text_table else \
        ((c, c) for c in {c for row in body for c in (*row.labels, *row.numbers)})
    for column, name in columns:
        if column == key_column or not named(text_keywords(name)):
            continue
        sizes: dict[str, int] = {}
        for row in body:
            cell = row.labels.get(column, str(row.numbers.get(column, "")))
            sizes[cell] = sizes.get(cell, 0) + 1
        if value in sizes.values():
            return True
    return False


def _key_column(rows: list[Row]) -> tuple[str, str, list[Row]] | None:
    """The name, column and body rows of the first column when it identifies the rows."""
    first = rows[0]
    if first.numbers or not first.labels:
        return None
    if first.labels.get("0") is not None:   # a text table: its first row is the header
        name, body, column = first.labels["0"], _body(rows), "0"
    else:                                   # JSON objects: their first key
        column = next(iter(first.labels))
        name, body = column, rows
    values = [row.labels.get(column) for row in body]
    if len(body) < _MIN_ROWS or any(v is None or not any(c.isdigit() for c in v)
                                     for v in values):
        return None
    return (name, column, body) if len(set(values)) == len(values) else None

