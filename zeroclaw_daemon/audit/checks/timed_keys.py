"""A span of time given for a quantity a result states under a key of that name and unit.

"25 minutes of runtime" beside ``"runtime_remaining_min": 18`` gives another value for
the same labelled quantity: a contradiction, whatever derivation of other numbers might
make 25. The key names its unit last (``_min``, ``_s``, ``_hours``); the reply names the
quantity right beside its number ("25 minutes of runtime", "runtime of 25 minutes",
"runtime: 25 min"), never a few words away ("the runtime would drop to 12 minutes" is a
projection). Precision first: a value equal to any key of that name (within the precision
written) is no finding, nor a negated clause.

A table's column so named ("HOLD_MIN" over a kiln program's segments, "rest_s" in each
object of an array) holds one value per row: a span given for it must be one row's value
or the column's total; one said as a mean, a longest or a difference (a closed class, en,
es, zh) is worked out over the rows and is not checked.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.words import fold, stem
from ..evidence.facts import EventFacts
from ..evidence.number_index import approx_tolerance, rounding_unit
from ..evidence.tables import Row, object_row
from ..evidence.text_cells import cell_number
from ..evidence.values import seconds_in
from ..report import FindingType
from .base import CheckContext
from .durations import span_whole

_KEY_SPLIT_RE = re.compile(r"[._\s-]+")
# The quantity named after the number ("25 minutes of runtime", "18 min runtime") or
# before it ("runtime of 25 minutes", "runtime: 25 min", "runtime is 25 minutes").
_NAME_AFTER_RE = re.compile(r"\s+(?:of\s+|de\s+)?([^\W\d_]{4,})")
_NAME_BEFORE_RE = re.compile(
    r"([^\W\d_]{4,})\s*(?::|=|(?:\s+(?:of|is|was|de|es|fue|era)){1,2})?\s*$")
MAX_KEYS = 64
MAX_ROWS = 200
# Words of a figure worked out over the rows (a mean, a longest, a difference; en, es, zh):
# a value of a column said with one is no reading of one row or the total.
_OVER_ROWS_RE = re.compile(
    r"\b(?:average|avg|mean|median|typical|longest|shortest|max(?:imum)?|min(?:imum)?|"
    r"difference|longer|shorter|more|less|promedio|media|mediana|m[aá]xim[oa]|m[ií]nim[oa]|"
    r"diferencia|m[aá]s|menos)\b|平均|最长|最短|最多|最少|相差|多了|少了")
_GAP_RE = re.compile(r"\t|\s{2,}")

TimedKey = tuple[frozenset[str], Decimal, EventFacts, str]


def check_timed_keys(context: CheckContext) -> None:
    measures = [v for v in context.claims.values if v.kind is ValueKind.MEASURE and v.numbers
                and seconds_in(v.unit) is not None]
    if not measures or context.pack is None:
        return
    # The keys are read only when some span of time is named right beside its number.
    named = [(claim, names) for claim in measures if (names := _named_beside(context, claim))]
    if not named:
        return
    heads = {name[:4] for _, names in named for name in names}
    results = _may_name_any(context, heads)
    columns = _timed_columns(results)
    keys = _timed_keys(results) + columns
    if not keys:
        return
    column_names = {key for _, _, _, key in columns}
    for claim, names in named:
        _check(context, claim, names, keys, column_names)


def may_name(facts: EventFacts, heads: set[str]) -> bool:
    """Whether the result may hold a key word that is one of the names whose first four
    letters ``heads`` are: a key word (a stem of four letters or more) begins with them,
    and a plain result (ASCII, no escape) writes its keys as they are read."""
    plain = facts.result.isascii() and "\\" not in facts.result
    return not plain or any(head in facts.result_lower for head in heads)


def _may_name_any(context: CheckContext, heads: set[str]) -> list[EventFacts]:
    """The successful results, in order, of which :func:`may_name` holds: each head is
    looked for once in all the results lower-cased and joined by NUL (a head is letters,
    so it is found there exactly where one result holds it), not in each result."""
    evidence = context.evidence
    text, starts = evidence.ok_lower
    held: set[int] = set()
    for head in heads:
        at = text.find(head)
        while at >= 0:
            index = bisect_right(starts, at) - 1
            held.add(index)
            if index + 1 == len(starts):
                break
            at = text.find(head, starts[index + 1])
    return [f for index, f in enumerate(evidence.ok)
            if index in held or not (f.result.isascii() and "\\" not in f.result)]


def _own_row(facts: EventFacts, data: Mapping[str, object]) -> Row:
    """``object_row(data)`` of the result's parsed object, taken from its table's first row
    when the table was read from the same JSON (``table_rows`` parses the result with only
    the white space JSON allows after it, ``parsed_json`` with any: they agree unless it
    ends in other white space). The rows are read already: :func:`_timed_columns` reads
    them first."""
    result = facts.result
    if len(result.rstrip()) == len(result.rstrip(" \t\n\r")):
        return facts.rows[0]
    return object_row(data)


def _timed_keys(ok: list[EventFacts]) -> list[TimedKey]:
    """The results' object keys whose last word is a unit of time, with their words and
    their value in seconds (an object's own keys and its objects' keys, not an array's
    rows: one value each), read from each result's parsed JSON."""
    found: list[TimedKey] = []
    for facts in ok:
        data = facts.parsed_json
        if not facts.result.lstrip().startswith("{") or not isinstance(data, Mapping):
            continue
        # The object's own fields as its table's first row reads them (a number written
        # as a string too), its objects' under dotted keys.
        numbers = _own_row(facts, data).numbers
        for key, value in list(numbers.items())[:MAX_KEYS]:
            parts = [p for p in _KEY_SPLIT_RE.split(key.lower()) if p]
            seconds = seconds_in(parts[-1]) if len(parts) > 1 else None
            if seconds is None or _a_minimum(key, numbers):
                continue
            words = frozenset(stem(p) for p in parts[:-1] if len(p) >= 4)
            if words:
                found.append((words, value * seconds, facts, key))
    return found


