"""Names a reply presents as what a tool returned: e-mail addresses, @handles, and the
capitalised names its language's entity cues point at ("sent by Mallory", "Mallory
opened ...").

Only sentences that attribute what they say to a tool or its output are read (a name in
small talk is no claim), and only clear entity shapes: precision first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .types import Span
from .words import fold

if TYPE_CHECKING:
    from .pack import LanguagePack

# An identifier: capitals then two digits or more, maybe dashed ("B22", "BA117",
# "ORD-884125", "WEB-1182"); "Q4", "S3", "EC2" and "T4S" are names of things, not codes.
# Both open with a character class (no lookbehind first), so ``sre`` skips ahead to the
# capitals; what may precede a match is checked on the match (:func:`_starts_a_token`).
_IDENTIFIER_REST = r"[A-Z]{0,5}-?\d{2,}(?:-\d+)*[A-Z]?(?![\w/@-])"
IDENTIFIER_RE = re.compile("[A-Z]" + _IDENTIFIER_REST)
# Two capitalised words: a person's first and last name ("Priya Raman").
_FULL_NAME_REST = r"[a-z]{1,20} [A-Z][a-z]{1,20}\b"
FULL_NAME_RE = re.compile("[A-Z]" + _FULL_NAME_REST)
# Both in one pass over the reply, which finds what the two find: after its capital an
# identifier goes on with a capital, a dash or a digit and a name with a small letter, so
# no capital starts both, and neither's capitals start the other inside it.
IDENTIFIER_OR_NAME_RE = re.compile(
    f"[A-Z](?:(?P<identifier>{_IDENTIFIER_REST})|(?P<full_name>{_FULL_NAME_REST}))")
_NOT_BEFORE_A_TOKEN = frozenset("/.#@-")
EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
HANDLE_RE = re.compile(r"(?<![\w@/])@[A-Za-z0-9_][A-Za-z0-9_.-]{1,38}(?<![.-])")


def find_names(text: str, pack: LanguagePack, sentences: Iterable[Span],
               keep: Callable[[int], bool]) -> list[tuple[int, int, str]]:
    """(start, end, name) of every entity in the given sentences whose start ``keep``
    accepts, in order, never overlapping."""
    found: list[tuple[int, int, str]] = []
    common = pack.common_words   # "Nothing sent", "The ..."
    for start, end in sentences:
        spans: list[tuple[int, int, str]] = []
        if text.find("@", start, end) >= 0:   # both hold one: most sentences need no scan
            for regex in (EMAIL_RE, HANDLE_RE):
                spans.extend((m.start(), m.end(), m.group(0).rstrip("."))
                             for m in regex.finditer(text, start, end))
        for cue in (pack.entity_cue, pack.superlative_cue):
            if cue is None:
                continue
            for match in cue.finditer(text, start, end):
                group = next((g for g in match.groupdict() if match.group(g)), None)
                if group is not None and fold(match.group(group).split()[0]) not in common:
                    spans.append((match.start(group), match.end(group), match.group(group)))
        taken = -1
        for span in sorted(spans):
            if span[0] >= taken and keep(span[0]):
                found.append(span)
                taken = span[1]
    return found


def _starts_a_token(text: str, start: int) -> bool:
    if start == 0:
        return True
    before = text[start - 1]
    return not (before.isalnum() or before == "_" or before in _NOT_BEFORE_A_TOKEN)


def find_identifiers(text: str, keep: Callable[[int], bool]) -> list[tuple[int, int, str]]:
    """Identifier-shaped codes (compared as strings with the results)."""
    return find_identifiers_and_full_names(text, keep)[0]


def find_full_names(text: str, keep: Callable[[int], bool]) -> list[tuple[int, int, str]]:
    """First-and-last-name pairs; checked only against a result naming the same first name
    with another last name ("Priya Ramesh" where the result says "Priya Raman")."""
    return find_identifiers_and_full_names(text, keep)[1]


def find_identifiers_and_full_names(text: str, keep: Callable[[int], bool]
                                    ) -> tuple[list[tuple[int, int, str]],
                                               list[tuple[int, int, str]]]:
    """:func:`find_identifiers` and :func:`find_full_names`, read in one pass."""
    identifiers: list[tuple[int, int, str]] = []
    full_names: list[tuple[int, int, str]] = []
    for match in IDENTIFIER_OR_NAME_RE.finditer(text):
        start = match.start()
        if _starts_a_token(text, start) and keep(start):
            found = identifiers if match.lastgroup == "identifier" else full_names
            found.append((start, match.end(), match.group(0)))
    return identifiers, full_names
