"""Sentence gates: the trigger words each language pack declares never drop a match.

A gate lets a sentence be scanned with a pattern only when one of the pattern's
declared triggers is in it, so a trigger missing from ``TRIGGERS`` would make the
auditor silently miss claims. These tests check the declarations against what the
patterns really match, on the scenario corpus and on generated text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit.claims import LanguagePack, extract_claims
from zeroclaw_daemon.audit.claims.counts import find_counts
from zeroclaw_daemon.audit.claims.gate import BIT, GATED_SLOTS, Gate
from zeroclaw_daemon.audit.claims.text import lower_same_length
from zeroclaw_daemon.audit.lang import PACKS, pack_for

DATA = Path(__file__).parent / "data"
PACKAGE = Path(__file__).parents[1] / "zeroclaw_daemon" / "receipts"
SHARED_SAMPLE = Path(__file__).parents[2] / "shared" / "audit-scenarios-sample.jsonl"


def _corpus() -> list[str]:
    paths = sorted(DATA.glob("audit-*.jsonl")) + ([SHARED_SAMPLE] if SHARED_SAMPLE.exists() else [])
    return [json.loads(line)["reply"] for path in paths
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _untriggered_matches(text: str, pack: LanguagePack) -> list[str]:
    """"pack:slot:match" for every match of a gated pattern that holds none of its triggers.

    Stricter than the gate needs (it opens for a whole sentence): each match is
    judged alone, widened to whole words, so one trigger elsewhere in the sentence
    cannot hide a match that holds none.
    """
    low = lower_same_length(text)
    missing: list[str] = []
    for slot in GATED_SLOTS:
        bit = BIT[slot]
        if slot == "count_pattern":
            spans = [(c.start, c.end) for c in find_counts(low, pack, 0, len(low))]
            spans += [m.span() for m in pack.count_pattern.finditer(low)]
        else:
            spans = [m.span() for m in pack.patterns[slot].finditer(low)]
        for start, end in spans:
            while start > 0 and low[start - 1].isalpha():
                start -= 1
            while end < len(low) and low[end].isalpha():
                end += 1
            piece = low[start:end]
            if not pack.gate.sentence_bits(piece, [(0, len(piece))])[0] & bit:
                missing.append(f"{pack.code}:{slot}:{piece!r}")
    return missing


def test_every_match_in_the_corpus_holds_a_trigger() -> None:
    """Each pattern's matches in the scenario replies (read with every pack) hold a trigger."""
    missing = [miss for reply in _corpus() for pack in PACKS.values()
               for miss in _untriggered_matches(reply, pack)]
    assert [] == missing


def test_gated_extraction_equals_ungated_on_the_corpus() -> None:
    """Gated extraction finds exactly what scanning every sentence with every pattern finds."""
    mismatched = []
    for reply in _corpus():
        pack = pack_for(None, reply)
        gated, ungated = extract_claims(reply, pack), extract_claims(reply, pack, gated=False)
        if (gated, gated.acknowledges_failure) != (ungated, ungated.acknowledges_failure):
            mismatched.append(reply)
    assert [] == mismatched


_SYNTAX_RE = re.compile(r"\\.|\(\?P<\w+>|\(\?[:=!<]+|\[[^\]]*\]")   # escapes, groups, classes


def _source_words(pattern: re.Pattern[str]) -> list[str]:
    """The literal words of a pattern's source, in order (``\\s+``, ``(?P<subj>`` dropped)."""
    return re.findall(r"[a-z\u00c0-\u024f']+|[\u4e00-\u9fff]+",
                      _SYNTAX_RE.sub(" ", pattern.pattern))


def _pattern_words(pack: LanguagePack) -> set[str]:
    """The literal words the pack's patterns are written with (and its triggers)."""
    patterns = [*pack.patterns.values(), pack.count_pattern]
    words = {w for pattern in patterns for w in _source_words(pattern)}
    words |= set(pack.gate.words) | set(pack.gate.prefixes) | {s for s, _ in pack.gate.substrings}
    return words


_VOCABULARY = sorted(set().union(*(_pattern_words(p) for p in PACKS.values()))
                     | {"I", "5", "`ls`", ".", ",", "?", "。", "，", "3.2%", "16 °C", "7 行"})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=30))
def test_every_match_in_generated_text_holds_a_trigger(words: list[str]) -> None:
    """Text made of the patterns' own words never matches a pattern without a trigger."""
    text = " ".join(words)
    assert [] == [miss for pack in PACKS.values() for miss in _untriggered_matches(text, pack)]


# (pack, the words of one of its patterns in the order the pattern source has them)
_SOURCES = [(code, words) for code, pack in sorted(PACKS.items())
            for pattern in [*pack.patterns.values(), pack.count_pattern]
            if (words := _source_words(pattern))]
WINDOW = 14


@st.composite
def _phrases(draw: st.DrawFn) -> tuple[str, str]:
    """A few words picked in order from a stretch of one pattern's source: the pieces of
    one alternative tend to sit close together there ("is ... empty")."""
    code, words = draw(st.sampled_from(_SOURCES))
    start = draw(st.integers(0, max(0, len(words) - 1)))
    window = words[start:start + WINDOW]
    picks = draw(st.lists(st.integers(0, len(window) - 1), min_size=1, max_size=4, unique=True))
    joiner = "" if PACKS[code].cjk else " "
    return code, joiner.join(window[i] for i in sorted(picks))


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_phrases())
def test_every_match_in_phrases_from_the_patterns_holds_a_trigger(
        phrase: tuple[str, str]) -> None:
    """Phrases built from a pattern's own words never match it without holding a trigger."""
    code, text = phrase
    assert [] == _untriggered_matches(text, PACKS[code])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=40))
def test_gated_extraction_equals_ungated_on_generated_text(words: list[str]) -> None:
    """Gates never change what extraction finds (fuzzed with the patterns' own words)."""
    text = " ".join(words)
    for pack in PACKS.values():
        assert extract_claims(text, pack, gated=False) == extract_claims(text, pack)


@pytest.mark.parametrize("code", sorted(PACKS))
def test_every_gated_pattern_has_a_trigger_entry(code: str) -> None:
    """Each pack declares triggers for exactly the gated patterns (none forgotten or extra)."""
    module = __import__(f"zeroclaw_daemon.audit.lang.{code}", fromlist=["TRIGGERS"])
    assert set(GATED_SLOTS) == set(module.TRIGGERS)


def test_a_trigger_must_be_one_word() -> None:
    """A Latin trigger that is not a single lower-case word (so could never open) is refused."""
    with pytest.raises(ValueError, match="not one lower-case word"):
        Gate.from_triggers({"hedge": "can't"}, cjk=False)


def test_no_private_regex_internals() -> None:
    """Gates are declared, not derived from CPython's private ``re._parser``."""
    sources = {p.name: p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}
    assert [] == sorted(name for name, text in sources.items()
                        if "re._parser" in text or "sre_parse" in text or "re._constants" in text)
