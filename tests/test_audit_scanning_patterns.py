"""Scanning patterns written to open with one character of their class ("\\d\\d*", so that
``sre`` skips ahead to it) find exactly what their plain form ("\\d+") finds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from audit_rules import scenario_texts

from zeroclaw_daemon.audit import lang
from zeroclaw_daemon.audit.claims import actions, extract, gate, names, numbers, prefilter, words

DATA = Path(__file__).resolve().parent / "data"
_PLAIN_FORMS = [
    (numbers.DIGIT_RUN_RE, r"\d+"),
    (gate.LETTER_RUN_RE, r"[a-z\u00c0-\u024f]+"),
    (prefilter.WORD_RE, r"[a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+"),
    (names.IDENTIFIER_RE, r"[A-Z]{1,6}-?\d{2,}(?:-\d+)*[A-Z]?(?![\w/@-])"),
    (words.LATIN_WORD_RE, r"[A-Za-z\u00C0-\u024F]+"),
    (words.CJK_RUN_RE, r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"),
    (words.HYPHEN_COMPOUND_RE, r"[A-Za-z\u00C0-\u024F]+(?:-[A-Za-z\u00C0-\u024F]+)+"),
    (words.LATIN_COMPOUND_RE, r"[A-Za-z\u00C0-\u024F]+(?:-[A-Za-z\u00C0-\u024F]+)*"),
    (actions._CUE_WORD_RE, r"[^\W\d_]+"),
    (lang._WORD_RE, r"[a-záéíóúñü]+"),
    (lang._LATIN_WORD_RE, r"[^\W\d_]+(?:'[^\W\d_]+)?"),
    (lang._SIMPLE_WORD_RE, r"[a-záéíóúñü]+(?:'[a-záéíóúñü]+)?"),
    (lang._NON_ASCII_RE, r"[^\x00-\x7f]+"),
]
_OURS = ("AB-1234 x12 ٣٤ ３４ v2.3.0 e-bikes check-ins l'été ñandú 中文字 Ünïcode ×÷ don't",)


def _texts() -> list[str]:
    """Every reply, user message and result of the scenario sets (blind-2 left out)."""
    return [*_OURS, *scenario_texts(results=True)]


@pytest.mark.parametrize(("pattern", "plain"), _PLAIN_FORMS,
                         ids=[plain[:24] for _, plain in _PLAIN_FORMS])
def test_scanning_pattern_finds_what_its_plain_form_finds(pattern: re.Pattern[str],
                                                          plain: str) -> None:
    """Over every scenario text, as written and lower-cased, the same match spans."""
    plain_pattern = re.compile(plain)
    for text in _texts():
        for form in (text, text.lower()):
            expected = [m.span() for m in plain_pattern.finditer(form)]
            assert expected == [m.span() for m in pattern.finditer(form)], form[:80]


def test_identifiers_and_full_names_read_in_one_pass_as_each_pattern_finds_them() -> None:
    """Over every scenario text, the one pass finds each pattern's own matches."""
    for text in _texts():
        expected = ([(m.start(), m.end(), m.group(0)) for m in names.IDENTIFIER_RE.finditer(text)
                     if names._starts_a_token(text, m.start())],
                    [(m.start(), m.end(), m.group(0)) for m in names.FULL_NAME_RE.finditer(text)
                     if names._starts_a_token(text, m.start())])
        assert expected == names.find_identifiers_and_full_names(text, lambda _: True), text[:80]


def test_quote_openings_are_the_first_characters_of_the_quoted_pattern() -> None:
    """A reply is skipped by the quoted-title scan only when no match could open in it."""
    alternatives = extract.QUOTED_RE.pattern.split("|")
    expected = {alternative.lstrip("\\")[0] for alternative in alternatives}
    assert expected == set(extract._QUOTE_OPENINGS)
