"""Quick passes of the claim checks and the evidence find exactly what the slow way finds."""

from __future__ import annotations

import random
import re
from collections import OrderedDict
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

import pytest

from zeroclaw_daemon.audit.checks.base import (
    _is_word,
    clip,
    first_match_start,
    plain_alternatives,
)
from zeroclaw_daemon.audit.claims.numbers import number_readings
from zeroclaw_daemon.audit.evidence.number_index import NumberIndex
from zeroclaw_daemon.audit.evidence.tables import is_mapping
from zeroclaw_daemon.audit.lang import PACKS

_PATTERNS = [r"(?:every|all|each)\b", r"\b(?:todos|todas|cada)\b", r"\b(?:a|ab|b)",
             r"(?:ab|b|aba)", r"(?:ñu|año)\b"]


def test_a_word_character_is_what_backslash_w_matches() -> None:
    """_is_word holds for exactly the code points ``\\w`` matches in a str pattern."""
    every = "".join(chr(code) for code in range(0x110000))
    assert "".join(filter(_is_word, every)) == "".join(re.findall(r"\w", every))


def test_the_packs_universal_stand_ins_are_plain_choices_of_words() -> None:
    """The en and es universal quantifiers' stand-ins are read as plain words (so the quick
    pass is used); a pattern ignoring case or with any other syntax is not."""
    assert plain_alternatives(PACKS["en"].universal_scan) == (("every", "all", "each"), False,
                                                              True)
    assert plain_alternatives(PACKS["es"].universal_scan) is not None
    assert plain_alternatives(re.compile(r"(?:ab|c)", re.IGNORECASE)) is None
    assert plain_alternatives(re.compile(r"(?:ab|c\d)")) is None
    assert plain_alternatives(re.compile(r"(?:ab|c)", re.ASCII)) is None


@pytest.mark.parametrize("source", _PATTERNS)
def test_first_match_start_equals_the_patterns_search(source: str) -> None:
    """first_match_start gives the start of pattern.search on texts mixing the words with
    letters, digits, "_", marks and spaces, many occurrences inside other words included."""
    pattern = re.compile(source)
    pieces = ["every", "all", "each", "todos", "cada", "a", "b", "ab", "ñu", "año", " ", "_",
              "1", "x", "é", "中", ".", "ll", "thing", "\u0301", "\u00b2"]
    rng = random.Random(11)
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        found = pattern.search(text)
        assert first_match_start(pattern, text) == (None if found is None else found.start()), \
            text


def test_is_mapping_agrees_with_isinstance_mapping() -> None:
    """is_mapping is isinstance(value, Mapping) for JSON's types, their subclasses and any
    other Mapping or object."""
    class Tagged(dict):  # type: ignore[type-arg]
        pass

    values = [{}, {"a": 1}, [], (), "s", 1, 1.5, True, None, Tagged(), MappingProxyType({}),
              OrderedDict(), b"x", {1}, frozenset(), object(), Decimal(1)]
    for value in values:
        assert is_mapping(value) == isinstance(value, Mapping), repr(value)


def test_clip_of_a_long_text_equals_clipping_its_whole_flat_form() -> None:
    """clip flattens a long text only up to its cut, and gives what flattening it all gives."""
    rng = random.Random(5)
    pieces = ["a", "bc", " ", "  ", "\n", "\t", "word", "\u3000", "é"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 120)))
        for limit in (8, 16, 48):
            flat = " ".join(text.split())
            expected = flat if len(flat) <= limit else flat[:limit - 1] + "…"
            assert clip(text, limit) == expected, (text, limit)


def test_plain_digits_read_as_number_readings_reads_them() -> None:
    """NumberIndex reads a run of ASCII digits as the one value number_readings gives it."""
    for raw in ("0", "7", "42", "007", "2026", "123456789012345678901234567890"):
        value = Decimal(raw)
        assert number_readings(raw) == (value,)
        assert {value, -value} <= NumberIndex(f"x {raw} y").exact
