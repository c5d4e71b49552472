"""A result's keys are read as words however they are joined: snake_case, kebab-case,
camelCase and PascalCase. Keys of our own."""

from __future__ import annotations

import pytest

from zeroclaw_daemon.audit.claims.words import key_text


@pytest.mark.parametrize(("key", "expected"), [
    ("DueDate", "Due Date"),
    ("expiresAt", "expires At"),
    ("walk_in", "walk in"),
    ("free-beds", "free beds"),
    ("HTTPStatus", "HTTPStatus"),   # an acronym run stays one word
    ("co2_ppm", "co2 ppm"),
])
def test_a_key_is_split_into_its_words(key: str, expected: str) -> None:
    """Each way of joining words in a key is undone, and nothing else is split."""
    assert expected == key_text(key)
