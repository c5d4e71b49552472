"""A long phrase pattern scanned alternative by alternative, each only where it can match.

``re`` tries every alternative of a pattern at every position of a sentence. The
absence pattern has two dozen alternatives, most of which cannot match in a given
sentence (they need words it lacks: "isn't", "such", "empty"), and the whole costs tens
of microseconds a sentence. :class:`BranchScan` splits the pattern into its top-level
alternatives, keeps the :mod:`.prefilter` filter of each, and for a sentence runs only
the alternatives its words leave possible, merging their matches exactly as the whole
pattern's ``finditer`` orders them: the leftmost start wins, and at one start the
earlier alternative. Named groups keep their names (a match of one alternative has
only that alternative's groups).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .guard import guarded
from .prefilter import WORD_RE, pattern_filter, required_marks, word_form
from .sentence_filter import Need, PatternFilter


def split_alternatives(pattern: str) -> list[str] | None:
    """The top-level alternatives of a pattern's source, or None when it has fewer than
    two or they cannot be told apart safely."""
    parts: list[str] = []
    depth = 0
    start = 0
    index = 0
    in_class = False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if pattern[index + 1:index + 2] == "^":
                index += 1
            if pattern[index + 1:index + 2] == "]":
                index += 1   # a "]" first in a class is one of its characters
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(pattern[start:index])
            start = index + 1
        index += 1
    parts.append(pattern[start:])
    if len(parts) < 2 or depth != 0 or in_class or "|".join(parts) != pattern:
        return None
    return parts


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A sub-branch of an alternative's filter, as one word of its first need finds it:
    that need is met by the word alone (``alone``), or by one of the need's strings that
    hold the word: those with no other token (``plain``), or those holding a token of
    ``others`` that the sentence has (``by_other``: token -> strings). ``rest``: the
    sub-branch's other needs."""

    alternative: int
    alone: bool
    plain: tuple[str, ...]
    others: frozenset[str]
    by_other: Mapping[str, tuple[str, ...]]
    rest: tuple[Need, ...]

    @classmethod
    def of(cls, alternative: int, word: str, needs: tuple[Need, ...],
           cjk: bool) -> _Candidate:
        texts = needs[0].words[word]
        plain: list[str] = []
        by_other: dict[str, list[str]] = {}
        for text in texts:
            if text is None:
                continue
            others = [t for t in (text if cjk else [w for w in text.split(" ")[1:-1] if w])
                      if t != word]
            if others:
                by_other.setdefault(max(others, key=len), []).append(text)
            else:
                plain.append(text)
        return cls(alternative, None in texts, tuple(plain), frozenset(by_other),
                   {t: tuple(found) for t, found in by_other.items()}, needs[1:])

    def first_met(self, tokens: frozenset[str] | set[str], form: str) -> bool:
        """Whether the first need is met through this candidate's word (in ``tokens``)."""
        if self.alone:
            return True
        for text in self.plain:
            if text in form:
                return True
        by_other = self.by_other
        for token in tokens & self.others:
            for text in by_other[token]:
                if text in form:
                    return True
        return False


