"""Quicker ways of scanning a reply find exactly what the plain scans find: first-character
guards on phrase patterns, letter runs read as bytes, the superlative cue's trigger words."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from audit_rules import scenario_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.claims.gate import LETTER_RUN_RE, letter_runs
from zeroclaw_daemon.audit.claims.guard import guarded
from zeroclaw_daemon.audit.claims.segment import sentence_spans
from zeroclaw_daemon.audit.claims.text import lower_same_length
from zeroclaw_daemon.audit.lang import PACKS

DATA = Path(__file__).resolve().parent / "data"
_OURS = (
    "Nothing else stood out in this result, so no action is needed here. ×no errors ÷the",
    "The biggest sponsor was Vine Hollow. El mayor anunciante fue Bodegas Ribera.",
    "Łódź ćma ŕ ǅ zürich café — “quoted” ’tis naïve ½ ² ٣ ３ 中文 \u0085x\u00a0y \u2028z",
    "I ran `git log` and found 3 commits; nothing is pending.\n- item: 2 files, 4.2 MB",
    "",
)


def _texts() -> list[str]:
    """Every reply and user message of the scenario sets (blind-1 only of the blind ones)."""
    return [*_OURS, *scenario_texts(results=False)]


def _found(pattern: re.Pattern[str], text: str, start: int, end: int) -> list[object]:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text, start, end)]


def _pack_patterns() -> list[tuple[str, str, re.Pattern[str]]]:
    found = []
    for code, pack in sorted(PACKS.items()):
        found += [(code, slot, pattern) for slot, pattern in pack.patterns.items()]
        found += [(code, "count", pack.count_pattern)]
        for slot, scan in pack.scans.items():
            found += [(code, f"{slot}.{i}", b) for i, b in enumerate(scan.branches)]
    return found


@pytest.mark.parametrize(("code", "slot", "pattern"), _pack_patterns(),
                         ids=[f"{c}-{s}" for c, s, _ in _pack_patterns()])
def test_a_guarded_pattern_finds_what_the_pattern_finds(code: str, slot: str,
                                                        pattern: re.Pattern[str]) -> None:
    """Over every scenario text, whole and sentence by sentence, as written and
    lower-cased: the same spans and groups, by number and by name."""
    fast = guarded(pattern)
    assert fast.groupindex == pattern.groupindex and fast.groups == pattern.groups
    for text in _texts():
        for form in (text, lower_same_length(text)):
            for start, end in [(0, len(form)), *sentence_spans(form, PACKS[code])]:
                assert _found(fast, form, start, end) == _found(pattern, form, start, end)


_SOURCES = [r"\bno\s+(?:errors?|warnings?)\b", r"(?:found|got)?\s*nothing\b",
            r"\b(?:i|we)(?:'ve)?\s+(?:ran|checked)\b|(?<=:\s)done\b", r"[a-c]x|\dy|\s+z"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_SOURCES),
       st.lists(st.sampled_from(["no", "errors", "warning", "found", "nothing", "got", "i",
                                 "we've", "ran", "checked", ":", "done", "ax", "7y", " z",
                                 " ", "\n", "x", "é"]), max_size=14))
def test_a_guarded_pattern_finds_what_the_pattern_finds_in_generated_text(
        source: str, words: list[str]) -> None:
    """Text made of a pattern's own pieces: the guard never loses or adds a match."""
    pattern = re.compile(source)
    text = "".join(words)
    assert _found(guarded(pattern), text, 0, len(text)) == _found(pattern, text, 0, len(text))


def test_a_guard_is_left_off_where_it_cannot_apply_or_would_not_pay() -> None:
    """Empty matches, ignored case, unknown first characters, patterns ``sre`` already skips
    through and first characters that are most of a text get no guard."""
    for source, flags in [(r"\s*(?:if)?", 0), (r"\bno\b", re.IGNORECASE), (r"(?:.)x", 0),
                          (r"(a)\1", 0), (r"[,;]x", 0), (r"ab|ac", 0), (r"\b[a-z]+s\b", 0),
                          (r"\b\w+\b", 0)]:
        pattern = re.compile(source, flags)
        assert guarded(pattern) is pattern, source
    assert guarded(re.compile(r"\bno\b")).pattern.startswith("(?=[")


def test_every_pack_guards_its_long_phrase_patterns() -> None:
    """The patterns searched sentence by sentence in English are guarded (the speed-up
    this module is for): absence alternatives, tool use, negation."""
    pack = PACKS["en"]
    for slot in ("negated", "tool_use", "completion", "presentation"):
        assert pack.searching[slot] is not pack.patterns[slot], slot
    assert sum(b.pattern.startswith("(?=[") for b in pack.scans["absence"].branches) > 20


def test_letter_runs_are_the_runs_the_letter_pattern_finds() -> None:
    """Over every scenario text and random text of every script, sentence by sentence."""
    rng = random.Random(7)
    alphabet = "ab z.,\n\t×÷éÿĀłǅɏɐ—’中 \u00a0\u0085\u2028-_09?!"
    generated = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
                 for _ in range(2000)]
    for text in [*_texts(), *generated]:
        low = lower_same_length(text)
        spans = [(0, len(low)), *sentence_spans(low, PACKS["en"]), (1, max(1, len(low) - 1))]
        assert letter_runs(low, spans) == [LETTER_RUN_RE.findall(low, s, e) for s, e in spans]


def test_every_superlative_cue_match_holds_one_of_its_triggers() -> None:
    """A sentence without a trigger word holds no match of the cue, so it is not searched."""
    for code, pack in sorted(PACKS.items()):
        cue = pack.superlative_cue
        if cue is None:
            continue
        assert pack.superlative_triggers, code
        for text in _texts():
            for match in cue.finditer(text):
                words = LETTER_RUN_RE.findall(lower_same_length(match.group(0)))
                assert not pack.superlative_triggers.isdisjoint(words), (code, match.group(0))


@pytest.mark.parametrize("text", ["The biggest sponsor was Vine Hollow.",
                                  "×The biggest sponsor was Vine Hollow.",
                                  "El mayor anunciante fue Bodegas Ribera y nada más."])
def test_superlative_names_are_read_as_without_the_triggers(text: str) -> None:
    """Gated and ungated extraction read the same names, × (a sign inside a run) included."""
    for pack in PACKS.values():
        assert extract_claims(text, pack).values == extract_claims(text, pack, False).values
