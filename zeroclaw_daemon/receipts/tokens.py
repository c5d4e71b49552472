"""The receipt token: ``zc-receipt-<epoch seconds>-<base64url(HMAC-SHA256), no padding>``.

Parsing is strict: exactly one spelling of each token is accepted, so two
different strings never name the same receipt (no leading zeros, no ``+``,
no padding, and the last base64 character must leave the spare bits zero).
"""

from __future__ import annotations

import base64
import re
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
RECEIPT_LIKE_RE = re.compile(r"zc-receipt(?!\(untrusted\))[A-Za-z0-9_-]*", re.IGNORECASE)


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


def encode_digest(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


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
    return f"{PREFIX}{timestamp}-{encode_digest(digest)}"


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
    match = TOKEN_RE.fullmatch(text)
    if match is None or match.group(2)[-1] not in CANONICAL_LAST:
        raise MalformedReceiptError(text, _why_malformed(text))
    digest = base64.urlsafe_b64decode(match.group(2) + "=")
    return ReceiptToken(int(match.group(1)), digest)


def find_receipt_like(text: str) -> list[TokenMatch]:
    """Every receipt-like string in ``text``, in order, well-formed or not."""
    found: list[TokenMatch] = []
    for match in RECEIPT_LIKE_RE.finditer(text):
        candidate = match.group(0)
        try:
            token: ReceiptToken | None = parse_token(candidate)
            reason = ""
        except MalformedReceiptError as exc:
            token, reason = None, exc.reason
        found.append(TokenMatch(candidate, match.start(), match.end(), token, reason))
    return found
