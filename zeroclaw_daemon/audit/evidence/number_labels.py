"""The words a result writes beside each of its numbers: what a number there counts
("31 passed", "failures": 0), or that it counts nothing (a day of a month)."""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims.words import stem

COUNT_WORDS = frozenset(stem(w) for w in (
    "count", "total", "totals", "found", "matches", "results", "items", "rows", "entries",
    "hits", "records", "passed", "failed"))
_VALUE_OF_KEY_RE = re.compile(r"(?:(?<=[\w\"'])[=:]\s*|\d\s+of\s+)$")   # not "==== 2 failed"
# One space at most: a wider gap parts an aligned table's cells ("8  reservado": a column);
# past "to", the verb a number is to undergo ("2 to add, 0 to destroy").
_NEXT_WORD_RE = re.compile(r"[\"']?(?: (?! ))?[\"']?(?:to )?([A-Za-z\u00C0-\u024F]{2,})")
_MONTH_RE = re.compile(
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|enero|febrero|marzo|"
    r"abril|mayo|junio|julio|agosto|se(?:p)?tiembre|octubre|noviembre|diciembre",
    re.IGNORECASE)
# The word (key) just before a number: ``word["']?[ \t]*[:=]?[ \t]*`` at the end of the 30
# characters before it, matched on that stretch reversed (one anchored match, not a search).
_PREV_WORD_REVERSED_RE = re.compile(r"\n?[ \t]*[:=]?[ \t]*[\"']?([A-Za-z\u00C0-\u024F_]{2,})")
_ASCII_WORD_RE = re.compile(r"[A-Za-z]+")
# A capitalised word (not a code in capitals) one space before a number of three digits
# or more.
_NAME_BEFORE_RE = re.compile(r"(?<![\w-])([A-Z][a-z]{2,}) $")


def neighbour_words(result: str, numbers: list[tuple[Decimal, int, int]]
                    ) -> list[tuple[int, frozenset[str]]]:
    """Each of ``numbers`` (standalone integers of ``result``, with where each stands)
    with the stems of the words beside it."""
    found: list[tuple[int, frozenset[str]]] = []
    for number, start, end in numbers:
        before = result[max(0, start - 30):start]
        # The word after a key's value belongs to the next pair ("WARN=2 ERROR=1"); after
        # "23 of 47" it is the line's status, not what 47 counts.
        following = _NEXT_WORD_RE.match(result, end)
        if _VALUE_OF_KEY_RE.search(before) and not result.startswith(" to ", end):
            following = None
        preceding = _PREV_WORD_REVERSED_RE.match(before[::-1])
        if (following is not None and _MONTH_RE.fullmatch(following.group(1))) or (
                preceding is not None and _MONTH_RE.fullmatch(preceding.group(1)[::-1])):
            # A day of a month ("no sailings 25 December", "Dec 24"): it counts nothing.
            found.append((int(number), frozenset()))
            continue
        if end - start >= 3 and (name := _NAME_BEFORE_RE.search(before)) is not None \
                and stem(name.group(1).lower()) not in COUNT_WORDS:
            # A model or an edition ("Hermes 3000 drawband", "Christmas 2026 stamp
            # sheet"): the number is part of a name, not a count of the word after it.
            found.append((int(number), frozenset()))
            continue
        keys = set() if following is None else {stem(following.group(1))}
        if preceding is not None:
            keys |= _key_nouns(preceding.group(1)[::-1], result, start)
        found.append((int(number), frozenset(keys)))
    return found


def _key_nouns(key: str, text: str, number_start: int) -> set[str]:
    """What a key before a number counts. A compound key names its head last
    (``message_retention_seconds`` is seconds, ``passed_count`` counts passed), and a key
    counts something only when plural or beside a count word: ``Total Objects: 6`` and
    ``"failures": 0`` state counts, ``period = 60`` and ``ERROR=1`` a setting or a tally
    under a singular name (kept: ``ERROR`` is what "errors" counts)."""
    parts = [p for p in key.split("_") if p]
    if not parts:
        return set()
    head = stem(parts[-1])
    nouns = {head}
    if head in COUNT_WORDS and len(parts) > 1:
        nouns.add(stem(parts[-2]))
    line_start = max(text.rfind("\n", 0, number_start) + 1, number_start - 48)
    words_before = _ASCII_WORD_RE.findall(text, line_start, number_start)[-3:-1]
    if any(stem(w) in COUNT_WORDS for w in words_before):
        nouns.add("total")   # "Total Objects: 6": a count word in the key phrase
    last = parts[-1]
    plural = (last.endswith("s") and not last.endswith(("ss", "us", "is"))) or last.isupper()
    if not plural and not nouns & COUNT_WORDS:
        return set()
    return nouns
