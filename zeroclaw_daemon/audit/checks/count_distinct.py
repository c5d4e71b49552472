"""A count of different things: "eight different lifeguards" over nine shifts, "7 位演员"
over eleven rows of performer and show.

Said with a word of distinctness ("different", "distinct", "unique", "distintos", 不同),
a count is of the distinct values a column holds, not of the rows: the same lifeguard on
two shifts is one. A column's cells may each hold several values ("Priya Nair; Tom
Okello"). The count is honest when some column of a result holds that many distinct
values.
"""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from ..evidence.facts import EventFacts
from ..evidence.tables import headed_table
from .base import CheckContext

# A word of distinctness right before the counted noun, or after the number.
_DISTINCT_RE = re.compile(r"\b(?:different|distinct|unique|separate|individual|"
                          r"distint[oa]s|diferentes|únic[oa]s)\b|不同", re.IGNORECASE)
# What parts the values of one cell: "Priya Nair; Tom Okello", "A/B", "Ana y Luis".
_VALUE_SPLIT_RE = re.compile(r"\s*(?:[;/|&、，]|,\s|\band\b|\by\b|和)\s*")


def counts_distinct_values(context: CheckContext, claim: CountClaim) -> bool:
    """The count is said of different things and some column holds that many; or it is
    the number of distinct names in the column the rows are keyed by, which repeats them
    ("7 位演员" over eleven rows of performer and show: a performer in two shows is one)."""
    if _DISTINCT_RE.search(context.text, claim.span[0], claim.span[1] + 12):
        return any(claim.value in _distinct_counts(facts) for facts in context.evidence.ok)
    return any(claim.value == _key_column_names(facts) for facts in context.evidence.ok)


def _key_column_names(facts: EventFacts) -> int | None:
    """How many distinct values the first column of the result's table holds, when it
    repeats some (None when it repeats none: then it counts the rows)."""
    _, table = headed_table(facts.rows, facts.parsed_json is None)
    cells = [next(iter(row.labels.values()), "").strip().lower() for row in table]
    cells = [c for c in cells if c]
    if len(cells) < 3 or len(set(cells)) == len(cells):
        return None
    return len(set(cells))


def _distinct_counts(facts: EventFacts) -> set[int]:
    """How many distinct values each column of the result's rows holds."""
    header, table = headed_table(facts.rows, facts.parsed_json is None)
    if len(table) < (1 if header else 2):
        return set()
    columns: dict[str, set[str]] = {}
    for row in table:
        for key, cell in row.labels.items():
            values = columns.setdefault(key, set())
            values.update(v.strip().lower() for v in _VALUE_SPLIT_RE.split(cell) if v.strip())
    return {len(values) for values in columns.values() if values}
