"""Token grammar: strict parsing, canonical spelling, and the receipt-like finder."""

from __future__ import annotations

import base64
import random
import re
import unicodedata

import pytest

from zeroclaw_daemon.receipts import (
    MalformedReceiptError,
    ReceiptToken,
    TokenMatch,
    find_receipt_like,
    format_token,
    parse_token,
)
from zeroclaw_daemon.receipts.tokens import _FOLDED_CATEGORIES, RECEIPT_LIKE_RE, _fold_char

DIGEST = bytes(range(100, 132))
DIGEST_TEXT = base64.urlsafe_b64encode(DIGEST).decode().rstrip("=")
TOKEN = f"zc-receipt-1700000000-{DIGEST_TEXT}"
URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def test_format_then_parse_round_trips() -> None:
    """format_token spells ts and digest; parse_token gives them back; str() re-spells it."""
    assert TOKEN == format_token(1_700_000_000, DIGEST)
    assert ReceiptToken(1_700_000_000, DIGEST) == parse_token(TOKEN)
    assert TOKEN == str(parse_token(TOKEN))


@pytest.mark.parametrize("ts", [0, 1, 9, 10, 1_700_000_000, 10**19, 10**20 - 1])
def test_canonical_timestamps_parse(ts: int) -> None:
    """Every plain decimal of 1 to 20 digits with no leading zero is a valid timestamp."""
    assert ts == parse_token(f"zc-receipt-{ts}-{DIGEST_TEXT}").timestamp


@pytest.mark.parametrize(
    ("timestamp", "reason"),
    [
        ("01700000000", "timestamp has a leading zero"),
        ("00", "timestamp has a leading zero"),
        ("+1700000000", "timestamp is not a plain decimal number"),
        (" 1700000000", "timestamp is not a plain decimal number"),
        ("1700000000 ", "timestamp is not a plain decimal number"),
        ("17000 00000", "timestamp is not a plain decimal number"),
        ("1" * 21, "timestamp is too long"),
        ("١٧٠٠", "timestamp is not a plain decimal number"),   # Arabic-Indic digits
        ("１７００", "timestamp is not a plain decimal number"),   # full-width digits
        ("", "timestamp is not a plain decimal number"),
        ("0x10", "timestamp is not a plain decimal number"),
        ("1_000", "timestamp is not a plain decimal number"),
    ],
    ids=["leading-zero", "double-zero", "plus", "space-before", "space-after", "space-inside",
         "21-digits", "arabic-indic", "full-width", "empty", "hex", "underscore"],
)
def test_non_canonical_timestamps_are_rejected(timestamp: str, reason: str) -> None:
    """Timestamps with leading zeros, signs, spaces, non-ASCII digits or >20 digits are refused."""
    text = f"zc-receipt-{timestamp}-{DIGEST_TEXT}"
    with pytest.raises(MalformedReceiptError) as caught:
        parse_token(text)
    assert (text, reason) == (caught.value.text, caught.value.reason)


def test_missing_separator_is_reported() -> None:
    """'zc-receipt-<digits>' with no second dash is malformed for the missing separator."""
    with pytest.raises(MalformedReceiptError) as caught:
        parse_token("zc-receipt-1700000000")
    assert "missing the '-' between timestamp and digest" == caught.value.reason


def test_negative_timestamp_is_rejected() -> None:
    """'zc-receipt--5-...' is malformed (no room for a sign in the grammar)."""
    with pytest.raises(MalformedReceiptError):
        parse_token(f"zc-receipt--5-{DIGEST_TEXT}")


def non_canonical_last(text: str) -> str:
    """The same digest with the next base64 letter in last place: same bytes, other spelling."""
    last = text[-1]
    return text[:-1] + URLSAFE[URLSAFE.index(last) + 1]


def test_non_canonical_last_character_decodes_alike_but_is_rejected() -> None:
    """'B' where 'A' is canonical decodes to the same digest, so the parser must refuse it."""
    token = format_token(5, bytes(32))
    assert token.endswith("A")
    twin = non_canonical_last(token)
    assert twin.endswith("B")
    assert bytes(32) == base64.urlsafe_b64decode(twin[-43:] + "=")
    with pytest.raises(MalformedReceiptError) as caught:
        parse_token(twin)
    assert "digest's last character is not canonical base64url" == caught.value.reason


