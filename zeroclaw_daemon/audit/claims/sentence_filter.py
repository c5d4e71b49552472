"""A pattern's filter as a sentence is checked against it: the requirements
(:class:`Need`) of each of the pattern's alternatives, read off its parse tree by
:mod:`.prefilter`, and which alternatives a sentence's words leave possible
(:class:`PatternFilter`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Need:
    """One requirement, ready to check: by whole word (``words``: word -> the strings that
    word stands for, None when the word alone is the string) or by substring (``loose``)."""

    words: Mapping[str, tuple[str | None, ...]]
    loose: tuple[str, ...]
    keys: frozenset[str]   # the keys of ``words``, as a set (intersected without a copy)

    def met(self, tokens: frozenset[str] | set[str], form: str) -> bool:
        for word in tokens & self.keys:
            for text in self.words[word]:
                if text is None or text in form:
                    return True
        # Most needs have no loose string: no generator is built for them.
        return bool(self.loose) and any(text in form for text in self.loose)


@dataclass(frozen=True, slots=True)
class PatternFilter:
    """Whether a sentence can hold a match of one pattern (see the module docstring)."""

    branches: tuple[tuple[Need, ...], ...]
    keyed: Mapping[str, tuple[int, ...]]   # word -> the branches whose first need it meets
    unkeyed: tuple[int, ...]               # branches whose first need is not by word
    keys: frozenset[str]                   # the keys of ``keyed``

    def opens(self, tokens: frozenset[str] | set[str], form: str) -> bool:
        """``tokens``: the sentence's letter runs (for a CJK pack, its characters);
        ``form``: its word form (for a CJK pack, its text)."""
        hits = tokens & self.keys
        if not hits and not self.unkeyed:
            return False
        candidates: set[int] = set(self.unkeyed)
        for word in hits:
            candidates.update(self.keyed[word])
        branches = self.branches
        for index in sorted(candidates):
            for need in branches[index]:
                if not need.met(tokens, form):
                    break
            else:
                return True
        return False
