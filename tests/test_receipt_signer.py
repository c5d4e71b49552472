"""ReceiptSigner: MAC framing, fixed vectors, tampering, canonical args, key hygiene."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import struct
import time
from typing import Any

import pytest

from zeroclaw_daemon.receipts import (
    MalformedReceiptError,
    ReceiptSigner,
    ReceiptToken,
    canonical_args,
    format_token,
    mac_input,
    parse_token,
)

VECTOR_KEY = bytes(range(32))
TS = 1_700_000_000


# --- an independent reference of the framing, written from DESIGN.md section 3 ---------------

def frame(data: bytes) -> bytes:
    """len(data) as an 8-byte big-endian unsigned integer, then data."""
    return struct.pack(">Q", len(data)) + data


def reference_token(key: bytes, tool: bytes, args_json: bytes, result: bytes, ts: int) -> str:
    """The token DESIGN.md specifies, from hmac/hashlib/struct only (no receipts code)."""
    message = (b"zc-receipt/v1\x00" + frame(tool) + frame(args_json) + frame(result)
               + frame(str(ts).encode("ascii")))
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return f"zc-receipt-{ts}-" + base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


# (tool, args, result, ts, tool bytes, canonical args bytes, result bytes, committed token).
# The byte columns are written by hand so that the canonical JSON is checked too; the
# last column was computed once with reference_token and is committed so that a change
# to the reference and the code together still fails.
VECTORS: list[tuple[str, dict[str, Any], str, int, bytes, bytes, bytes, str]] = [
    ("shell", {"command": "ls", "args": ["-l"]}, "total 0\n", 1700000000,
     b"shell", b'{"args":["-l"],"command":"ls"}', b"total 0\n",
     "zc-receipt-1700000000-Hr1wfDpQN64T0KKowuOB5E2wtsy0qcfeLK9Rzvq_LBQ"),
    ("", {}, "", 0,
     b"", b"{}", b"",
     "zc-receipt-0-o8a9VRBQMXFZD4c_nxr4xymAHLxN9qjn70TGk3Rm-lI"),
    ("files.read",
     {"z": None, "path": "/tmp/é.txt", "big": 2**64 + 1, "a": [1, 2.5, True, False]},
     "héllo wörld ✓ 😀", 99999999999999999999,
     b"files.read",
     b'{"a":[1,2.5,true,false],"big":18446744073709551617,"path":"/tmp/\xc3\xa9.txt","z":null}',
     "héllo wörld ✓ 😀".encode(),
     "zc-receipt-99999999999999999999-15IltEsrxFsyDkIhNJecN__8AHUSpoqeIJAbzyw8MDo"),
    ("echo", {"text": "\ud800"}, "lone \udfff surrogate", 1,
     b"echo", b'{"text":"\xed\xa0\x80"}', b"lone \xed\xbf\xbf surrogate",
     "zc-receipt-1-OVo_zsnC0q2dyD1_bnrHYIvOz_ydzFuHUce0wlDnBdc"),
    ("http_get", {"url": "http://127.0.0.1/"}, "abcdefghij" * 10_000, 1700000123,
     b"http_get", b'{"url":"http://127.0.0.1/"}', b"abcdefghij" * 10_000,
     "zc-receipt-1700000123-obTZ_qTsqFtWgpd8J7f6RUYWaOT3F96YICmFQ80Qabg"),
    ("x", {}, "y" * 16383, 42,
     b"x", b"{}", b"y" * 16383,
     "zc-receipt-42-4fj8LOg78FAqQ9XCA8G9DIZVAx8dkJ2h1MI58q51yc8"),
    ("x", {}, "y" * 16384, 42,
     b"x", b"{}", b"y" * 16384,
     "zc-receipt-42-MOBxRQCoLtrs2TtdI8wP0Y5M5do1w_OhkaqfVS_lxio"),
]
VECTOR_IDS = ["shell", "empty", "unicode-bigint-maxts", "surrogates", "100KB", "16KiB-less-1",
              "16KiB"]


@pytest.fixture
def signer() -> ReceiptSigner:
    return ReceiptSigner(VECTOR_KEY)


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_fixed_vector_matches_committed_token(
        vector: tuple[str, dict[str, Any], str, int, bytes, bytes, bytes, str],
        signer: ReceiptSigner) -> None:
    """sign() gives the committed token for each fixed vector (key = bytes(range(32)))."""
    tool, args, result, ts, _, _, _, token = vector
    assert token == signer.sign(tool, args, result, ts)


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_fixed_vector_matches_hand_written_framing(
        vector: tuple[str, dict[str, Any], str, int, bytes, bytes, bytes, str]) -> None:
    """The committed tokens are what the framing of DESIGN.md gives, computed by hand."""
    _, _, _, ts, tool_bytes, args_bytes, result_bytes, token = vector
    assert token == reference_token(VECTOR_KEY, tool_bytes, args_bytes, result_bytes, ts)


@pytest.mark.parametrize("vector", VECTORS, ids=VECTOR_IDS)
def test_fixed_vector_mac_input_and_canonical_args_bytes(
        vector: tuple[str, dict[str, Any], str, int, bytes, bytes, bytes, str]) -> None:
    """canonical_args and mac_input produce exactly the hand-written bytes."""
    tool, args, result, ts, tool_bytes, args_bytes, result_bytes, _ = vector
    expected = (b"zc-receipt/v1\x00" + frame(tool_bytes) + frame(args_bytes)
                + frame(result_bytes) + frame(str(ts).encode("ascii")))
    assert args_bytes == canonical_args(args)
    assert expected == mac_input(tool, canonical_args(args), result, ts)


@pytest.mark.parametrize("key", [bytes(32), b"\xff" * 32, bytes(range(224, 256))],
                         ids=["zeros", "ones", "high"])
@pytest.mark.parametrize("length", [0, 1, 2047, 2048, 70_000])
def test_digest_is_hmac_sha256_of_the_mac_input(key: bytes, length: int) -> None:
    """digest() equals hmac.digest of mac_input, with or without the result's bytes given."""
    signer = ReceiptSigner(key)
    args = {"path": "ä.txt", "n": length}
    result = ("é" * length)[:length]
    expected = hmac.digest(key, mac_input("read_file", canonical_args(args), result, TS),
                           "sha256")
    assert (expected, expected) == (
        signer.digest("read_file", args, result, TS),
        signer.digest("read_file", args, result, TS, result_bytes=result.encode("utf-8")))


