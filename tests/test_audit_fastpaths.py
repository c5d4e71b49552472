"""The auditor's fast paths agree with the plain definitions they replace.

Each hot spot of a long reply was rewritten for speed (a charset-led pattern, a
trie, set lookups, ``str.endswith``); each test here fuzzes the fast form against
the straightforward one, so a later edit that breaks the equivalence fails here.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.claims.counts import trie_pattern
from zeroclaw_daemon.audit.claims.numbers import WORD_BEFORE_REVERSED_RE, approx_before
from zeroclaw_daemon.audit.claims.text import phrase
from zeroclaw_daemon.audit.evidence.number_labels import _PREV_WORD_REVERSED_RE
from zeroclaw_daemon.audit.evidence.relation import Relation
from zeroclaw_daemon.audit.lang import PACKS

# The readable forms of the English and Spanish segmenting patterns (before they were
# rewritten to open with a character class).
PLAIN_SENTENCE_END = {
    "en": phrase(r"(?<=[.!?])[\"')\]]*(?:\s+|$)|\n\s*"),
    "es": phrase(r"(?<=[.!?])[\"')\]»]*(?:\s+|$)|\n\s*"),
}
PLAIN_CLAUSE_BREAK = {
    "en": phrase(r",\s+|;\s*|:\s+|\s+[-–—]+\s+|\s+(?=(?:but|although|though|however|whereas|"
                 r"while|yet|so\s+(?!far\b)|except)\b)"),
    "es": phrase(r",\s+|;\s*|:\s+|\s+[-–—]+\s+|\s+(?=(?:pero|aunque|sin\s+embargo|mientras|"
                 r"así\s+que|por\s+lo\s+que|salvo|excepto)\b)"),
}
SEGMENT_PIECES = [*".!?\n \t,;:-–—\"')]»ab", "but ", "so far ", "so ", "pero ", "sin embargo ",
                  "while"]
SEGMENT_TEXT = st.lists(st.sampled_from(SEGMENT_PIECES), max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(SEGMENT_TEXT)
def test_sentence_and_clause_patterns_equal_their_plain_forms(text: str) -> None:
    """Sentence ends (by where they end) and clause breaks (by where they start) are unchanged."""
    for code in ("en", "es"):
        patterns = PACKS[code].patterns
        assert ([m.end() for m in PLAIN_SENTENCE_END[code].finditer(text)]
                == [m.end() for m in patterns["sentence_end"].finditer(text)])
        assert ([m.start() for m in PLAIN_CLAUSE_BREAK[code].finditer(text)]
                == [m.start() for m in patterns["clause_break"].finditer(text)])


def _related_plainly(left: set[str], right: set[str]) -> bool:
    for a in left:
        if a in right or a + "s" in right or (a.endswith("s") and a[:-1] in right):
            return True
        if len(a) >= 4 and any(len(b) >= 4 and (a.startswith(b) or b.startswith(a))
                               for b in right):
            return True
    return False


STEMS = st.sets(st.text(alphabet="abs", min_size=1, max_size=7), max_size=5)


@settings(max_examples=400, deadline=None)
@given(STEMS, STEMS)
def test_relation_equals_the_plain_definition(left: set[str], right: set[str]) -> None:
    """Indexed keyword relation == share a stem, a plural, or a 4+ letter prefix."""
    assert _related_plainly(left, right) == Relation(right)(left)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.text(alphabet="abc-", min_size=1, max_size=5), min_size=1, max_size=8),
       st.text(alphabet="abc- ", max_size=12))
def test_trie_pattern_equals_the_longest_first_alternation(words: set[str], text: str) -> None:
    """The trie matches what "longest word first" matches, at every position."""
    flat = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    trie = re.compile(trie_pattern(words))
    for pos in range(len(text) + 1):
        plain, fast = flat.match(text, pos), trie.match(text, pos)
        assert (plain and plain.group()) == (fast and fast.group())


APPROX_RE = re.compile(
    r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|~|≈|约|大约|大概|差不多|"
    r"unos|unas|alrededor\s+de|aproximadamente|cerca\s+de|casi)\s*$")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["about", "approx", ".", " ", "\n", "\u00a0", "de", "alrededor",
                                 "cerca", "~", "约", "大", "x", "casi", "nearly"]),
                max_size=6).map("".join))
def test_approx_before_equals_its_regex(text: str) -> None:
    """"about"-words before a value are found exactly as the regex ending in ``$`` finds them."""
    assert bool(APPROX_RE.search(text)) == approx_before(text)


# Right-anchored searches over the last characters before a number, and the anchored
# matches on those characters reversed that replaced them: (plain, fast, window, group).
REVERSED = {
    "word before a number": (
        re.compile(r"([A-Za-z\u00C0-\u024F_]{2,})[\"']?[ \t]*[:=]?[ \t]*$"),
        _PREV_WORD_REVERSED_RE, 30, 1),
    "month name before a day": (
        re.compile(r"[A-Za-z]{3,9}\.?\s+$"), WORD_BEFORE_REVERSED_RE, 14, 0),
}


@pytest.mark.parametrize("case", sorted(REVERSED))
@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab_éSeptMar \t:=\"'\n.1-", max_size=40))
def test_reversed_match_equals_the_right_anchored_search(case: str, text: str) -> None:
    """The reversed anchored match finds the same span as the search ending at ``$``."""
    plain, fast, window, group = REVERSED[case]
    low = max(0, len(text) - window)
    searched = plain.search(text, low, len(text))
    matched = fast.match(text[low:][::-1])
    assert (searched and searched.span(group)) == (
        matched and (len(text) - matched.end(group), len(text) - matched.start(group)))


def test_failure_acknowledgement_is_worked_out_on_demand() -> None:
    """A reply reporting a failure acknowledges it; one that does not, does not."""
    pack = PACKS["en"]
    assert (True, False) == (
        extract_claims("The restart was denied by policy.", pack).acknowledges_failure,
        extract_claims("The worker is back up.", pack).acknowledges_failure)

