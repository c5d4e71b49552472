"""Which results speak of every record a call selected: a result that is a set of records,
and a call that selected a group of persons ("Nobody from 8B was off")."""

from __future__ import annotations

import re

from ..evidence.facts import EventFacts
from ..evidence.headers import is_aligned_header, is_csv_header
from ..evidence.json_values import first_list
from .absence_confirms import MAX_CSV_LINES


def selects_group(facts: EventFacts, group: tuple[str, ...]) -> bool:
    """The call selected the group: an argument named by a collective noun of persons
    ("group", "shift", "ward", "turno") holds one of its words ("group": "8B" for "from
    8B"). A channel, a project or a query naming the word selects no persons."""
    for key, value in facts.event.args.items():
        if not isinstance(value, str) or _COLLECTIVE_KEY_RE.search(key) is None:
            continue
        words = {w.lower() for w in _VALUE_WORD_RE.findall(value)}
        if any(len(word) >= 2 and word in words for word in group):
            return True
    return False


# Argument names that are collective nouns of persons (a closed class, en/es; keys are
# written in English or Spanish whatever the reply's language).
_COLLECTIVE_KEY_RE = re.compile(
    r"group|grupo|class|clase|curso|team|equipo|shift|turno|ward|planta|department|"
    r"departamento|dept|unit|unidad|cohort|grade|section|secci|squad|crew|tripulaci|"
    r"form|year|homeroom|division|roster|office|oficina|site|sede|branch|sucursal|班|组|队",
    re.IGNORECASE)
_VALUE_WORD_RE = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


def lists_records(facts: EventFacts) -> bool:
    """The result is a set of records: a JSON list of objects, or a table whose header
    names its columns. Each row is then one thing the call selected, so a reply that
    denies any such thing contradicts every row."""
    data = facts.parsed_json
    if isinstance(data, dict):
        data = first_list(data, depth=0)
    if isinstance(data, list):
        return bool(data) and all(isinstance(item, dict) for item in data)
    lines = [line for line in facts.result.splitlines() if line.strip()][:MAX_CSV_LINES]
    if len(lines) < 2:
        return False
    if is_aligned_header(lines) or is_csv_header(lines[0], lines[1]):
        return True
    # Columns aligned by runs of spaces or tabs, the same number on every line.
    widths = {len(_ALIGNED_GAP_RE.split(line.strip())) for line in lines}
    return len(widths) == 1 and widths.pop() >= 3


_ALIGNED_GAP_RE = re.compile(r"\t|\s{2,}")
