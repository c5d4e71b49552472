"""What a match of a phrase pattern must hold, read off the pattern's parse tree.

A pattern of a few thousand characters (the absence pattern) costs tens of microseconds
per sentence, mostly in alternatives that cannot match there; :mod:`.branches` asks these
filters which alternatives a sentence leaves possible and runs only those. A filter is
derived, once per pack at import, from each alternative:

- for a Latin-script pack, strings over the sentence's *word form*: its letter runs
  (:data:`WORD_RE`) joined by single spaces, with a space at each end. A space in a
  required string is a word boundary: ``\\bno\\s+such\\b`` requires " no such ";
- for a CJK pack, literal substrings of the sentence (``没有``).

A requirement is a set of alternatives, one of which must be present; an alternative of
the pattern (after distributing its first open alternation) is possible only when all
its requirements are met, and the pattern only when one of its alternatives is. Every
requirement is necessary (zero-width assertions, optional and unbounded parts are left
out, never guessed), so a sentence a filter rules out holds no match:
``tests/test_audit_branches.py`` checks the scans against the plain patterns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from .sentence_filter import Need, PatternFilter

# Letters as the word form sees them. Every one is a word character (``\w``), so a
# ``\b`` beside one of them stands beside a non-letter (× and ÷ are not letters).
_LETTER = r"[a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]"
WORD_RE = re.compile(_LETTER + _LETTER + "*")   # one letter, then more: text.py, scanning
_BOUNDARY_MARK = "\x00"       # a \b, resolved to a space or nothing once its neighbours are known
_MAX_STRINGS = 256           # alternatives kept exactly; beyond, the part is left out
_MAX_BRANCHES = 96
_MAX_NESTED = 24            # alternations longer than this are not spread further
_MIN_LOOSE = 3               # a requirement checked by substring must be at least this long


def is_letter(char: str) -> bool:
    return WORD_RE.fullmatch(char) is not None


def word_form(words: Sequence[str]) -> str:
    """The word form of a sentence from its letter runs (see the module docstring)."""
    return " " + " ".join(words) + " "


@dataclass(frozen=True, slots=True)
class _Info:
    """What a part of a pattern can match: ``exact``, every string it can produce (in
    word form, or as literal text for a CJK pack) when few, else None; ``needs``, the
    requirements any of its matches meets; ``head``, strings every match begins with."""

    exact: frozenset[str] | None
    needs: tuple[frozenset[str], ...] = ()
    head: frozenset[str] | None = None


_UNKNOWN = _Info(None)
_EMPTY = _Info(frozenset({""}))
_GAP = _Info(frozenset({" "}))


class _Analyser:
    def __init__(self, words: bool) -> None:
        self.words = words   # word form (Latin) or literal text (CJK)

    def char(self, code: int) -> _Info:
        char = chr(code)
        if not self.words:
            return _Info(frozenset({char}))
        return _Info(frozenset({char})) if is_letter(char) else _GAP

    def charset(self, items: Sequence[tuple[Any, Any]]) -> _Info:
        chars: set[str] = set()
        outside = True   # every member is a non-letter
        for op, av in items:
            if op is sre.LITERAL:
                char = chr(av)
                chars.add(char)
                outside = outside and not is_letter(char)
            elif op is sre.RANGE:
                low, high = av
                if high - low > 16:
                    chars.add("")   # too many to list
                else:
                    chars.update(chr(c) for c in range(low, high + 1))
                outside = outside and not any(is_letter(chr(c))
                                              for c in range(low, min(high, 0x250) + 1))
            elif op is sre.CATEGORY:
                chars.add("")
                outside = outside and av in (sre.CATEGORY_DIGIT, sre.CATEGORY_SPACE,
                                              sre.CATEGORY_NOT_WORD)
            else:   # NEGATE and anything else: any character may match
                return _UNKNOWN
        if self.words:
            if outside:
                return _GAP
            if "" in chars or not all(is_letter(c) for c in chars) or len(chars) > 8:
                return _UNKNOWN
            return _Info(frozenset(chars))
        if "" in chars or len(chars) > 8:
            return _UNKNOWN
        return _Info(frozenset(chars))

    def item(self, op: Any, av: Any) -> _Info:
        if op is sre.LITERAL:
            return self.char(av)
        if op is sre.IN:
            return self.charset(av)
        if op is sre.AT:
            return _Info(frozenset({_BOUNDARY_MARK})) if (
                self.words and av is sre.AT_BOUNDARY) else _EMPTY
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            return _EMPTY   # zero-width: consumes nothing, requires nothing we rely on
        if op is sre.SUBPATTERN:
            _group, add_flags, _del_flags, pattern = av
            if add_flags & (sre.SRE_FLAG_IGNORECASE | sre.SRE_FLAG_LOCALE):
                return _UNKNOWN
            return self.sequence(pattern)
        if op is sre.ATOMIC_GROUP:
            return self.sequence(av)
        if op is sre.BRANCH:
            return self.alternation([self.sequence(alt) for alt in av[1]])
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            low, high, pattern = av
            return self.repeat(low, high, self.sequence(pattern))
        return _UNKNOWN

    def repeat(self, low: int, high: int, inner: _Info) -> _Info:
        if inner.exact is not None and all(
                s.replace(_BOUNDARY_MARK, "") in ("", " ") for s in inner.exact):
            # Gaps repeated are one gap (runs of non-letters are one space in word form).
            if not self.words:
                return _UNKNOWN if low == 0 else _Info(None)
            gap = any(s.replace(_BOUNDARY_MARK, "") == " " for s in inner.exact)
            if low >= 1 and all(s.replace(_BOUNDARY_MARK, "") == " " for s in inner.exact):
                return _GAP
            return _Info(frozenset({"", " "})) if gap else _EMPTY
        if low == 0:
            if high == 1 and inner.exact is not None:
                return _Info(inner.exact | {""})
            return _EMPTY if inner.exact == frozenset({""}) else _Info(None)
        if high == 1:
            return inner
        # At least once: every match begins with one of the inner part's matches.
        head = inner.exact if inner.exact is not None else inner.head
        return _Info(None, inner.needs, head)

    def alternation(self, alternatives: Sequence[_Info]) -> _Info:
        if all(a.exact is not None for a in alternatives):
            union = frozenset().union(*(a.exact for a in alternatives if a.exact is not None))
            if len(union) <= _MAX_STRINGS:
                return _Info(union)
        # One requirement: the union of each alternative's most selective one.
        best: list[frozenset[str]] = []
        for alternative in alternatives:
            own = list(alternative.needs)
            if alternative.exact is not None:
                own.append(alternative.exact)
            own = [n for n in (self.resolve(n) for n in own) if n is not None]
            if not own:
                return _Info(None)
            best.append(min(own, key=lambda n: (len(n), -min(map(len, n)))))
        union = frozenset().union(*best)
        return _Info(None, (union,) if len(union) <= 4 * _MAX_STRINGS else ())

    def sequence(self, pattern: Any) -> _Info:
        run: set[str] = {""}
        needs: list[frozenset[str]] = []
        exact = True

        def flush() -> None:
            resolved = self.resolve(frozenset(run))
            if resolved is not None:
                needs.append(resolved)

        for op, av in _items(pattern):
            info = self.item(op, av)
            if info.exact is not None:
                joined = {a + b for a, b in product(run, info.exact)}
                if len(joined) > _MAX_STRINGS:
                    # Too many to join: the strings so far are one requirement, and the
                    # next run starts at a word boundary when every one of them ends at one.
                    lead = " " if self.words and all(map(_ends_at_boundary, run)) else ""
                    flush()
                    exact = False
                    joined = {lead + b for b in info.exact}
                run = joined
                continue
            exact = False
            needs.extend(info.needs)
            if info.head is not None and len(run) * len(info.head) <= _MAX_STRINGS:
                run = {a + b for a, b in product(run, info.head)}
            flush()
            run = {""}
        if exact:
            return _Info(frozenset(run), tuple(needs))
        flush()
        return _Info(None, tuple(needs))

    def resolve(self, strings: frozenset[str]) -> frozenset[str] | None:
        """``strings`` with every \\b mark made a space (beside a letter) or dropped, and
        gaps merged; None when one of them is too weak to require anything."""
        out: set[str] = set()
        for text in strings:
            if _BOUNDARY_MARK in text:
                pieces = text.split(_BOUNDARY_MARK)
                built = pieces[0]
                for piece in pieces[1:]:
                    beside = built[-1:] + piece[:1]
                    built += (" " if any(is_letter(c) for c in beside) else "") + piece
                text = built
            while self.words and "  " in text:
                text = text.replace("  ", " ")
            if len(text.strip()) < 1:
                return None
            out.add(text)
        return frozenset(out) if out else None


def _ends_at_boundary(text: str) -> bool:
    """Whether a string (in word form, marks unresolved) ends where a word cannot go on."""
    return text.endswith(" ") or (text.endswith(_BOUNDARY_MARK) and is_letter(text[-2:-1]))


def _items(pattern: Any) -> list[tuple[Any, Any]]:
    return list(pattern.data if hasattr(pattern, "data") else pattern)


def _branches(items: list[tuple[Any, Any]], analyser: _Analyser, depth: int = 0
              ) -> list[list[tuple[Any, Any]]]:
    """The pattern as alternatives, its first alternation that is not a set of fixed
    strings distributed over the rest (twice at most)."""
    if depth >= 3:
        return [items]
    for index, (op, av) in enumerate(items):
        alternatives = None
        if op is sre.BRANCH:
            alternatives = av[1]
        elif op is sre.SUBPATTERN and not av[1] and not av[2]:   # no flags of its own
            inner = _items(av[3])
            if len(inner) == 1 and inner[0][0] is sre.BRANCH:
                alternatives = inner[0][1][1]
        if alternatives is None:
            continue
        if analyser.item(op, av).exact is not None:
            continue   # a few fixed strings: kept whole, they join the strings beside them
        if len(alternatives) > _MAX_BRANCHES:
            return [items]
        spread = [items[:index] + _items(alternative) + items[index + 1:]
                  for alternative in alternatives]
        if len(alternatives) > _MAX_NESTED:
            return spread   # a long list of words: its own alternations stay whole
        out: list[list[tuple[Any, Any]]] = []
        for alternative in spread:
            out.extend(_branches(alternative, analyser, depth + 1))
            if len(out) > _MAX_BRANCHES:
                return spread
        return out
    return [items]


def _need(strings: frozenset[str], words: bool) -> Need | None:
    shortest = _MIN_LOOSE if words else 1
    by_word: dict[str, list[str | None]] = {}
    loose: list[str] = []
    for text in strings:
        key: str | None = None
        if words:
            # The whole words (a space on both sides); the longest is the rarest, as a rule.
            inner = [w for w in text.split(" ")[1:-1] if w]
            key = max(inner, key=len) if inner else None
        elif text:
            key = text[0]   # for CJK: a character the sentence must hold
        if key is None:
            if len(text) < shortest:
                return None
            loose.append(text)
        else:
            alone = text == (f" {key} " if words else key)
            by_word.setdefault(key, []).append(None if alone else text)
    return Need({w: tuple(t) for w, t in by_word.items()}, tuple(loose), frozenset(by_word))


def pattern_filter(pattern: re.Pattern[str], cjk: bool) -> PatternFilter | None:
    """The filter for ``pattern``; None when some alternative requires nothing we can
    check (the pattern then runs wherever its triggers open it)."""
    if pattern.flags & (re.IGNORECASE | re.LOCALE | re.VERBOSE):
        return None
    analyser = _Analyser(words=not cjk)
    branches: list[tuple[Need, ...]] = []
    parsed = _items(sre_parse.parse(pattern.pattern, pattern.flags))
    for items in _branches(parsed, analyser):
        info = analyser.sequence(items)
        strings = list(info.needs)
        if info.exact is not None:
            resolved = analyser.resolve(info.exact)
            if resolved is not None:
                strings.append(resolved)
        needs = [n for n in (_need(s, not cjk) for s in strings) if n is not None]
        if not needs:
            return None
        # Checked first: needs by word, fewest words first (the cheapest to rule out).
        needs.sort(key=lambda n: (bool(n.loose), len(n.words) + len(n.loose)))
        branches.append(tuple(needs))
    keyed: dict[str, list[int]] = {}
    unkeyed: list[int] = []
    for index, branch_needs in enumerate(branches):
        first = branch_needs[0]
        if first.loose:
            unkeyed.append(index)
            continue
        for word in first.words:
            keyed.setdefault(word, []).append(index)
    return PatternFilter(tuple(branches), {w: tuple(b) for w, b in keyed.items()},
                         tuple(unkeyed), frozenset(keyed))


def pattern_filters(patterns: Mapping[str, re.Pattern[str]], cjk: bool
                    ) -> dict[str, PatternFilter]:
    """The filter of every pattern that has one."""
    out: dict[str, PatternFilter] = {}
    for slot, pattern in patterns.items():
        found = pattern_filter(pattern, cjk)
        if found is not None:
            out[slot] = found
    return out


def required_marks(pattern: re.Pattern[str]) -> frozenset[str]:
    """The characters other than letters and spaces that every match of ``pattern``
    holds (the ``:`` of ``errors: none``), which the word form cannot show: literal
    characters of the pattern, outside optional parts, and in every alternative of an
    alternation. Assertions are left out (they match nothing)."""
    if pattern.flags & (re.IGNORECASE | re.LOCALE | re.VERBOSE):
        return frozenset()
    found = _required_chars(_items(sre_parse.parse(pattern.pattern, pattern.flags)))
    return frozenset(c for c in found if not is_letter(c) and not c.isspace())


def _required_chars(items: list[tuple[Any, Any]]) -> set[str]:
    out: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            out.add(chr(av))
        elif op is sre.IN:
            if len(av) == 1 and av[0][0] is sre.LITERAL:
                out.add(chr(av[0][1]))
        elif op is sre.SUBPATTERN:
            if not av[1] & (sre.SRE_FLAG_IGNORECASE | sre.SRE_FLAG_LOCALE):
                out |= _required_chars(_items(av[3]))
        elif op is sre.ATOMIC_GROUP:
            out |= _required_chars(_items(av))
        elif op is sre.BRANCH:
            out |= set.intersection(*(_required_chars(_items(alt)) for alt in av[1]))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and av[0] >= 1:
            out |= _required_chars(_items(av[2]))
    return out
