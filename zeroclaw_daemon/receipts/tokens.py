"""The receipt token: ``zc-receipt-<epoch seconds>-<base64url(HMAC-SHA256), no padding>``.

Parsing is strict: exactly one spelling of each token is accepted, so two
different strings never name the same receipt (no leading zeros, no ``+``,
no padding, and the last base64 character must leave the spare bits zero).
"""

from __future__ import annotations

import binascii
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from .errors import MalformedReceiptError

PREFIX = "zc-receipt-"
DIGEST_SIZE = 32
DIGEST_CHARS = 43
# 32 bytes = 256 bits; 43 base64 characters carry 258, so the last character
# holds 4 real bits and 2 zero bits: only these 16 characters are canonical.
CANONICAL_LAST = frozenset("AEIMQUYcgkosw048")
MAX_TIMESTAMP_DIGITS = 20
MAX_TIMESTAMP = 10**MAX_TIMESTAMP_DIGITS  # exclusive

TOKEN_RE = re.compile(r"zc-receipt-(0|[1-9][0-9]{0,19})-([A-Za-z0-9_-]{43})")
# Anything that starts like a receipt is "receipt-like"; the defanged spelling
# the middleware writes into tool output (``zc-receipt(untrusted)``) is not.
# Trailing ``=`` padding belongs to the string (so a padded token is malformed, not valid).
# Case is ignored, as ``re.IGNORECASE`` ignores it, but spelled out in classes: a pattern
# ignoring case matches each character by its lower case (4 KB with 20 tokens: 40 µs, the
# classes 26). Under IGNORECASE "i" also matches "İ" and "ı", and [A-Za-z] also "İ", "ı",
# "ſ" and the Kelvin sign; tests/test_receipt_tokens.py checks every class over every code
# point against the pattern ignoring case.
RECEIPT_LIKE_RE = re.compile(
    "[zZ][cC][-_][rR][eE][cC][eE][iI\u0130\u0131][pP][tT](?!(?i:\\(untrusted\\)))"
    "[A-Za-z0-9_\u0130\u0131\u017f\u212a-]*=*")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")
# Runs of ASCII, deleted to leave a text's other characters: few long runs, so ~6 µs over
# 4 KB, where finding each non-ASCII character one by one takes ~20.
_ASCII_RUN_RE = re.compile(r"[\x00-\x7f]+")
_EMPHASIS = "_*"


@dataclass(frozen=True, slots=True)
class ReceiptToken:
    """A parsed, well-formed token. ``str()`` gives its one canonical spelling."""

    timestamp: int
    digest: bytes

    def __str__(self) -> str:
        return format_token(self.timestamp, self.digest)


@dataclass(frozen=True, slots=True)
class TokenMatch:
    """A receipt-like string found in a text; ``token`` is None when malformed."""

    text: str
    start: int
    end: int
    token: ReceiptToken | None
    reason: str = ""
    # The token as written used look-alike or invisible characters (``text`` is its
    # normalised form; ``start``/``end`` span the original spelling).
    disguised: bool = False


# base64 -> base64url, as base64.urlsafe_b64encode does, without its two Python-level calls.
_URLSAFE = bytes.maketrans(b"+/", b"-_")
_FROM_URLSAFE = bytes.maketrans(b"-_", b"+/")


def encode_digest(digest: bytes) -> str:
    return binascii.b2a_base64(digest, newline=False).rstrip(b"=").translate(
        _URLSAFE).decode("ascii")


