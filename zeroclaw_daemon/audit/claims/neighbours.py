"""The words around a match that a claim takes in: a counted noun's neighbours (what it
counts, and what is said of it), and the subject a passive look stands after."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .types import RawCount

if TYPE_CHECKING:
    from .pack import LanguagePack

# The words after a counted noun, past any auxiliary verbs (a closed class), so that the
# predicate is among them: "5 resources will be added" -> "added".
_CONTEXT_AFTER_RE = re.compile(
    r"(?:\s+(?:will|would|shall|be|been|being|is|are|was|were|get|gets|got|have|has|had|"
    r"going\s+to|about\s+to|"
    r"se|será|serán|fue|fueron|ha|han|sido|van\s+a\s+ser)\b)*"
    r"(?:\s+[A-Za-z\u00C0-\u024F][\w'’-]*){0,2}", re.IGNORECASE)
_CONTEXT_BEFORE_RE = re.compile(r"([A-Za-z\u00C0-\u024F][\w'’-]*)\s*$")


_PASSIVE_SUBJECT_WORDS = 5
_WORD_START_RE = re.compile(r"(?<![\w'’-])[\w'’-]")


def passive_subject_start(low: str, clause_start: int, verb_start: int) -> int:
    """Where the last few words before a passive verb begin, within its clause."""
    starts = [m.start() for m in _WORD_START_RE.finditer(low, clause_start, verb_start)]
    return starts[-_PASSIVE_SUBJECT_WORDS] if len(starts) >= _PASSIVE_SUBJECT_WORDS else \
        (starts[0] if starts else verb_start)


def count_context(text: str, raw: RawCount, pack: LanguagePack) -> str:
    """The counted noun with its neighbours: "4 tests failed" -> "tests failed" and the word
    before it."""
    if pack.cjk:
        # The words before it, within its clause ("0 错误，3 条重复读数": 错误 is the
        # previous count's noun, not this one's).
        before = _CJK_CLAUSE_BREAK_RE.split(text[max(0, raw.start - 4):raw.start])[-1]
        return before + text[raw.start:raw.end]
    after = _CONTEXT_AFTER_RE.match(text, raw.end)
    before = _CONTEXT_BEFORE_RE.search(text, max(0, raw.start - 30), raw.start)
    pieces = [before.group(1) if before else "", raw.noun, after.group(0) if after else ""]
    # A participle in "-ed" also names its verb ("added": "add"), as a result states it
    # ("2 to add").
    pieces += [w[:-2] for w in _PARTICIPLE_RE.findall(pieces[2])]
    return " ".join(pieces)


_PARTICIPLE_RE = re.compile(r"\b([a-z]{2,}ed)\b")
_CJK_CLAUSE_BREAK_RE = re.compile(r"[，。；：、！？,;:!?\n]")
