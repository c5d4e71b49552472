"""A pair of numbers the results write as one value (a score "13-11", a record "2-1"),
quoted by the reply with other numbers.

A result that writes such pairs as whole values (a JSON string, a cell) reports each as
one thing: "13-11" is a score, not a 13 and an 11. A reply that writes a pair of the same
shape quotes one of them, so it is read as one value: when it keeps one side of a result's
pair and neither it nor its reverse ("lost 9-13" told as "13-9") is among the results'
pairs, it is that pair misquoted ("13-8" for "13-10"), whatever results hold its two
numbers apart. Precision first: a pair sharing no side with any (a series "2-1" counted
over map scores) is no finding; only when a result writes two such pairs or more, never a
pair with a unit after it (a range: "8-20 h", "2-3 days"), never in a hedged or general
clause, never a pair the user wrote.
"""

from __future__ import annotations

import re
from itertools import pairwise

from ..evidence.facts import EventFacts
from ..report import FindingType
from .base import CheckContext
from .quoted_pairs import _hedged_at

# A pair as a whole value of a result: after a quote, a cell separator or a line start,
# before a quote, a separator or a line end.
_RESULT_PAIR_RE = re.compile(
    r"(?:^|(?<=[\"'|,\t]))\s*(\d{1,3})\s?[-–]\s?(\d{1,3})\s*(?=[\"'|,\t]|$)", re.MULTILINE)
# A pair in the reply: not inside a date, a time, a decimal or an identifier, and not a
# range of a quantity (a unit or a percent after it).
_REPLY_PAIR_RE = re.compile(
    r"(?<![\w.,:/–-])(\d{1,3})[-–](\d{1,3})(?![\w/–-]|[.,:]\d)"
    r"(?!\s*(?:%|°|(?:h|hrs?|s|m|km|kg|cm|mm|am|pm|min|mins|hours?|horas?|days?|días|weeks?|"
    r"semanas|years?|años|people|personas|points?|puntos)\b|[\u4e00-\u9fff]))")
_MIN_RESULT_PAIRS = 2
# What may stand before a pair's first number: in a result, what opens a value; in the
# reply, anything but a letter, a digit or a mark of a date, a time or a decimal.
_RESULT_BEFORE = frozenset("\"'|,\t\n ")
_REPLY_BEFORE = frozenset("./:,-–_")


def _may_hold_a_pair(text: str, before: frozenset[str]) -> bool:
    """A cheap scan (a split on the dash, no regex: most texts hold dates, whose dashes
    join runs of four and two digits) for a run of one to three digits, a dash and a
    digit, the run opened as ``before`` allows (for the reply: not by a letter or
    ``before``'s marks; for a result: by one of ``before``'s marks or the text's start)."""
    reply = before is _REPLY_BEFORE
    for dash in ("-", "–"):
        if dash not in text:
            continue
        pieces = text.split(dash)
        for index, (piece, following) in enumerate(pairwise(pieces)):
            if not following[:1].isdigit() and (reply or not following[1:2].isdigit()):
                continue
            if not reply and piece.endswith(" "):
                piece = piece[:-1]   # "13 - 11" in a result
            digits = len(piece) - len(piece.rstrip("0123456789"))
            if not 1 <= digits <= 3:
                continue
            # A piece of digits alone was opened by the dash before it (a date's "-12-").
            opener = piece[-digits - 1:-digits] if len(piece) > digits else (
                dash if index else "")
            if reply and not (opener.isalnum() or opener in before):
                return True
            if not reply and (opener == "" or opener in before):
                return True
    return False


MAX_PAIRS = 32


def check_score_pairs(context: CheckContext) -> None:
    """Flag a pair of the shape the results write as values that none of them holds."""
    evidence = context.evidence
    if not evidence.ok or not _may_hold_a_pair(context.text, _REPLY_BEFORE):
        return
    said = list(_REPLY_PAIR_RE.finditer(context.text))[:MAX_PAIRS]
    if not said:
        return
    known = _result_pairs(evidence.ok)
    if known is None:
        return
    pairs, facts = known
    user = evidence.user_message
    for match in said:
        pair = (match.group(1), match.group(2))
        if pair in pairs or pair[::-1] in pairs or not _one_side_of(pair, pairs) \
                or _hedged_at(context.claims, match.start()):
            continue
        if re.search(r"(?<!\d)" + pair[0] + r"\s?[-–]\s?" + pair[1] + r"(?!\d)", user):
            continue
        shown = ", ".join("-".join(p) for p in sorted(pairs)[:3])
        context.add(FindingType.UNGROUNDED_VALUE, match.span(), facts.event.call_id,
                    f"{match.group(0)} is none of the pairs the {facts.event.tool} result "
                    f"writes ({shown})", "value.pair_not_in_results")


def _one_side_of(pair: tuple[str, str], pairs: set[tuple[str, str]]) -> bool:
    """The pair keeps one side of a result's pair, in its place or reversed, and changes
    the other ("13-8" beside "13-10"): that pair misquoted. A pair sharing no side with any
    (a series "2-1" over map scores) may be the reply's own count: unclear, no finding."""
    return any(pair[0] == a or pair[1] == b or pair[0] == b or pair[1] == a
               for a, b in pairs)


def _result_pairs(ok: list[EventFacts]) -> tuple[set[tuple[str, str]], EventFacts] | None:
    """Every pair the results write as a whole value, and the first result writing two or
    more; None when none does."""
    found: set[tuple[str, str]] = set()
    first: EventFacts | None = None
    for facts in ok:
        if not _may_hold_a_pair(facts.result, _RESULT_BEFORE):
            continue
        here = {(m.group(1), m.group(2)) for m in _RESULT_PAIR_RE.finditer(facts.result)}
        found |= here
        if first is None and len(here) >= _MIN_RESULT_PAIRS:
            first = facts
    return (found, first) if first is not None else None