def format_token(timestamp: int, digest: bytes) -> str:
    """Spell a token. ``timestamp`` is whole epoch seconds, ``digest`` 32 bytes."""
    if type(timestamp) is not int:
        if isinstance(timestamp, bool) or not isinstance(timestamp, int):
            # str(True) or str(1.5) would spell a token that parse_token rejects.
            raise TypeError("timestamp must be an int (epoch seconds), "
                            f"not {type(timestamp).__name__}")
        timestamp = int(timestamp)
    if not 0 <= timestamp < MAX_TIMESTAMP:
        raise ValueError("timestamp must be a non-negative integer of at most 20 digits")
    if len(digest) != DIGEST_SIZE:
        raise ValueError(f"digest must be {DIGEST_SIZE} bytes")
    # encode_digest inlined (one token per receipt): 32 bytes are 43 characters and one "=".
    text = binascii.b2a_base64(digest, newline=False)[:DIGEST_CHARS].translate(_URLSAFE)
    return f"{PREFIX}{timestamp}-{text.decode('ascii')}"


def _why_malformed(text: str) -> str:
    if not text.startswith(PREFIX):
        return "does not start with 'zc-receipt-'"
    timestamp, sep, digest = text[len(PREFIX):].partition("-")
    if not sep:
        return "missing the '-' between timestamp and digest"
    if not timestamp.isascii() or not timestamp.isdigit():
        return "timestamp is not a plain decimal number"
    if len(timestamp) > 1 and timestamp[0] == "0":
        return "timestamp has a leading zero"
    if len(timestamp) > MAX_TIMESTAMP_DIGITS:
        return "timestamp is too long"
    if len(digest) != DIGEST_CHARS:
        return f"digest has {len(digest)} characters, expected {DIGEST_CHARS}"
    if digest[-1] not in CANONICAL_LAST:
        return "digest's last character is not canonical base64url"
    return "digest is not base64url"


def parse_token(text: str) -> ReceiptToken:
    """Parse ``text`` as exactly one token, or raise :class:`MalformedReceiptError`."""
    match = well_formed(text)
    if match is None:
        raise MalformedReceiptError(text, _why_malformed(text))
    # TOKEN_RE admits only base64url characters: decode them without base64's wrappers.
    digest = binascii.a2b_base64((match.group(2) + "=").encode("ascii").translate(_FROM_URLSAFE))
    return ReceiptToken(int(match.group(1)), digest)


_FOLDED_CATEGORIES = ("Cf", "Pd")


def _fold_char(char: str) -> str:
    """NFKC, format characters (zero-width space, joiners) dropped, every dash to ``-``."""
    category = unicodedata.category(char)
    if category == "Cf":
        return ""
    if category == "Pd":
        return "-"
    folded = unicodedata.normalize("NFKC", char)
    # One character for one: ``¼`` -> ``1⁄4`` is not a look-alike of a token character.
    return folded if len(folded) == 1 else char


def normalise_for_tokens(text: str) -> tuple[str, list[int] | None]:
    """``text`` folded as :func:`_fold_char` does, and for each folded character the index
    of the original one (None when nothing changed)."""
    table = _fold_table(text)
    return _folded_with_origin(text, table) if table else (text, None)


def _fold_table(text: str) -> dict[int, str]:
    """The characters of ``text`` that fold to another (:func:`_fold_char`), each with its
    fold, for ``str.translate``; empty when none does."""
    if text.isascii():
        return {}
    # Most replies' non-ASCII characters (°, é, 中) fold to themselves. Each distinct
    # character is folded once, and none needs folding when they are NFKC-normal together
    # (a character that NFKC changes alone is changed in any string: composition never
    # makes one with a compatibility mapping, an excluded or a singleton one) and none is
    # a format character or a dash: a Chinese reply's dozens of characters are then told
    # apart by their categories alone.
    chars = set(_ASCII_RUN_RE.sub("", text))
    if unicodedata.is_normalized("NFKC", "".join(chars)) and not any(
            unicodedata.category(char) in _FOLDED_CATEGORIES for char in chars):
        return {}
    return {ord(char): folded for char in chars if (folded := _fold_char(char)) != char}


