"""A count of different things: "eight different lifeguards" over nine shifts.

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
from .base import CheckContext

# A word of distinctness right before the counted noun, or after the number.
_DISTINCT_RE = re.compile(r"\b(?:different|distinct|unique|separate|individual|"
                          r"distint[oa]s|diferentes|únic[oa]s)\b|不同", re.IGNORECASE)
# What parts the values of one cell: "Priya Nair; Tom Okello", "A/B", "Ana y Luis".
_VALUE_SPLIT_RE = re.compile(r"\s*(?:[;/|&、，]|,\s|\band\b|\by\b|和)\s*")


def counts_distinct_values(context: CheckContext, claim: CountClaim) -> bool:
    """The count is said of different things and some column holds that many."""
    if not _DISTINCT_RE.search(context.text, claim.span[0], claim.span[1] + 12):
        return False
    return any(claim.value in _distinct_counts(facts) for facts in context.evidence.ok)


def _distinct_counts(facts: EventFacts) -> set[int]:
    """How many distinct values each column of the result's rows holds."""
    table = [row for row in facts.rows if row.structured]
    if len(table) < 2:
        return set()
    # A text table's first row with no figure is its header; a JSON list has none.
    if facts.parsed_json is None and not table[0].numbers:
        table = table[1:]
    columns: dict[str, set[str]] = {}
    for row in table:
        for key, cell in row.labels.items():
            values = columns.setdefault(key, set())
            values.update(v.strip().lower() for v in _VALUE_SPLIT_RE.split(cell) if v.strip())
    return {len(values) for values in columns.values() if values}
