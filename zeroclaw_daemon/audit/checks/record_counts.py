"""Counts read from a record of figures: what a result with no list of items can ground.

A result that is one JSON object and holds no list ({"intake": {"dogs": 34, "cats": 26},
"returns_within_30d": 3}) lists no items: it has nothing to be counted, only figures to
be read. A count stated over it is one of those figures ("three animals came back", in
words or digits) or the total of one breakdown, an object of figures under the key the
counted noun names ("60 intakes" over "intake": {"dogs": 34, "cats": 26}), or of any
breakdown when no word of the record names the noun ("60 animals came in"). A
breakdown's total under the noun's key is a figure of its own, whatever the result's
shape, so it holds over any result; so is a figure under a key that a word of the count's
phrase names ("37 free spaces" over "free": 37), or that key's total over the rows
("125 spaces are free" over levels whose "free" add up to 125). So is a cell of a table
row whose other figure its sentence states ("el sábado 28, con 812,00 € y 248 ciclos"):
the sentence reads that row, whatever language its noun and the column's name are in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..claims.types import CountClaim
from ..claims.words import text_keywords
from ..evidence.facts import EventFacts
from ..evidence.json_values import first_list
from ..evidence.relation import Relation
from ..evidence.table_sums import column_totals
from ..evidence.tables import Row
from .base import CheckContext


def a_figure_of_a_record(context: CheckContext, claim: CountClaim) -> bool:
    """The count is the total of a breakdown its noun names, or a figure of a result that
    lists no items (and every successful result is such a record)."""
    evidence = context.evidence
    totals = [forms for total, forms in evidence.breakdowns if total == claim.value]
    if not totals:
        return _a_figure_of_an_itemless_result(evidence.ok, claim)
    names = Relation(claim.keywords)
    if any(names.related_forms(forms) for forms in totals):
        return True
    ok = evidence.ok
    if not ok or not all(_lists_nothing(facts) for facts in ok):
        return False
    if any(facts.has_integer(claim.value) for facts in ok):
        return True
    # "44 animals were adopted" over "adoptions": {...}: a noun no word of the record names
    # leaves which breakdown the count totals to the rest of its sentence; the total of
    # any of them is a figure read. A noun the record names ("64 adoptions") is held to
    # its own breakdown above.
    return bool(totals) and not any(names(facts.result_keys) for facts in ok)


def _a_figure_of_an_itemless_result(ok: list[EventFacts], claim: CountClaim) -> bool:
    """Every successful result is a record listing nothing, and one states the count (what
    :func:`a_figure_of_a_record` answers when no breakdown totals the count)."""
    return bool(ok) and all(_lists_nothing(facts) for facts in ok) and any(
        facts.has_integer(claim.value) for facts in ok)


def _lists_nothing(facts: EventFacts) -> bool:
    data = facts.parsed_json
    return isinstance(data, Mapping) and first_list(data, depth=0) is None


def a_figure_its_words_name(context: CheckContext, claim: CountClaim) -> bool:
    """A key that a word of the count's phrase names ("free" of "37 free spaces", of "125
    spaces are free") holds the count, or adds up to it over a table's rows."""
    names = Relation(claim.context or claim.keywords)
    wanted = Decimal(claim.value)
    for facts in context.evidence.ok:
        data = facts.parsed_json
        if isinstance(data, (Mapping, list)) and _holds_under_a_named_key(
                data, names, claim.value, 0):
            return True
    for rows in context.evidence.derivations.rows:
        if any(total == wanted and "." not in key and names(text_keywords(name))
               for key, name, total in column_totals(rows)):
            return True
    return False


def _holds_under_a_named_key(node: Mapping[str, Any] | list[Any], names: Relation,
                             value: int, depth: int) -> bool:
    if depth > MAX_DEPTH:
        return False
    children = list(node.values())[:MAX_KEYS] if isinstance(node, Mapping) else node[:MAX_KEYS]
    if isinstance(node, Mapping):
        for key, child in list(node.items())[:MAX_KEYS]:
            if isinstance(child, int) and not isinstance(child, bool) and child == value \
                    and names(text_keywords(str(key))):
                return True
    return any(_holds_under_a_named_key(child, names, value, depth + 1)
               for child in children if isinstance(child, (Mapping, list)))


MAX_DEPTH = 4
MAX_KEYS = 100


def a_cell_of_a_quoted_row(context: CheckContext, claim: CountClaim) -> bool:
    """The count is a cell of a table row its sentence reads: the sentence states another
    figure found in that row and in no other ("Saturday 28th: 812.00 EUR and 248 cycles"),
    or names the row by a text cell no other row holds ("- 扇贝，8 箱"). The count is then
    one of its figures, not a number of rows. The noun need not name the column (Spanish
    "ciclos" of "cycles", Chinese 人次 of "visits", 箱 of "boxes")."""
    wanted = Decimal(claim.value)
    return any(wanted in row.numbers.values()
               for row in rows_its_sentence_reads(context, claim, by_name=True))


_NAME_REACH = 24
_HAN_RE = re.compile(r"[\u4e00-\u9fff]")


def _written(label: str, said: str) -> bool:
    """The row's text cell stands in ``said``: whole, or for a Chinese name its last three
    characters, the head of its noun ("编码器" of "变桨编码器")."""
    if label in said:
        return True
    return len(label) > 3 and bool(_HAN_RE.match(label[-1])) and label[-3:] in said


def rows_its_sentence_reads(context: CheckContext, claim: CountClaim,
                            by_name: bool = False) -> list[Row]:
    """The table rows that hold a figure the count's sentence states beside it, each a
    figure no other row of its table holds: the rows the sentence reads. ``by_name``: also
    the rows whose text cell, held by no other row, the sentence writes just before the
    count."""
    sentence = context.claims.sentence_span(claim.clause)
    if sentence is None:
        return []
    start, end = claim.span
    figures = {number for value in context.claims.values
               if sentence[0] <= value.span[0] and value.span[1] <= sentence[1]
               and (value.span[1] <= start or end <= value.span[0])
               for number in value.numbers}
    figures.discard(Decimal(claim.value))
    # The row's name just before the count ("- 扇贝，8 箱", "Market Hall: 8 crates"); a
    # count before the names it heads ("5 个品种：玉露 6、…") reads no row.
    said = context.text[max(sentence[0], start - _NAME_REACH):start].lower() if by_name else ""
    if not figures and not said:
        return []
    read: list[Row] = []
    for rows in context.evidence.derivations.rows:
        table = [row for row in rows if row.structured and row.numbers]
        for row in table:
            cells = set(row.numbers.values())
            if any(sum(figure in other.numbers.values() for other in table) == 1
                   for figure in figures & cells) or (said and any(
                    len(label) >= 2 and not label.isdigit() and _written(label, said)
                    and sum(label in other.labels.values() for other in table) == 1
                    for label in row.labels.values())):
                read.append(row)
    return read