def _folded_with_origin(text: str, table: dict[int, str]) -> tuple[str, list[int] | None]:
    pieces: list[str] = []
    origin: list[int] = []
    last = 0
    for match in _NON_ASCII_RE.finditer(text):
        start = match.start()
        pieces.append(text[last:start])
        origin.extend(range(last, start))
        char = match.group(0)
        folded = table.get(ord(char), char)
        pieces.append(folded)
        origin.extend([start] * len(folded))
        last = start + 1
    pieces.append(text[last:])
    origin.extend(range(last, len(text)))
    folded_text = "".join(pieces)
    return (text, None) if folded_text == text else (folded_text, origin)


def find_receipt_like(text: str) -> list[TokenMatch]:
    """Every receipt-like string in ``text``, in order, well-formed or not.

    Look-alikes are folded first (fullwidth letters, non-breaking hyphens, zero-width
    characters), so a disguised token is found and judged on its folded form, with
    ``disguised`` set. Markdown emphasis around a token (``_token_``) is not part of it.
    """
    found: list[TokenMatch] = []
    for candidate, start, end, disguised in receipt_like_spans(text):
        try:
            token: ReceiptToken | None = parse_token(candidate)
            reason = ""
        except MalformedReceiptError as exc:
            token, reason = None, exc.reason
        found.append(TokenMatch(candidate, start, end, token, reason, disguised))
    return found


def receipt_like_spans(text: str) -> list[tuple[str, int, int, bool]]:
    """What :func:`find_receipt_like` finds, unparsed: (the folded string, start, end,
    disguised) of each. For a reader that parses only what it must (a token found in the
    ledger needs no digest): a parse and an object per token cost about 3 µs, 60 µs in a
    reply citing 20 receipts."""
    table = _fold_table(text)
    if not table:
        folded, origin = text, None
    else:
        # Folded in one pass first (str.translate): the index of each folded character is
        # built only when the folded text holds a receipt-like string. A Chinese reply's
        # full-width punctuation folds ("，" to ","), and few replies hold a token.
        if next(_receipt_like_matches(text.translate(table)), None) is None:
            return []
        folded, origin = _folded_with_origin(text, table)
    found: list[tuple[str, int, int, bool]] = []
    for match in _receipt_like_matches(folded):
        candidate = match.group(0)
        start, end = match.span()
        mark = folded[start - 1] if start else ""
        if mark in _EMPHASIS and candidate.endswith(mark):
            stripped = candidate.rstrip(mark)
            end -= len(candidate) - len(stripped)
            candidate = stripped
        disguised = False
        if origin is not None:
            original_start, original_end = origin[start], origin[end - 1] + 1
            disguised = text[original_start:original_end] != candidate
            start, end = original_start, original_end
        found.append((candidate, start, end, disguised))
    return found


def _receipt_like_matches(text: str) -> Iterator[re.Match[str]]:
    """``RECEIPT_LIKE_RE.finditer(text)``, tried only where a match can begin: at each
    "zc-" of the text lower-cased (found by ``str.find``). The pattern opens with a class,
    and ``sre`` tests every character of the text against it (about 40 µs over 4 KB);
    no character but Z and C lower-cases to a string holding "z" or "c" (nor "-"), so
    when lower-casing keeps the length the offsets of "zc-" there are those of
    ``[zZ][cC]-`` here. A match never begins inside the one before (as ``finditer``)."""
    lowered = text.lower()
    if len(lowered) != len(text) or "zc_" in lowered:
        # Underscores for hyphens ("zc_receipt_…") are rare: the whole text is searched.
        yield from RECEIPT_LIKE_RE.finditer(text)
        return
    find, match_at = lowered.find, RECEIPT_LIKE_RE.match
    at = find("zc-")
    while at >= 0:
        match = match_at(text, at)
        if match is not None:
            yield match
            at = find("zc-", match.end())
        else:
            at = find("zc-", at + 1)


def well_formed(text: str) -> re.Match[str] | None:
    """The match of ``text`` as one token when :func:`parse_token` would accept it, else
    None (its groups: the timestamp's digits and the digest's characters)."""
    match = TOKEN_RE.fullmatch(text)
    if match is None or match.group(2)[-1] not in CANONICAL_LAST:
        return None
    return match