# --- what ZeroClaw's own receipt tests prove ------------------------------------------------

def test_sign_is_deterministic_for_fixed_key_and_timestamp() -> None:
    """Two signers with the same key sign the same call at the same second identically."""
    first = ReceiptSigner(VECTOR_KEY).sign("shell", {"command": "date"}, "Mon", TS)
    second = ReceiptSigner(VECTOR_KEY).sign("shell", {"command": "date"}, "Mon", TS)
    assert first == second


def test_token_format_is_parseable(signer: ReceiptSigner) -> None:
    """A signed token has the zc-receipt-<ts>-<43 chars> form and parses back to its ts."""
    token = signer.sign("shell", {}, "ok", TS)
    prefix, ts_text, digest_text = token[:11], token[11:21], token[22:]
    parsed = parse_token(token)
    assert ("zc-receipt-", str(TS), 43) == (prefix, ts_text, len(digest_text))
    assert TS == parsed.timestamp
    assert 32 == len(parsed.digest)
    assert token == str(parsed)


def test_sign_without_timestamp_uses_the_current_second(signer: ReceiptSigner) -> None:
    """sign() with no timestamp stamps whole epoch seconds of now."""
    before = int(time.time())
    token = signer.sign("shell", {}, "ok")
    after = int(time.time())
    assert before <= parse_token(token).timestamp <= after


def test_verify_succeeds_for_the_signed_fields(signer: ReceiptSigner) -> None:
    """verify() accepts a token for exactly the fields it was signed over."""
    token = signer.sign("files", {"path": "a.txt"}, "hello", TS)
    assert signer.verify(token, "files", {"path": "a.txt"}, "hello") is True


@pytest.mark.parametrize(
    ("tool", "args", "result"),
    [
        ("files", {"path": "a.txt"}, "hellO"),        # result
        ("files", {"path": "a.txt"}, "hello "),       # result, trailing byte
        ("file", {"path": "a.txt"}, "hello"),         # tool name
        ("files", {"path": "b.txt"}, "hello"),        # argument value
        ("files", {"path": "a.txt", "x": 1}, "hello"),  # extra argument
        ("files", {}, "hello"),                       # missing argument
    ],
    ids=["result", "result-suffix", "tool", "arg-value", "arg-extra", "arg-missing"],
)
def test_verify_fails_on_tampered_field(signer: ReceiptSigner, tool: str,
                                        args: dict[str, Any], result: str) -> None:
    """Changing any one signed field makes verification fail."""
    token = signer.sign("files", {"path": "a.txt"}, "hello", TS)
    assert signer.verify(token, tool, args, result) is False


def test_verify_fails_with_another_key() -> None:
    """A token does not verify under a different key."""
    token = ReceiptSigner(VECTOR_KEY).sign("shell", {}, "ok", TS)
    other = ReceiptSigner(bytes(range(1, 33)))
    assert other.verify(token, "shell", {}, "ok") is False