@pytest.mark.parametrize("last", sorted(set(URLSAFE) - set("AEIMQUYcgkosw048")))
def test_every_non_canonical_last_character_is_rejected(last: str) -> None:
    """Only the 16 characters with two zero low bits may end a digest."""
    with pytest.raises(MalformedReceiptError):
        parse_token(f"zc-receipt-1-{DIGEST_TEXT[:-1]}{last}")


@pytest.mark.parametrize(
    ("digest", "reason"),
    [
        (DIGEST_TEXT[:-1], "digest has 42 characters, expected 43"),
        (DIGEST_TEXT + "A", "digest has 44 characters, expected 43"),
        (DIGEST_TEXT + "=", "digest has 44 characters, expected 43"),
        (DIGEST_TEXT[:-1] + "=", "digest's last character is not canonical base64url"),
        (DIGEST_TEXT[:20] + " " + DIGEST_TEXT[21:], "digest is not base64url"),
        (DIGEST_TEXT[:20] + "\t" + DIGEST_TEXT[21:], "digest is not base64url"),
        (DIGEST_TEXT[:20] + "+" + DIGEST_TEXT[21:], "digest is not base64url"),
        (DIGEST_TEXT[:20] + "/" + DIGEST_TEXT[21:], "digest is not base64url"),
        (DIGEST_TEXT[:20] + "é" + DIGEST_TEXT[21:], "digest is not base64url"),
        ("", "digest has 0 characters, expected 43"),
    ],
    ids=["short", "long", "padded", "pad-replaces-last", "space", "tab", "plus", "slash",
         "non-ascii", "empty"],
)
def test_bad_digests_are_rejected(digest: str, reason: str) -> None:
    """Wrong length, '=' padding, whitespace, standard-base64 or non-ASCII digests are refused."""
    with pytest.raises(MalformedReceiptError) as caught:
        parse_token(f"zc-receipt-1700000000-{digest}")
    assert reason == caught.value.reason


@pytest.mark.parametrize(
    "text",
    [TOKEN + "\n", " " + TOKEN, TOKEN.upper(), TOKEN.replace("zc-", "Zc-"),
     TOKEN.replace("-", "_", 1), "zc-receipt-1700000000" + DIGEST_TEXT],
    ids=["newline", "leading-space", "upper", "capital", "underscore", "missing-dash"],
)
def test_parse_is_exact(text: str) -> None:
    """parse_token accepts the whole string as one token or nothing (no strip, no case folding)."""
    with pytest.raises(MalformedReceiptError):
        parse_token(text)


def test_malformed_error_truncates_long_text() -> None:
    """The error message quotes at most 80 characters of the rejected text."""
    with pytest.raises(MalformedReceiptError) as caught:
        parse_token("zc-receipt-" + "x" * 500)
    assert "x" * 81 not in str(caught.value)
    assert "x" * 500 in caught.value.text


@pytest.mark.parametrize(
    ("ts", "digest"),
    [(-1, DIGEST), (10**20, DIGEST), (1, DIGEST[:31]), (1, DIGEST + b"\0")],
)
def test_format_token_refuses_what_cannot_be_parsed(ts: int, digest: bytes) -> None:
    """format_token never spells a token that parse_token would reject."""
    with pytest.raises(ValueError):
        format_token(ts, digest)


def test_format_token_refuses_non_int_timestamps() -> None:
    """A bool or float timestamp is a TypeError rather than 'zc-receipt-True-...'."""
    with pytest.raises(TypeError):
        format_token(True, DIGEST)
    with pytest.raises(TypeError):
        format_token(1.0, DIGEST)  # type: ignore[arg-type]


# --- finder --------------------------------------------------------------------------------

