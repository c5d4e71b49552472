"""An absence of a measured amount over a column of that amount at zero in every row: "no
hay lluvia prevista" over a forecast whose "lluvia_mm" reads 0.0 each day.

The absence's subject names a column of the result (a word of its name, or a word of
precipitation, which forecasts name "precip", "rain", "lluvia" alike) and every row holds
0 there: nothing of it is listed, so the absence is borne out. A column of chances ("prob",
"%") is no amount: a 10 % chance of rain is no rain. Precision first: one row above zero
in any column the subject names, or no such column, and the absence is checked as before.
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import key_text, stem
from ..evidence.facts import EventFacts
from ..evidence.tables import headed_table

# Words of precipitation, one amount under many names (en, es, zh).
_PRECIPITATION = frozenset(stem(w) for w in (
    "rain", "rainfall", "precip", "precipitation", "lluvia", "lluvias", "precipitación",
    "precipitacion", "snow", "snowfall", "nieve"))
_PRECIPITATION_HAN = ("降雨", "降水", "雨量", "降雪")
# A column of chances, not of amounts.
_CHANCE_RE = re.compile(r"prob|chance|pct|%|porcentaje|概率|几率", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W\d_]+")


def a_measure_at_zero(claim: AbsenceClaim, pool: list[EventFacts]) -> bool:
    """The absence's subject names columns of amounts, and every row holds 0 in each (see
    the module docstring)."""
    subject = claim.subject
    if not subject:
        return False
    rainy = bool(subject & _PRECIPITATION) or any(h in claim.text for h in _PRECIPITATION_HAN)
    for facts in pool:
        names, rows = headed_table(facts.rows, facts.parsed_json is None)
        if not rows:
            continue
        if not names:
            names = {key: key for row in rows for key in row.numbers}
        named = [key for key, name in names.items()
                 if not _CHANCE_RE.search(name) and _names(name, subject, rainy)]
        if named and all(key in row.numbers and row.numbers[key] == 0
                         for row in rows for key in named):
            return True
    return False


def _names(name: str, subject: frozenset[str], rainy: bool) -> bool:
    words = {stem(w) for w in _WORD_RE.findall(key_text(name).lower())}
    return bool(words & subject) or (rainy and (bool(words & _PRECIPITATION)
                                                or any(h in name for h in _PRECIPITATION_HAN)))
