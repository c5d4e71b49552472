"""An absence past a bound: "nothing under the 3 mm limit", "no reading above 8 °C",
"ningún valor por encima de 40 %". It denies items whose figure in that unit is past the
bound, so it is checked against the results' figures in that unit (a column or key whose
last word names it: ``tread_mm``, ``temp_c``): one past the bound makes it false; none
past it makes it true, and the plain absence check, which only sees that the result has
items, is not asked. A bound with no unit, or a unit no column names, is left to that
check (precision first)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from decimal import Decimal

from ..claims.numbers import number_readings
from ..claims.words import fold
from ..report import FindingType
from .base import CheckContext, clip

_DEGREE_RE = re.compile(r"^[°º]\s*")
# The words a key ends in for a unit the reply writes otherwise.
_UNIT_KEYS = {"%": frozenset({"pct", "percent", "percentage", "%"}),
              "c": frozenset({"c", "celsius", "degc"}), "f": frozenset({"f", "degf"})}


def check_threshold_absences(context: CheckContext) -> None:
    pack = context.pack
    pattern = pack.threshold_absence if pack is not None else None
    evidence = context.evidence
    if pattern is None or pack is None or not evidence.ok:
        return
    low = context.lower
    if pack.threshold_sides and not any(side in low for side in pack.threshold_sides):
        return   # no side word: no absence past a bound (substring tests, ~1 µs each)
    claims = context.claims
    flags = claims.failure_flags
    starts = [c.start for c in claims.clauses]
    for match in _absences_past_a_bound(pattern, pack.threshold_bound, low):
        if starts and flags is not None:
            index = max(bisect_right(starts, match.start()) - 1, 0)
            if flags.sentence_hedged(claims.clauses[index].sentence) \
                    or flags.conditional_clause(index) \
                    or _another_figure_in_the_unit(context, index, match):
                continue
        readings = number_readings(match.group("bound"), pack.decimal_dot)
        keys = _unit_keys(match.group("unit"))
        if not readings or not keys or _applied_by_a_call(context, match.group("bound")):
            continue
        bound, below = readings[0], match.group("below") is not None
        read, past = _past_the_bound(context, keys, bound, below)
        if not read:
            continue
        context.bounded_absences.append(match.span())
        if past is not None:
            tool, key, value, call_id = past
            context.add(FindingType.FALSE_ABSENCE, match.span(), call_id,
                        f"says \"{clip(context.text[match.start():match.end()])}\", but the "
                        f"{tool} result has {key} {value}", "absence.past_the_bound")


def judged_past_a_bound(context: CheckContext, span: tuple[int, int]) -> bool:
    """Whether an absence at ``span`` was judged here, against a bound."""
    return any(start < span[1] and span[0] < end for start, end in context.bounded_absences)


def _unit_keys(unit: str | None) -> frozenset[str]:
    if not unit:
        return frozenset()
    folded = fold(_DEGREE_RE.sub("", unit.strip()))
    return _UNIT_KEYS.get(folded, frozenset({folded}))


def _past_the_bound(context: CheckContext, keys: frozenset[str], bound: Decimal, below: bool
                    ) -> tuple[bool, tuple[str, str, Decimal, str] | None]:
    """Whether any figure in the unit was read, and the first one past the bound."""
    read = False
    evidence = context.evidence
    for facts, rows in zip(evidence.ok, evidence.derivations.rows, strict=True):
        # A delimited table's columns are numbered; its header row (labels, no numbers)
        # names them.
        header = rows[0].labels if rows and not rows[0].numbers else {}
        for row in rows:
            for key, value in row.numbers.items():
                last = header.get(key, key).rsplit(".", 1)[-1].lower()
                if "_" not in last or last.rsplit("_", 1)[-1] not in keys:
                    continue
                read = True
                if (value < bound) if below else (value > bound):
                    return True, (facts.event.tool, header.get(key, key), value,
                                  facts.event.call_id)
    return read, None


def _another_figure_in_the_unit(context: CheckContext, clause: int, match: re.Match[str]) -> bool:
    """Another figure of the bound's unit in its sentence ("por encima de 3.000 m ninguna
    pasa de 2 m"): the items are narrowed first, by a bound the check does not read."""
    unit = re.escape(match.group("unit"))
    sentence = context.sentence_text(clause).lower()
    return len(re.findall(r"\d[\d.,]*\s*" + unit + r"(?![^\W\d_])", sentence)) > 1


def _applied_by_a_call(context: CheckContext, bound: str) -> bool:
    """A call was given the bound ("battery_below": 20): the call selected the items past
    it, which checks/filter_denials.py judges."""
    digits = bound.replace(",", ".")
    return any(re.search(r"(?<![\d.])" + re.escape(digits) + r"(?![\d])", facts.arg_text)
               for facts in context.evidence.ok)


# A threshold absence holds no sentence mark between its negator and its figure, and
# reaches no further back than this from its side word.
_REACH_BACK = 80
_SENTENCE_MARK_RE = re.compile(r"[.;:!?\n]")


def _absences_past_a_bound(pattern: re.Pattern[str], bound: re.Pattern[str] | None,
                           low: str) -> Iterator[re.Match[str]]:
    """The pattern's matches, searched only in windows around a side word and a figure
    (``bound``, cheap to find): from the last sentence mark before it to a little after it.
    The pattern crosses no sentence mark before its figure, so the matches are the same."""
    if bound is None:
        yield from pattern.finditer(low)
        return
    searched_to = 0
    for side in bound.finditer(low):
        start = max(searched_to, side.start() - _REACH_BACK)
        marks = [m.end() for m in _SENTENCE_MARK_RE.finditer(low, start, side.start())]
        start = marks[-1] if marks else start
        end = min(len(low), side.end() + 24)
        for match in pattern.finditer(low, start, end):
            if match.start() >= searched_to:
                searched_to = match.end()
                yield match