def test_finder_locates_tokens_with_spans() -> None:
    """Every token in a text is found, in order, with text == reply[start:end]."""
    other = format_token(1_700_000_001, bytes(32))
    text = f"Files: [receipt: {TOKEN}]. Date: {other}."
    found = find_receipt_like(text)
    assert [TOKEN, other] == [match.text for match in found]
    assert [TOKEN, other] == [text[match.start:match.end] for match in found]
    assert [parse_token(TOKEN), parse_token(other)] == [match.token for match in found]


def test_finder_reports_malformed_tokens_with_reason() -> None:
    """Receipt-like strings that break the grammar are found with token None and a reason."""
    text = f"a zc-receipt-01-{DIGEST_TEXT} b ZC-RECEIPT-1-x c zc-receipt d zc-receipts"
    found = find_receipt_like(text)
    assert [
        TokenMatch(f"zc-receipt-01-{DIGEST_TEXT}", 2, 59, None, "timestamp has a leading zero"),
        TokenMatch("ZC-RECEIPT-1-x", 62, 76, None, "does not start with 'zc-receipt-'"),
        TokenMatch("zc-receipt", 79, 89, None, "does not start with 'zc-receipt-'"),
        TokenMatch("zc-receipts", 92, 103, None, "does not start with 'zc-receipt-'"),
    ] == found


def test_finder_treats_token_with_trailing_token_chars_as_malformed() -> None:
    """A valid token glued to more base64url characters is one malformed string, not a token."""
    found = find_receipt_like(TOKEN + "xyz")
    assert [(TOKEN + "xyz", None)] == [(match.text, match.token) for match in found]


def test_finder_ignores_defanged_spelling() -> None:
    """'zc-receipt(untrusted)-...' (any case) is not receipt-like."""
    text = f"zc-receipt(untrusted)-1700000000-{DIGEST_TEXT} ZC-RECEIPT(UNTRUSTED)-1-x"
    assert [] == find_receipt_like(text)


def test_finder_on_text_without_receipts() -> None:
    """A plain text has no receipt-like strings."""
    assert [] == find_receipt_like("Nothing to see here: receipt, zc, zc-recei.")


def test_receipt_like_pattern_ignores_case_as_ignorecase_does() -> None:
    """Each class of the receipt-like pattern holds exactly the code points its letter (or
    [A-Za-z0-9_-], or the defanged suffix) matches under re.IGNORECASE, so it finds what the
    pattern compiled with IGNORECASE finds, on texts mixing case and look-alikes."""
    every = "".join(chr(code) for code in range(0x110000))
    classes = re.findall(r"\[[^\]]*\]", RECEIPT_LIKE_RE.pattern.split("(?!")[0])
    # After "zc", a hyphen or an underscore ("zc_receipt_…" is read, and malformed).
    assert "[-_]" == classes.pop(2)
    for letter, spelled in zip("zcreceipt", classes, strict=True):
        assert re.findall(spelled, every) == re.findall("(?i)" + letter, every)
    tail = re.findall(r"\[[^\]]*\]", RECEIPT_LIKE_RE.pattern.split(")))")[1])[0]
    assert re.findall(tail, every) == re.findall("(?i)[A-Za-z0-9_-]", every)
    reference = re.compile(r"zc[-_]receipt(?!\(untrusted\))[A-Za-z0-9_-]*=*", re.IGNORECASE)
    pieces = ["zc-receipt", "ZC-RECEIPT", "zC-rEce\u0130pt", "zc-rece\u0131pt", "zc_receipt",
              "(untrusted)",
              "(UNTRU\u017fTED)", "-", "=", "_", " ", "a", "\u212a", "\u017f", "0", "\u00e9"]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert [m.span() for m in RECEIPT_LIKE_RE.finditer(text)] == [
            m.span() for m in reference.finditer(text)], text


def test_characters_nfkc_normal_and_no_format_or_dash_fold_to_themselves() -> None:
    """normalise_for_tokens skips folding when a reply's non-ASCII characters are NFKC-normal
    and none is a format character or a dash: every such character folds to itself."""
    for code in range(0x80, 0x110000):
        char = chr(code)
        if unicodedata.is_normalized("NFKC", char) and \
                unicodedata.category(char) not in _FOLDED_CATEGORIES:
            assert _fold_char(char) == char, hex(code)
