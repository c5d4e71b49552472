"""Cutting a reply into sentences and clauses, and what each clause does (offer, deny...).

A clause is *hedged* (offer, suggestion, question, conditional), *negated*
("I didn't run"), *general* ("typically") or its sentence *reports failure*,
so the auditor never mistakes "I can run ``git log`` if you like" for a claim
that it ran.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .gate import ALL_BITS, BIT
from .types import Clause, Span

if TYPE_CHECKING:
    from .pack import LanguagePack


_CLAUSE_LEAD = frozenset(",;:，；：、-–— \t\n")


# The longest sentence read as one. The longest in every scenario set is under 300
# characters; a longer run without a sentence end (a model's endless list, or hostile
# padding) is read in pieces of this size, cut after a space or a comma where one falls,
# so the checks that compare a claim with its sentence's other claims stay bounded.
MAX_SENTENCE_CHARS = 600
_PIECE_END_RE = re.compile(r"[\s,;，、；]")


def sentence_spans(text: str, pack: LanguagePack) -> list[Span]:
    """The sentences of ``text``: each runs to the end of its ``sentence_end`` match (and
    is cut into pieces of at most :data:`MAX_SENTENCE_CHARS`)."""
    spans: list[Span] = []
    last = 0
    for match in pack.patterns["sentence_end"].finditer(text):
        if match.end() > last:
            _append_pieces(spans, text, last, match.end())
            last = match.end()
    if last < len(text):
        _append_pieces(spans, text, last, len(text))
    return spans


def _append_pieces(spans: list[Span], text: str, start: int, end: int) -> None:
    while end - start > MAX_SENTENCE_CHARS:
        limit = start + MAX_SENTENCE_CHARS
        cut = limit
        # The last space or comma in the piece's second half, else a hard cut.
        for match in _PIECE_END_RE.finditer(text, start + MAX_SENTENCE_CHARS // 2, limit):
            cut = match.end()
        spans.append((start, cut))
        start = cut
    spans.append((start, end))


def segment(text: str, pack: LanguagePack, gated: bool = True,
            words_out: list[list[str]] | None = None, runs: Sequence[Span] | None = None
            ) -> tuple[list[Clause], list[Span], list[int], list[Span]]:
    """Clauses, sentences, each sentence's gate bits, and each sentence's bounds (its first
    clause's start to its last clause's end). ``text`` is lower-cased. ``words_out``,
    when given, receives each sentence's runs of Latin letters, when the gate reads them;
    ``runs``: the text's runs of digits, when known."""
    clauses: list[Clause] = []
    bounds: list[Span] = []
    spans = sentence_spans(text, pack)
    if gated and pack.gate is not None:
        bits = pack.gate.sentence_bits(text, spans, words_out, runs)
    else:
        bits = [ALL_BITS] * len(spans)
    breaks = [m.start() for m in pack.patterns["clause_break"].finditer(text)]
    append = clauses.append
    # A clause is a tuple built as one (``tuple.__new__``): the named tuple's own
    # constructor is a Python call, and a long reply has hundreds of clauses.
    new = tuple.__new__
    lo = 0
    for index, (s_start, s_end) in enumerate(spans):
        # The sentence's bounds are kept as its clauses are cut (a named tuple's fields are
        # properties: read back, they cost a call each).
        first_start = last_end = -1
        c_start = s_start
        # The cuts inside the sentence: after its start, before its end (in order, so
        # each is past the one before and past the clause's start).
        lo = bisect_right(breaks, s_start, lo)
        hi = bisect_left(breaks, s_end, lo)
        if lo != hi:
            for cut in breaks[lo:hi]:
                if not text[c_start:cut].isspace():
                    append(new(Clause, (c_start, cut, index)))
                    if first_start < 0:
                        first_start = c_start
                    last_end = cut
                c_start = cut
            lo = hi
        if c_start < s_end and not text[c_start:s_end].isspace():
            append(new(Clause, (c_start, s_end, index)))
            if first_start < 0:
                first_start = c_start
            last_end = s_end
        bounds.append((first_start, last_end) if first_start >= 0 else (s_start, s_start))
    return clauses, spans, bits, bounds


