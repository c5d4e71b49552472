"""A value that adds up a run of a result's rows the reply names by its ends.

"Más de la mitad se gastó entre junio y agosto (59,5 m³)" over monthly rows, "from Monday
to Wednesday we sold 412" over daily rows: the sentence names the first and last rows of
the run (their labels), and the value is a number column's sum over the rows from one to
the other, as written (to half its last digit). A run the sentence does not name is not
summed: any run of a long table would give some total by chance.
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
    return any(_run_sums_to(facts, sentence, value, tolerance) for facts in context.evidence.ok)


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
