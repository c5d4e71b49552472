"""The contract every claim check follows, and the context the checks share for one reply.

A check is a function of one :class:`CheckContext`: it reads the claims and the
evidence and appends findings through :meth:`CheckContext.add`. The context is per
reply (built by the engine, dropped with the report), so nothing here outlives an audit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from ...receipts.events import ToolStatus
from ..claims import Claims, LanguagePack
from ..claims.lexicon import ActionLexicon
from ..evidence.facts import EventFacts
from ..evidence.index import Evidence
from ..report import (
    EXCERPT_CHARS,
    NO_CALL_EVIDENCE,
    NONE_OF_THE_CALLS,
    Finding,
    FindingEvidence,
    FindingType,
)

STATUS_WORDS: Mapping[ToolStatus, str] = {
    ToolStatus.FAILED: "failed", ToolStatus.DENIED: "was denied",
    ToolStatus.TIMEOUT: "timed out", ToolStatus.INVALID: "had invalid arguments",
    ToolStatus.UNKNOWN: "named an unknown tool",
}


@dataclass
class CheckContext:
    """One reply's claims and evidence, the findings so far, and what checks tell each other."""

    claims: Claims
    evidence: Evidence
    findings: list[Finding]
    text: str
    pack: LanguagePack | None = None
    # The verbs tools are named with (English, whatever the reply's language).
    tool_verbs: ActionLexicon | None = None
    # Failed calls already reported once: one failed_call_claimed per call, whichever
    # claim presents it first.
    failed_reported: set[str] = field(default_factory=set)
    # Spans of counts found wrong: a number there is then also checked as a value.
    mismatched_counts: list[tuple[int, int]] = field(default_factory=list)
    # Tool-use wordings already matched to a successful call.
    supported: set[tuple[object, ...]] = field(default_factory=set)
    # Absences past a bound judged against the results' figures (checks/threshold_absences).
    bounded_absences: list[tuple[int, int]] = field(default_factory=list)
    # The valid receipts the reply cites: (the token's span, the call it was issued for).
    # A receipt after a sentence says which call the sentence reports.
    citations: tuple[tuple[int, int, str], ...] = ()
    _lower: str | None = field(default=None, init=False, repr=False)
    _cited_at: list[tuple[int, str]] | None = field(default=None, init=False, repr=False)
    # Whether the reply discloses a failure (checks/disclosure.discloses_a_failure), once.
    failure_disclosed: bool | None = field(default=None, init=False, repr=False)

    @property
    def lower(self) -> str:
        """``text.lower()``, worked out once for every check that reads it (4 KB: ~8 µs)."""
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    def add(self, kind: FindingType, span: tuple[int, int], call_id: str | None,
            message: str, rule: str) -> None:
        """Append a finding, with the call it names as its evidence (or "no call")."""
        facts = self.facts_of(call_id)
        if facts is None and self.evidence.facts:
            calls = ", ".join(f"{f.event.tool} ({f.event.status.value})"
                              for f in self.evidence.facts)
            evidence = FindingEvidence(None, None, None,
                                       clip(NONE_OF_THE_CALLS + calls, EXCERPT_CHARS))
        elif facts is None:
            evidence = NO_CALL_EVIDENCE
        else:
            event = facts.event
            evidence = FindingEvidence(event.call_id, event.tool, event.status.value,
                                       clip(event.result, EXCERPT_CHARS) or "(empty result)")
        self.findings.append(Finding(kind, span[0], span[1], call_id, message, rule, evidence))

    def facts_of(self, call_id: str | None) -> EventFacts | None:
        return next((f for f in self.evidence.facts if f.event.call_id == call_id), None)

    def failed_presented(self, span: tuple[int, int], facts: EventFacts | None = None,
                         rule: str = "failure.outcome_stated") -> None:
        """A result is presented while the call behind it did not succeed."""
        target = facts or (self.evidence.failed[0] if self.evidence.failed else None)
        if target is None:
            return
        event = target.event
        if event.call_id in self.failed_reported:
            return
        self.failed_reported.add(event.call_id)
        self.add(FindingType.FAILED_CALL_CLAIMED, span, event.call_id,
                 f"presents a result of {event.tool}, but that call "
                 f"{STATUS_WORDS.get(event.status, 'failed')}", rule)

    def cited(self, clause: int) -> list[EventFacts]:
        """The successful calls whose valid receipts the sentence holding ``clause`` cites
        (a receipt cites the sentence it follows, past its label: "... [receipt: ...]")."""
        span = self.claims.sentence_span(clause) if self.citations else None
        if span is None:
            return []
        calls = {call for position, call in self._cited_positions()
                 if span[0] <= position < span[1]}
        return [f for f in self.evidence.ok if f.event.call_id in calls]

    def _cited_positions(self) -> list[tuple[int, str]]:
        """Each citation with the last character of the text it cites; receipts side by
        side ("... [receipt: A] [receipt: B]") cite the same text. Worked out once."""
        if self._cited_at is not None:
            return self._cited_at
        cited: list[tuple[int, str]] = []
        previous_end = -1
        for start, end, call in self.citations:
            position = _cited_position(self.text, start)
            if cited and previous_end <= position + 1 \
                    and not self.text[previous_end:position + 1].strip(_TOKEN_CLOSERS):
                position = cited[-1][0]   # right after the previous token: what it cites
            cited.append((position, call))
            previous_end = end
        self._cited_at = cited
        return cited

    def relevant(self, keywords: frozenset[str], pool: list[EventFacts]) -> list[EventFacts]:
        return [f for f in pool if f.call_keys & keywords] if keywords else []

    def sentence_text(self, clause: int) -> str:
        span = self.claims.sentence_span(clause)
        return self.text if span is None else self.text[span[0]:span[1]]

    def most_relevant(self, keywords: frozenset[str]) -> EventFacts:
        return max(self.evidence.ok,
                   key=lambda f: len(f.call_keys & keywords) + len(f.result_keys & keywords))