def test_random_keys_differ() -> None:
    """Signers made without a key get different random keys, so different tokens."""
    tokens = {ReceiptSigner().sign("shell", {}, "ok", TS) for _ in range(8)}
    assert 8 == len(tokens)


@pytest.mark.parametrize(
    "text",
    ["", "zc-receipt", "zc-receipt-", "zc-receipt-1700000000", "zc-receipt-1700000000-",
     "receipt-1700000000-" + "A" * 43, "zc-receipt-abc-" + "A" * 43,
     "zc-receipt-1700000000-" + "A" * 42, "zc-receipt-1700000000-" + "A" * 44,
     "ZC-RECEIPT-1700000000-" + "A" * 43, "not a receipt at all"],
)
def test_malformed_strings_fail_to_verify(signer: ReceiptSigner, text: str) -> None:
    """Malformed token strings are refused by verify() (False) and by parse_token (raise)."""
    assert signer.verify(text, "shell", {}, "ok") is False
    with pytest.raises(MalformedReceiptError):
        parse_token(text)


# --- what theirs missed --------------------------------------------------------------------

def test_well_formed_forgery_fails_by_mac_not_by_parsing(signer: ReceiptSigner) -> None:
    """A grammatical token with a valid timestamp and a wrong digest parses, then fails the MAC."""
    genuine = parse_token(signer.sign("shell", {}, "ok", TS))
    flipped = bytes([genuine.digest[0] ^ 0x01]) + genuine.digest[1:]
    forgery = format_token(TS, flipped)
    assert ReceiptToken(TS, flipped) == parse_token(forgery)
    assert signer.verify(forgery, "shell", {}, "ok") is False


def test_genuine_digest_with_another_timestamp_fails(signer: ReceiptSigner) -> None:
    """Re-stamping a genuine digest with another second fails: the timestamp is signed."""
    genuine = parse_token(signer.sign("shell", {}, "ok", TS))
    restamped = format_token(TS + 1, genuine.digest)
    assert signer.verify(restamped, "shell", {}, "ok") is False


def test_tool_args_boundary_collision_gives_different_macs(signer: ReceiptSigner) -> None:
    """("x", {}, "{}|r") and ("x|{}", {}, "r") join to the same '|' string, yet MAC differently."""
    def naive(tool: str, args: dict[str, Any], result: str) -> str:
        return "|".join((tool, json.dumps(args), result, str(TS)))

    first: tuple[str, dict[str, Any], str] = ("x", {}, "{}|r")
    second: tuple[str, dict[str, Any], str] = ("x|{}", {}, "r")
    assert naive(*first) == naive(*second)
    assert signer.digest(*first, TS) != signer.digest(*second, TS)


def test_tool_result_boundary_collision_gives_different_macs(signer: ReceiptSigner) -> None:
    """("a", {}, "{}b") and ("a{}", {}, "b") concatenate alike (seed framing) but MAC apart."""
    def naive(tool: str, args: dict[str, Any], result: str) -> str:
        return tool + json.dumps(args) + result + str(TS)

    first: tuple[str, dict[str, Any], str] = ("a", {}, "{}b")
    second: tuple[str, dict[str, Any], str] = ("a{}", {}, "b")
    assert naive(*first) == naive(*second)
    assert signer.digest(*first, TS) != signer.digest(*second, TS)


def test_result_timestamp_boundary_collision_gives_different_macs(signer: ReceiptSigner) -> None:
    """Moving a digit between result and timestamp ("r1", 23) vs ("r12", 3) changes the MAC."""
    assert "r1" + "23" == "r12" + "3"
    assert signer.digest("t", {}, "r1", 23) != signer.digest("t", {}, "r12", 3)


def test_bool_and_float_timestamps_are_refused(signer: ReceiptSigner) -> None:
    """A bool or float timestamp is a TypeError, not an unparseable 'zc-receipt-True-...' token."""
    with pytest.raises(TypeError):
        signer.sign("t", {}, "r", True)
    with pytest.raises(TypeError):
        signer.sign("t", {}, "r", 1.5)  # type: ignore[arg-type]


def test_negative_timestamp_is_refused(signer: ReceiptSigner) -> None:
    """A negative timestamp cannot be spelled in the grammar, so sign() refuses it."""
    with pytest.raises(ValueError, match="non-negative"):
        signer.sign("t", {}, "r", -1)


def test_verify_returns_false_for_uncanonical_args(signer: ReceiptSigner) -> None:
    """verify() with arguments that cannot be framed (NaN) is False, not an exception."""
    token = signer.sign("t", {"x": 1.0}, "r", TS)
    assert signer.verify(token, "t", {"x": math.nan}, "r") is False