def _timed_columns(ok: list[EventFacts]) -> list[TimedKey]:
    """The columns of the results' tables whose name ends in a unit of time ("HOLD_MIN",
    "duration_s"): each row's value, and the column's sum, under the column's words. A
    value given for that quantity is one row's reading or their total."""
    found: list[TimedKey] = []
    for facts in ok:
        columns = _columns(facts)
        for name, values in columns.items():
            parts = [p for p in _KEY_SPLIT_RE.split(name.lower()) if p]
            seconds = seconds_in(parts[-1]) if len(parts) > 1 else None
            words = frozenset(stem(p) for p in parts[:-1] if len(p) >= 4)
            if seconds is None or not words or len(values) < 2 or _a_minimum(name, columns):
                continue
            for value in {*values, sum(values, Decimal(0))}:
                found.append((words, value * seconds, facts, name))
    return found


def _a_minimum(key: str, keys: Mapping[str, object]) -> bool:
    """A key ending in "min" beside the same key ending in "max" ("rh_min", "rh_max";
    "TEMP_MIN", "TEMP_MAX"): a minimum, not minutes."""
    low = key.lower()
    if not low.endswith("min"):
        return False
    twin = low[:-3] + "max"
    return any(other.lower() == twin for other in keys)


def _columns(facts: EventFacts) -> dict[str, list[Decimal]]:
    """A result's numeric columns by name: a JSON array's objects by key, or a text table
    by its header line (one of the first three lines: cells apart by two spaces or more,
    no digit), over the lines with as many cells."""
    columns: dict[str, list[Decimal]] = {}
    if facts.result.lstrip().startswith(("[", "{")):
        for row in facts.rows[1:] if facts.result.lstrip().startswith("{") else facts.rows:
            for key, value in row.numbers.items():
                columns.setdefault(key, []).append(value)
        return columns
    lines = [line for line in facts.result.splitlines() if line.strip()]
    for index, line in enumerate(lines[:3]):
        header = _GAP_RE.split(line.strip())
        if len(header) < 2 or any(c.isdigit() for c in line):
            continue
        for text_row in lines[index + 1:MAX_ROWS]:
            cells = _GAP_RE.split(text_row.strip())
            if len(cells) != len(header):
                continue
            for name, cell in zip(header, cells, strict=True):
                number = cell_number(cell)
                if number is not None:
                    columns.setdefault(name, []).append(number)
        break
    return columns


def _named_beside(context: CheckContext, claim: ValueClaim) -> set[str]:
    """The stems of the words naming the quantity right beside the number."""
    text = context.text
    start, end = claim.span
    names: set[str] = set()
    after = _NAME_AFTER_RE.match(text, end)
    if after is not None:
        names.add(after.group(1))
    before = _NAME_BEFORE_RE.search(text[max(0, start - 24):start])
    if before is not None:
        names.add(before.group(1))
    common = context.pack.common_words if context.pack is not None else frozenset()
    return {stem(w) for w in names if fold(w) not in common}


def _check(context: CheckContext, claim: ValueClaim, names: set[str],
           keys: list[TimedKey], column_names: set[str]) -> None:
    named = [k for k in keys if k[0] & names]
    if not named:
        return
    reading = claim.numbers[0]
    unit = seconds_in(claim.unit) or Decimal(1)
    spread = approx_tolerance(reading) if claim.approx else rounding_unit(reading) / 2
    said, slack = reading * unit, spread * unit
    # A part of a span in two units ("25 min 42 s") is read as its whole, to a minute as
    # the durations check reads one.
    whole = span_whole(context.text, claim.span, said, unit)
    if whole is not None:
        said, slack = whole, Decimal(60)
    if any(abs(value - said) <= slack for _, value, _, _ in named):
        return   # the key's value (asked first: the clause's words below only excuse too)
    of_column = named[0][3] in column_names
    if of_column and context.claims.clauses:
        clause = context.claims.clauses[claim.clause]
        if _OVER_ROWS_RE.search(context.text, clause.start, clause.end):
            return   # "an average hold of 12 minutes": worked out over the rows
    pack = context.pack
    clauses = context.claims.clauses
    if pack is not None and pack.negation is not None and clauses:
        clause = clauses[claim.clause]
        if pack.negation.search(context.text, clause.start, clause.end):
            return
    _, value, facts, key = named[0]
    held = "whose rows hold no such value, nor their sum" if of_column else \
        f"which is {(value / unit).normalize()} {claim.unit}"
    context.add(FindingType.UNGROUNDED_VALUE, claim.span, facts.event.call_id,
                f"{claim.raw.strip()} is given for the {key} of the {facts.event.tool} "
                f"result, {held}", "value.contradicts_result")