Check = Callable[[CheckContext], None]


# What stands between a sentence and the receipt that cites it: spaces and the token's
# label ("[receipt: ", "（凭证：", "[recibo: ").
_CITATION_LABEL_RE = re.compile(r"\s*(?:[\[(（【]\s*[^\W\d_]{0,12}\s*[:：]?\s*)?\Z")


# What closes a token's label ("[receipt: ...]"), and the spaces around it.
_TOKEN_CLOSERS = "])）】 \t"


def _cited_position(text: str, token_start: int) -> int:
    """The last character of the text a receipt token at ``token_start`` follows."""
    head = text[max(0, token_start - 24):token_start]
    label = _CITATION_LABEL_RE.search(head)
    return token_start - (len(head) - label.start() if label else 0) - 1


def evidence_compact(text: str) -> str:
    return "".join(text.lower().split())


def clip(text: str, limit: int = 48) -> str:
    """``text`` with its white space runs made single spaces, cut to ``limit`` characters
    (the last one "…" when cut). A long text (a result quoted as a finding's evidence) is
    flattened only as far as the cut: a prefix of a text flattens to a prefix of its flat
    form, so once that is longer than ``limit`` the rest cannot change the cut."""
    if len(text) > 4 * limit:
        head = " ".join(text[:4 * limit].split())
        if len(head) > limit:
            return head[:limit - 1] + "…"
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"



# A pattern that is one choice of plain words (runs of letters), with an optional word
# boundary before and after it: "(?:every|all|each)\b".
_PLAIN_ALTERNATIVES_RE = re.compile(r"(\\b)?\(\?:([^\W\d_]+(?:\|[^\W\d_]+)*)\)(\\b)?")
# Occurrences of the words, inside other words, looked at before the pattern is run instead.
_MAX_TRIALS = 16


@cache
def plain_alternatives(pattern: re.Pattern[str]) -> tuple[tuple[str, ...], bool, bool] | None:
    """(the words, a boundary before, a boundary after) of a case-sensitive pattern that
    is only a choice of plain words (see above), else None."""
    if pattern.flags & (re.IGNORECASE | re.ASCII):
        return None
    match = _PLAIN_ALTERNATIVES_RE.fullmatch(pattern.pattern)
    if match is None:
        return None
    return tuple(match.group(2).split("|")), bool(match.group(1)), bool(match.group(3))


def _is_word(char: str) -> bool:
    # What ``\w`` is in a str pattern: a letter or digit of any script (str.isalnum, as
    # sre tests it), or "_".
    return char.isalnum() or char == "_"


def first_match_start(pattern: re.Pattern[str], text: str) -> int | None:
    """``pattern.search(text)``'s start, or None: found with ``str.find`` when the pattern
    is a choice of plain words (~1 µs over 4 KB, where the pattern is tried at each of
    their first letters: ~40 µs). A word stands where it is written and, for a boundary,
    has no letter, digit or "_" on that side (its own end letters are word characters)."""
    shape = plain_alternatives(pattern)
    if shape is None:
        found = pattern.search(text)
        return None if found is None else found.start()
    words, before, after = shape
    first: int | None = None
    trials = 0
    for word in words:
        at = text.find(word, 0, len(text) if first is None else first + len(word))
        while at >= 0 and (first is None or at < first):
            end = at + len(word)
            if (not before or at == 0 or not _is_word(text[at - 1])) and (
                    not after or end == len(text) or not _is_word(text[end])):
                first = at
                break
            trials += 1
            if trials > _MAX_TRIALS:
                found = pattern.search(text)   # many words inside others: the pattern's scan
                return None if found is None else found.start()
            at = text.find(word, at + 1)
    return first
