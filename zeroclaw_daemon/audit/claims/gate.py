"""Sentence gates: which phrase patterns a sentence can match, told by its words.

Running every phrase pattern over every sentence of a long reply is most of the
audit's cost, so each language pack declares, per pattern, its *trigger words*:
words such that every match of the pattern contains one of them. A sentence is
scanned with a pattern only when one of its triggers is in it. The triggers are
written beside the patterns in each language module (``TRIGGERS``), as one string
per pattern of space-separated entries:

- ``word``: the whole word (a run of Latin letters, compared lower-cased);
- ``prefix*``: any word beginning with ``prefix``;
- ``#``: any digit;
- for a CJK pack, every other entry is a substring (Chinese has no word breaks);
- an empty string: the pattern has no trigger and runs on every sentence.

A missing trigger would silently drop matches, so ``tests/test_audit_gates.py``
checks, over the scenario corpus and generated text, that every match of every
pattern lies in a sentence its gate opens, and that gated and ungated extraction
agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import or_

from .types import Span

# The patterns a pack gates, in bit order ("count_pattern" is what its count finder scans).
GATED_SLOTS = ("hedge", "negated", "general", "failure", "tool_use", "attribution",
               "completion", "presentation", "absence", "count_pattern")
BIT = {name: 1 << index for index, name in enumerate(GATED_SLOTS)}
ALL_BITS = (1 << len(GATED_SLOTS)) - 1
# Words as the gates see them: runs of Latin letters (every trigger is one). Narrower
# than "any letter", so a token may be cut short by a letter of another script: that
# only opens a gate more often, never less, and the class is about twice as fast.
LETTER_RUN_RE = re.compile(r"[a-z\u00c0-\u024f][a-z\u00c0-\u024f]*")   # text.py: scanning
DIGIT_RE = re.compile(r"\d")
DIGIT_ENTRY = "#"
PREFIX_MARK = "*"


@dataclass(frozen=True, slots=True)
class Gate:
    """Pattern bits keyed by trigger, for one language pack."""

    words: Mapping[str, int]
    prefixes: Mapping[str, int]
    substrings: tuple[tuple[str, int], ...]
    digit: int
    always: int
    # The prefixes keyed by their first ``head_length`` letters (the shortest prefix's
    # length): a word is looked up once, by its own first letters, not once per length.
    head_length: int = 1
    by_head: Mapping[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)

    @classmethod
    def from_triggers(cls, triggers: Mapping[str, str], cjk: bool) -> Gate:
        """The gate for a pack's ``TRIGGERS`` table (format in the module docstring)."""
        unknown = set(triggers) - set(GATED_SLOTS)
        if unknown:
            raise ValueError(f"triggers for unknown patterns: {sorted(unknown)}")
        words: dict[str, int] = {}
        prefixes: dict[str, int] = {}
        substrings: dict[str, int] = {}
        digit = always = 0
        for slot, bit in BIT.items():
            entries = triggers.get(slot, "").split()
            if not entries:
                always |= bit
            for entry in entries:
                if entry == DIGIT_ENTRY:
                    digit |= bit
                    continue
                table = substrings if cjk else words
                if not cjk and entry.endswith(PREFIX_MARK):
                    table, entry = prefixes, entry[:-1]
                if not cjk and not LETTER_RUN_RE.fullmatch(entry):
                    raise ValueError(f"trigger {entry!r} of {slot} is not one lower-case word")
                table[entry] = table.get(entry, 0) | bit
        head_length = min(map(len, prefixes), default=1)
        by_head: dict[str, list[tuple[str, int]]] = {}
        for prefix, bit in prefixes.items():
            by_head.setdefault(prefix[:head_length], []).append((prefix, bit))
        return cls(words, prefixes, tuple(substrings.items()), digit, always, head_length,
                   {head: tuple(found) for head, found in by_head.items()})

    def token_bits(self, token: str) -> int:
        """The patterns a word opens: as itself, and by every prefix it begins with."""
        return self._table((token,))[token]

    def _table(self, tokens: Iterable[str]) -> dict[str, int]:
        """:meth:`token_bits` of each of ``tokens`` (one loop, no call per word)."""
        words_get = self.words.get
        head_get = self.by_head.get
        length = self.head_length
        table: dict[str, int] = {}
        for token in tokens:
            bits = words_get(token, 0)
            found = head_get(token[:length])
            if found is not None:
                for prefix, bit in found:
                    if token.startswith(prefix):
                        bits |= bit
            table[token] = bits
        return table

    def sentence_bits(self, low: str, spans: Sequence[Span],
                      words_out: list[list[str]] | None = None,
                      runs: Sequence[Span] | None = None) -> list[int]:
        """Which patterns each sentence of ``low`` (lower-cased text) must be scanned with.
        ``words_out``, when given, receives each sentence's words (not for a CJK pack);
        ``runs``: the runs of digits of ``low``, in order, when known."""
        digit = self.digit
        if self.substrings:
            present = [(s, b) for s, b in self.substrings if s in low]
            out: list[int] = []
            for start, end in spans:
                piece = low[start:end]
                bits = self.always
                for sub, bit in present:
                    if bit & ~bits and sub in piece:   # some of its patterns are not yet on
                        bits |= bit
                out.append(bits)
        else:
            # Words of every sentence first, then each distinct word looked up once.
            tokens = letter_runs(low, spans)
            if words_out is not None:
                words_out.extend(tokens)
            table = self._table(set().union(*tokens))
            lookup = table.__getitem__
            out = [reduce(or_, map(lookup, words), self.always) for words in tokens]
        if digit:
            holds = _holds_digits(low, spans, runs)
            out = [bits | digit if has else bits
                   for bits, has in zip(out, holds, strict=True)]
        return out