@dataclass(frozen=True, slots=True)
class BranchIndex:
    """Every alternative's filter at once: which alternatives a sentence leaves possible.

    Asking each alternative's :class:`PatternFilter` in turn costs a call and a set
    intersection per alternative per sentence, about half a microsecond each, for two
    dozen alternatives of which a sentence leaves two or three. The index keys every
    sub-branch of every filter by the words of its first need, so a sentence's words
    pick out its candidates in one intersection, and each candidate checks only the
    strings of that need holding its word, found by another token they hold (a need may
    list three dozen strings for one word). The answer is the filters' own: an
    alternative is possible when one of its filter's sub-branches has every need met
    (the first need is met when some word of it the sentence has meets it).
    """

    keys: frozenset[str]
    keyed: Mapping[str, tuple[_Candidate, ...]]        # word -> candidates it finds
    unkeyed: tuple[tuple[int, tuple[Need, ...]], ...]  # first need not by word
    always: frozenset[int]                             # alternatives without a filter
    # Alternative -> the characters besides letters and spaces each of its matches holds
    # (:func:`.prefilter.required_marks`; a Latin pack's word form does not show them).
    marks: Mapping[int, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, filters: Sequence[PatternFilter | None], cjk: bool,
           marks: Mapping[int, frozenset[str]] | None = None) -> BranchIndex:
        keyed: dict[str, list[_Candidate]] = {}
        unkeyed: list[tuple[int, tuple[Need, ...]]] = []
        for index, found in enumerate(filters):
            if found is None:
                continue
            for word, subs in found.keyed.items():
                keyed.setdefault(word, []).extend(
                    _Candidate.of(index, word, found.branches[sub], cjk) for sub in subs)
            unkeyed.extend((index, found.branches[sub]) for sub in found.unkeyed)
        return cls(frozenset(keyed), {w: tuple(c) for w, c in keyed.items()},
                   tuple(unkeyed), frozenset(i for i, f in enumerate(filters) if f is None),
                   {i: m for i, m in (marks or {}).items() if m})

    def live(self, tokens: frozenset[str] | set[str], form: str, piece: str = "") -> set[int]:
        """The alternatives possible in a sentence (``tokens``, ``form``: see
        :meth:`PatternFilter.opens`; ``piece``: its text, for the marks)."""
        found = set(self.always)
        for index, needs in self.unkeyed:
            if index not in found:
                for need in needs:
                    if not need.met(tokens, form):
                        break
                else:
                    found.add(index)
        keyed = self.keyed
        for word in tokens & self.keys:
            for candidate in keyed[word]:
                alternative = candidate.alternative
                if alternative in found or not candidate.first_met(tokens, form):
                    continue
                for need in candidate.rest:
                    if not need.met(tokens, form):
                        break
                else:
                    found.add(alternative)
        # The marks are checked last, on the few alternatives found: each is a substring
        # test, and most alternatives of most sentences are out by then.
        marks = self.marks
        if marks:
            for index in [i for i in found if i in marks]:
                for mark in marks[index]:
                    if mark not in piece:
                        found.discard(index)
                        break
        return found


@dataclass(frozen=True, slots=True)
class BranchScan:
    """A pattern as its alternatives (in order), each with its filter (None: always run).
    ``pattern`` and ``branches`` are searched with :func:`.guard.guarded` forms."""

    pattern: re.Pattern[str]
    branches: tuple[re.Pattern[str], ...]
    filters: tuple[PatternFilter | None, ...]
    cjk: bool
    index: BranchIndex

    @classmethod
    def of(cls, pattern: re.Pattern[str], cjk: bool) -> BranchScan | None:
        """The scan of ``pattern``; None when it does not split into alternatives that
        each compile on their own with the pattern's flags."""
        parts = split_alternatives(pattern.pattern)
        if parts is None:
            return None
        try:
            branches = tuple(re.compile(part, pattern.flags) for part in parts)
        except re.error:
            return None
        names = [name for branch in branches for name in branch.groupindex]
        if sorted(names) != sorted(pattern.groupindex):
            return None   # a group of one alternative referred to from another
        filters = tuple(pattern_filter(b, cjk) for b in branches)
        marks = {} if cjk else {i: required_marks(b) for i, b in enumerate(branches)}
        # Searched behind their first-character guards (the filters read the sources).
        return cls(guarded(pattern), tuple(map(guarded, branches)), filters, cjk,
                   BranchIndex.of(filters, cjk, marks))

    def finditer(self, text: str, start: int, end: int,
                 words: Sequence[str] | None = None) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(text, start, end)`` yields (spans and named groups).
        ``words``: the :data:`.prefilter.WORD_RE` words of ``text[start:end]``, when known
        (a Latin pack's)."""
        piece = text[start:end]
        if self.cjk:
            tokens, form = frozenset(piece), piece
        else:
            if words is None:
                words = WORD_RE.findall(piece)
            tokens, form = frozenset(words), word_form(words)
        possible = self.index.live(tokens, form, piece)
        if len(possible) == len(self.branches):
            yield from self.pattern.finditer(text, start, end)
            return
        if possible:
            branches = self.branches
            yield from _merged(self.pattern, [branches[i] for i in sorted(possible)], text,
                               start, end)


def _merged(pattern: re.Pattern[str], branches: Sequence[re.Pattern[str]], text: str,
            start: int, end: int) -> Iterator[re.Match[str]]:
    """The matches of the alternation of ``branches``, as its ``finditer`` finds them:
    from each position, the leftmost match of any branch, the earliest branch first at
    a tie; then on from its end. (An empty match, which ``finditer`` treats apart, hands
    the rest to ``pattern`` itself.)"""
    found: list[re.Match[str] | None] = [b.search(text, start, end) for b in branches]
    position = start
    while True:
        best: re.Match[str] | None = None
        for index, match in enumerate(found):
            if match is not None and match.start() < position:
                match = found[index] = branches[index].search(text, position, end)
            if match is not None and (best is None or match.start() < best.start()):
                best = match
        if best is None:
            return
        if best.end() == best.start():
            yield from pattern.finditer(text, position, end)
            return
        yield best
        position = best.end()