class ClauseFlags:
    """Hedged / negated / general / failure, per clause, computed on first use.

    A clause is *hedged* when its sentence is a question or opens with a
    conditional, or its own words offer, suggest or suppose; *negated* when it
    says an action was not done; *general* when it speaks of what usually
    holds; a sentence *reports failure* when it says a call failed.
    """

    def __init__(self, text: str, pack: LanguagePack, clauses: Sequence[Clause],
                 spans: Sequence[Span], bits: Sequence[int]) -> None:
        self.text, self.pack, self.clauses, self.spans, self.bits = text, pack, clauses, spans, bits
        self._hedged: dict[int, bool] = {}
        self._sentence_hedged: dict[int, bool] = {}
        self._sentence_failure: dict[int, bool] = {}
        self._searched: dict[tuple[str, int], bool] = {}

    def _search(self, slot: str, index: int) -> bool:
        """Whether the clause matches the slot's pattern (asked again for each claim in it)."""
        key = (slot, index)
        known = self._searched.get(key)
        if known is None:
            clause = self.clauses[index]
            known = bool(self.bits[clause.sentence] & BIT[slot]) and self.pack.searching[
                slot].search(self.text, clause.start, clause.end) is not None
            self._searched[key] = known
        return known

    def sentence_hedged(self, sentence: int) -> bool:
        known = self._sentence_hedged.get(sentence)
        if known is None:
            start, end = self.spans[sentence]
            piece = self.text[start:end]
            patterns = self.pack.patterns
            known = bool(patterns["question"].search(piece)
                         or patterns["conditional"].match(piece))
            self._sentence_hedged[sentence] = known
        return known

    def opened_by_a_modal(self, sentence: int) -> bool:
        """The sentence opens with a modal of advice or offer ("Tendrías que quitar 8
        plataformas o hacer dos viajes", "You could split it into two loads"): what it
        counts is what could be, in each of its clauses. (A URL it cites is still cited.)"""
        start, end = self.spans[sentence]
        while start < end and self.text[start] in _OPENING_MARKS:
            start += 1
        return self.pack.patterns["hedge"].match(self.text, start, end) is not None

    def conditional_clause(self, index: int) -> bool:
        """The clause opens with a conditional ("…，如果用户还没看到", "…, if nothing shows")."""
        if not self.clauses:
            return False
        clause = self.clauses[index]
        start = clause.start
        while start < clause.end and self.text[start] in _CLAUSE_LEAD:
            start += 1   # the break that opens the clause (", ", "，")
        return self.pack.patterns["conditional"].match(self.text, start, clause.end) is not None

    def hedged(self, index: int) -> bool:
        if not self.clauses:
            return False
        known = self._hedged.get(index)
        if known is None:
            known = self.sentence_hedged(self.clauses[index].sentence) or self._search("hedge",
                                                                                       index)
            self._hedged[index] = known
        return known

    def negated(self, index: int) -> bool:
        return bool(self.clauses) and self._search("negated", index)

    def general(self, index: int) -> bool:
        return bool(self.clauses) and self._search("general", index)

    def blocked(self, index: int) -> bool:
        """No claim of tool use or completion is made here (offer, negation, generality)."""
        return self.hedged(index) or self.negated(index) or self.general(index)

    def sentence_failure(self, sentence: int) -> bool:
        known = self._sentence_failure.get(sentence)
        if known is None:
            start, end = self.spans[sentence]
            known = bool(self.bits[sentence] & BIT["failure"]) and any(
                not _inside_a_quotation(self.text, start, match.start())
                for match in self.pack.searching["failure"].finditer(self.text, start, end))
            self._sentence_failure[sentence] = known
        return known

    def any_failure(self) -> bool:
        """Whether the reply discloses a failure anywhere: failure words, or an outcome
        left open ("not yet", "still pending", "queued", 处理中)."""
        if any(self.sentence_failure(i) for i in range(len(self.spans))):
            return True
        actions = self.pack.actions
        return bool(actions is not None and actions.disclosure is not None
                    and actions.disclosure.search(self.text))


# What may stand before a sentence's first word: white space, list marks, emphasis.
_OPENING_MARKS = " \t\n-*_•>#"


# A quotation inside a sentence: what it quotes (a reason a tool recorded, "equipment
# failure"; a title) is not the reply's own word of failure.
QUOTATION_MARKS = ('"', "“", "«", "「")
QUOTATION_RE = re.compile(r"\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”|«[^»\n]{1,80}»|「[^」\n]{1,80}」")


def _inside_a_quotation(text: str, start: int, position: int) -> bool:
    """Whether ``position`` lies inside a quotation opened after ``start``."""
    if not any(mark in text[start:position] for mark in QUOTATION_MARKS):
        return False
    return any(m.start() < position < m.end()
               for m in QUOTATION_RE.finditer(text, start, position + 81))