def _holds_digits(low: str, spans: Sequence[Span], runs: Sequence[Span] | None) -> list[bool]:
    """Whether each sentence holds a digit: told by the text's runs of digits when known
    (a walk along both, sentences and runs in order), else by a search in each."""
    if runs is None:
        search = DIGIT_RE.search
        return [search(low, start, end) is not None for start, end in spans]
    # The first run ending after a sentence's start holds a digit of it when it begins
    # before the sentence's end.
    ends = [end for _, end in runs]
    count = len(runs)
    holds: list[bool] = []
    for start, end in spans:
        index = bisect_right(ends, start)
        holds.append(index < count and runs[index][0] < end)
    return holds


# Latin-1 read as the letter runs see it: each byte of a letter of LETTER_RUN_RE (a-z,
# U+00C0-U+00FF) kept, every other byte a space.
_LATIN1_RUN_FORM = bytes(c if 0x61 <= c <= 0x7A or c >= 0xC0 else 0x20 for c in range(256))
# The letters of LETTER_RUN_RE beyond Latin-1.
_WIDE_LETTER_RE = re.compile("[\u0100-\u024f]")


def letter_runs(low: str, spans: Sequence[Span]) -> list[list[str]]:
    """``LETTER_RUN_RE.findall`` of each span of ``low``. A text whose letters of the class
    are all in Latin-1 (most replies; any other character is no letter of it) is read as
    bytes, every non-letter made a space, and split: the same runs, several times sooner
    than ``sre`` tests each character against the class."""
    try:
        raw = low.encode("latin-1")
    except UnicodeEncodeError:
        if _WIDE_LETTER_RE.search(low) is not None:
            findall = LETTER_RUN_RE.findall
            return [findall(low, start, end) for start, end in spans]
        raw = low.encode("latin-1", "replace")   # one "?" for each wider character
    form = raw.translate(_LATIN1_RUN_FORM).decode("latin-1")
    return [form[start:end].split() for start, end in spans]


# Signs inside the class of LETTER_RUN_RE that are no letters (nor word characters): a
# ``\b`` of a pattern may stand beside one inside a run (the branch filters' words, and
# the trigger words of :func:`sentences_holding`, do not hold them).
SIGNS_IN_RUNS = ("\u00d7", "\u00f7")


def sentences_holding(triggers: frozenset[str], count: int,
                      gate_words: list[list[str]] | None, low: str) -> Sequence[int]:
    """Which of the ``count`` sentences hold one of ``triggers`` as a run of letters (the
    gate's), else all of them: when the runs are unknown, there are no triggers, or the
    text holds × or ÷ (a run may hold one, and a ``\\b`` stands beside it)."""
    if gate_words is None or not triggers or SIGNS_IN_RUNS[0] in low \
            or SIGNS_IN_RUNS[1] in low:
        return range(count)
    return [i for i, words in enumerate(gate_words) if not triggers.isdisjoint(words)]
