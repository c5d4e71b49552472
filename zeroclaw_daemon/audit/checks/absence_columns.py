"""An absence of trouble with a field the result's items all pass: "no seal issues" over
rows whose "seal" column reads "ok" in every row.

The noun of trouble (issues, problems, faults, defects; problemas, fallos, incidencias) is
narrowed by a modifier that names a column of the result, not a thing in its rows: the
absence denies an item whose value in that column is a trouble. When every row holds a
value of soundness there (ok, good, normal, pass; bien, correcto; 正常) the absence is
true, whatever the column's name shares with the claim. Precision first: a modifier must
name a column, none may be in a row's text ("no mite issues" over a "mites" cell stays
checked), and every value of the columns named must be a word of soundness.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, stem
from ..evidence.facts import EventFacts

_TROUBLE = frozenset(stem(w) for w in (
    "issue", "issues", "problem", "problems", "fault", "faults", "defect", "defects",
    "concern", "concerns", "trouble", "troubles", "damage", "anomaly", "anomalies",
    "problema", "problemas", "fallo", "fallos", "falla", "fallas", "defecto", "defectos",
    "incidencia", "incidencias", "anomalía", "anomalías"))
_SOUND = frozenset(("ok", "okay", "good", "normal", "pass", "passed", "fine", "clean",
                    "none", "nominal", "clear", "intact", "within spec", "bien", "correcto",
                    "correcta", "bueno", "buena", "ninguno", "ninguna", "正常", "良好", "合格"))
_ROWS_READ = 200


def columns_all_sound(claim: AbsenceClaim, target: EventFacts) -> bool:
    """Whether the absence's trouble is narrowed only by columns of ``target`` whose every
    value is sound (see the module docstring)."""
    if not claim.subject & _TROUBLE:
        return False
    modifiers = claim.subject - _TROUBLE
    rows = _object_rows(target.parsed_json)
    if not modifiers or not rows:
        return False
    values_text = " ".join(str(v).lower() for row in rows for v in row.values())
    row_words = {stem(w) for w in LATIN_WORD_RE.findall(values_text)}
    if modifiers & row_words:
        return False
    keys = {key for row in rows for key in row}
    named = {key for key in keys
             if modifiers & {stem(w) for w in LATIN_WORD_RE.findall(key.lower())}}
    if not named:
        return False
    return all(not isinstance(row.get(key), (int, float, list, dict)) and
               str(row.get(key, "ok")).strip().lower() in _SOUND
               for row in rows for key in named)


def _object_rows(data: object) -> list[Mapping[str, object]]:
    """The objects of a JSON result's list of items (the result, or its one list)."""
    if isinstance(data, Mapping):
        lists = [v for v in data.values() if isinstance(v, list)]
        data = lists[0] if len(lists) == 1 else None
    if not isinstance(data, list):
        return []
    rows = [item for item in data[:_ROWS_READ] if isinstance(item, Mapping)]
    return rows if len(rows) == len(data[:_ROWS_READ]) else []
