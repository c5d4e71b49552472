"""A value that adds up rows of a result the reply names: a run by its ends, or the rows
holding one cell value.

"Más de la mitad se gastó entre junio y agosto (59,5 m³)" over monthly rows, "from Monday
to Wednesday we sold 412" over daily rows: the sentence names the first and last rows of
the run (their labels), and the value is a number column's sum over the rows from one to
the other, as written (to half its last digit). "G-HMED came back three times for 2,075 L
between them": the sentence names a cell value that several rows hold (an aircraft, a
person, a product), and the value is a number column's sum over those rows. Rows the
sentence does not name are not summed: any run of a long table would give some total by
chance.
"""

from __future__ import annotations

from decimal import Decimal

from ..claims.types import ValueClaim
from ..evidence.facts import EventFacts
from ..evidence.tables import Row
from .base import CheckContext

_MIN_LABEL = 3


def sum_of_a_named_run(context: CheckContext, claim: ValueClaim) -> bool:
    """The value is the sum of a number column from one row its sentence names to another."""
    if not claim.numbers:
        return False
    sentence = context.sentence_text(claim.clause).lower()
    value = claim.numbers[0]
    exponent = value.as_tuple().exponent
    tolerance = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0) / 2
    return any(_run_sums_to(facts, sentence, value, tolerance)
               or _holders_sum_to(facts, sentence, value, tolerance)
               for facts in context.evidence.ok)


def _holders_sum_to(facts: EventFacts, sentence: str, value: Decimal,
                    tolerance: Decimal) -> bool:
    """A number column's sum over the rows holding a cell value the sentence names (two
    rows or more, of one column)."""
    rows = [row for row in facts.rows if row.structured and row.numbers]
    holders: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        for key, label in row.labels.items():
            if len(label) >= _MIN_LABEL and label.lower() in sentence:
                holders.setdefault((key, label), []).append(row)
    for members in holders.values():
        if len(members) < 2 or len(members) == len(rows):
            continue
        for key in members[0].numbers:
            total = sum((row.numbers.get(key, Decimal(0)) for row in members), Decimal(0))
            if abs(total - value) <= tolerance:
                return True
    return False


def _run_sums_to(facts: EventFacts, sentence: str, value: Decimal, tolerance: Decimal) -> bool:
    rows = [row for row in facts.rows if row.structured and row.numbers]
    named = [index for index, row in enumerate(rows) if _named(row, sentence)]
    if len(named) < 2:
        return False
    first, last = min(named), max(named)
    for key in rows[first].numbers:
        total = sum((row.numbers.get(key, Decimal(0)) for row in rows[first:last + 1]),
                    Decimal(0))
        if abs(total - value) <= tolerance:
            return True
    return False


def _named(row: Row, sentence: str) -> bool:
    """A text cell of the row stands in the sentence (a month, a day, a name)."""
    return any(len(label) >= _MIN_LABEL and label.lower() in sentence
               for label in row.labels.values())
