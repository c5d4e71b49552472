"""Counts that are figures, not numbers of items: a column's value ("22 units",
"8 guests") or what a table's rows add up to ("10,053 signups"), whole or over the rows
a filter picks; read by :mod:`.counts` before a count is found wrong."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import accumulate

from ..claims.types import CountClaim
from ..claims.words import key_text, stem, text_keywords
from ..evidence.relation import Relation
from ..evidence.table_sums import column_totals, column_values, group_sums
from ..evidence.tables import MAX_ROWS, Row
from .base import CheckContext
from .record_counts import a_cell_of_a_quoted_row


def a_figure_counted(context: CheckContext, claim: CountClaim, kind_read: bool = False
                     ) -> bool:
    """The count is the rows of a kind the sentence names, counted, or a figure the rows
    add up to, or one of a column: not a number of items. (``kind_read``: the kind the
    count names was read exactly, narrowing included; the label alone says less.)"""
    evidence = context.evidence
    derivations = evidence.derivations
    sentence = context.sentence_text(claim.clause).lower()
    if not kind_read and any(n == claim.value and label in sentence
           for label, n in derivations.group_counts.items()):
        return True  # "7 accounts" whose reason is *price*: the rows of that kind, counted
    if claim.value > max((max(f.item_counts, default=0) for f in evidence.ok), default=0) \
            and not _counts_kinds(context, claim) \
            and (claim.value in derivations.table_totals
                 or (claim.value in _table_subset_sums(context)
                     and not _names_the_rows(context, claim))):
        # "10,053 signups": what the rows add up to, not how many rows there are; "11
        # guests" after 20:00: a column added up over the rows a filter picks (the last
        # ones, the first ones, or the rows of one kind).
        return True
    # "22 units", "8 guests": a figure of a column, not a number of rows; or of the row
    # its sentence reads.
    return _names_a_figure_column(context, claim) or a_cell_of_a_quoted_row(context, claim)


def _table_subset_sums(context: CheckContext) -> set[Decimal]:
    """Sums of a table's figure column over the rows a filter may pick: the first or the
    last rows (a time or a rank cut: "after 20:00"), or the rows of one kind. Tables only
    (JSON rows, delimited or aligned columns), not numbers that stand on plain lines."""
    sums: set[Decimal] = set()
    for rows in context.evidence.derivations.rows:
        table = [row for row in rows if row.structured]
        for values in column_values(table):
            if len(values) > 1:
                sums.update(accumulate(values[:MAX_ROWS]))
                sums.update(accumulate(values[::-1][:MAX_ROWS]))
        sums.update(group_sums(table))
    return sums


def _counts_kinds(context: CheckContext, claim: CountClaim) -> bool:
    """The count's noun is one of kinds ("8 kinds of tea", "9 个品种", "7 variedades"): it
    counts distinct items, which no figure of a column adds up to."""
    kinds = context.pack.kind_nouns if context.pack is not None else None
    return kinds is not None and kinds.match(claim.noun) is not None


def _names_the_rows(context: CheckContext, claim: CountClaim) -> bool:
    """The counted noun names what the rows are: a word of the call's name ("bookings" of
    ``restaurant_bookings``) or of a row's text ("bolts" where a row is "Bolt"); a header
    names columns, not rows."""
    relation = Relation(claim.keywords)
    for facts in context.evidence.ok:
        if relation({stem(w) for w in facts.name_words}):
            return True
    for rows in context.evidence.derivations.rows:
        data = rows[1:] if rows and not rows[0].numbers else rows
        if any(relation(text_keywords(label)) for row in data for label in row.labels.values()):
            return True
    return False


def _names_a_figure_column(context: CheckContext, claim: CountClaim) -> bool:
    """The counted noun names a column (a key) whose values are numbers ("downloads": 120,
    "guests": 8): the claim states that quantity, which the row count cannot check."""
    words = claim.noun.split()
    if not words:
        return False
    relation = Relation({stem(w) for w in words})
    # Every word of the column's name: "incident_number" numbers incidents, it is no
    # quantity of them.
    derivations = context.evidence.derivations
    names = derivations.numeric_columns | _headed_number_columns(derivations.rows)
    if context.pack is not None and context.pack.cjk:
        # Chinese writes the counted thing inside the column's name ("两张商务座" of
        # 商务座余票): the noun after its measure word, two characters or more.
        core = claim.noun[1:].strip()
        if len(core) >= 2 and any(core in name for name in names):
            return True
        # A one-character noun is named by "<noun>数", "the number of <noun>" (人数 of
        # "9 个人", 票数 of "12 张票"): the column holds that quantity.
        if len(core) == 1 and any(core + "数" in name for name in names):
            return True
    if any(keys and all(relation({key}) for key in keys)
           for keys in map(text_keywords, names)):
        return True
    # Or one word of a column's name, and the value is that column's total ("9 seats" of
    # seats_free 3 + 3 + 2 + 1): the quantity the column adds up to.
    wanted = Decimal(claim.value)
    return any(total == wanted and relation(text_keywords(key_text(name)))
               for rows in derivations.rows for _, name, total in column_totals(rows))


def _headed_number_columns(tables: Sequence[Sequence[Row]]) -> set[str]:
    """The header names of a delimited or aligned table's number columns ("moves" of
    "crane,vessel,moves,hours"): its rows give them by position only."""
    names: set[str] = set()
    for rows in tables:
        if len(rows) < 2 or not rows[0].structured or rows[0].numbers:
            continue
        for index, label in rows[0].labels.items():
            # Only the table's own rows: a line outside it ("(6 rows)" under psql's
            # output) numbers its figures by position, not by column.
            if any(index in row.numbers for row in rows[1:] if row.structured):
                names.add(label)
    return names
