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
from dataclasses import dataclass

from .prefilter import WORD_RE, Need, PatternFilter, pattern_filter, word_form


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
class BranchIndex:
    """Every alternative's filter at once: which alternatives a sentence leaves possible.

    Asking each alternative's :class:`PatternFilter` in turn costs a call and a set
    intersection per alternative per sentence, about half a microsecond each, for two
    dozen alternatives of which a sentence leaves two or three. The index keys every
    sub-branch of every filter by the words of its first need, so a sentence's words
    pick out its candidates in one intersection; the answer is the same as the filters'
    (an alternative is possible when one of its filter's sub-branches has every need met).
    """

    keys: frozenset[str]
    keyed: Mapping[str, tuple[tuple[int, int], ...]]   # word -> (alternative, sub-branch)
    unkeyed: tuple[tuple[int, int], ...]               # first need not by word
    always: frozenset[int]                             # alternatives without a filter
    needs: tuple[tuple[tuple[Need, ...], ...], ...]   # alternative -> sub-branch -> needs

    @classmethod
    def of(cls, filters: Sequence[PatternFilter | None]) -> BranchIndex:
        keyed: dict[str, list[tuple[int, int]]] = {}
        unkeyed: list[tuple[int, int]] = []
        for index, found in enumerate(filters):
            if found is None:
                continue
            for word, subs in found.keyed.items():
                keyed.setdefault(word, []).extend((index, sub) for sub in subs)
            unkeyed.extend((index, sub) for sub in found.unkeyed)
        return cls(frozenset(keyed), {w: tuple(sorted(c)) for w, c in keyed.items()},
                   tuple(unkeyed), frozenset(i for i, f in enumerate(filters) if f is None),
                   tuple(() if f is None else f.branches for f in filters))

    def live(self, tokens: frozenset[str] | set[str], form: str) -> set[int]:
        """The alternatives possible in a sentence (``tokens``, ``form``: see
        :meth:`PatternFilter.opens`)."""
        found = set(self.always)
        candidates = list(self.unkeyed)
        for word in tokens & self.keys:
            candidates.extend(self.keyed[word])
        needs = self.needs
        for index, sub in candidates:
            if index not in found and all(need.met(tokens, form) for need in needs[index][sub]):
                found.add(index)
        return found


@dataclass(frozen=True, slots=True)
class BranchScan:
    """A pattern as its alternatives (in order), each with its filter (None: always run)."""

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
        return cls(pattern, branches, filters, cjk, BranchIndex.of(filters))

    def finditer(self, text: str, start: int, end: int) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(text, start, end)`` yields (spans and named groups)."""
        piece = text[start:end]
        if self.cjk:
            tokens, form = frozenset(piece), piece
        else:
            words = WORD_RE.findall(piece)
            tokens, form = frozenset(words), word_form(words)
        possible = self.index.live(tokens, form)
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
