"""ReceiptSigner: MAC framing, fixed vectors, tampering, canonical args, key hygiene."""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import math
import pickle
import secrets
import struct
import time
import traceback
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import pytest

from zeroclaw_daemon.receipts import (
    ArgsNotCanonicalError,
    MalformedReceiptError,
    ReceiptScope,
    ReceiptSigner,
    ReceiptToken,
    SignerClosedError,
    canonical_args,
    format_token,
    mac_input,
    parse_token,
    parse_tool_arguments,
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


# --- canonical_args ------------------------------------------------------------------------

def test_canonical_args_ignores_key_order() -> None:
    """Arguments with the same items in another key order frame to the same bytes."""
    first = {"b": 1, "a": {"y": [1, 2], "x": None}}
    second = {"a": {"x": None, "y": [1, 2]}, "b": 1}
    assert canonical_args(first) == canonical_args(second)
    assert b'{"a":{"x":null,"y":[1,2]},"b":1}' == canonical_args(first)


def test_canonical_args_keeps_non_ascii() -> None:
    """Non-ASCII text is UTF-8 in the canonical bytes, not \\u escapes."""
    assert '{"name":"Zoë 日本"}'.encode() == canonical_args({"name": "Zoë 日本"})


def test_canonical_args_keeps_big_integers_exact() -> None:
    """Integers beyond 2**53 keep every digit (no float rounding as in RFC 8785)."""
    assert b'{"n":9007199254740993}' == canonical_args({"n": 2**53 + 1})
    assert canonical_args({"n": 2**53 + 1}) != canonical_args({"n": 2**53})


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_canonical_args_rejects_non_finite_floats(value: float) -> None:
    """NaN and ±Infinity are not JSON and are refused with ArgsNotCanonicalError."""
    with pytest.raises(ArgsNotCanonicalError):
        canonical_args({"x": [value]})


@pytest.mark.parametrize(
    "args",
    [{1: "x"}, {"a": {1: "x"}}, {"a": [{2: "y"}]}, {"a": {True: 1}}, {"a": {None: 1}},
     {"a": {1.5: 1}}, {1: "x", "b": 2}],
    ids=["top-int", "nested-int", "in-list", "bool", "none", "float", "mixed"],
)
def test_canonical_args_rejects_non_string_keys(args: dict[Any, Any]) -> None:
    """Non-string keys at any depth are refused: json.dumps would make {1: x} equal {"1": x}."""
    with pytest.raises(ArgsNotCanonicalError):
        canonical_args(args)


def test_canonical_args_rejects_non_objects() -> None:
    """Arguments must be a JSON object (a mapping), not a list or a string."""
    with pytest.raises(ArgsNotCanonicalError, match="JSON object"):
        canonical_args([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ArgsNotCanonicalError, match="JSON object"):
        canonical_args("{}")  # type: ignore[arg-type]


def test_canonical_args_accepts_read_only_mappings() -> None:
    """A read-only view of the arguments frames exactly like the dict itself."""
    args = {"b": 2, "a": [1]}
    assert canonical_args(args) == canonical_args(MappingProxyType(args))


def test_canonical_args_rejects_unserialisable_values() -> None:
    """Values json cannot encode (bytes, sets) are refused with ArgsNotCanonicalError."""
    with pytest.raises(ArgsNotCanonicalError):
        canonical_args({"x": b"raw"})
    with pytest.raises(ArgsNotCanonicalError):
        canonical_args({"x": {1, 2}})


def test_canonical_args_rejects_cycles_and_deep_nesting() -> None:
    """Circular or absurdly deep arguments are ArgsNotCanonicalError, not RecursionError."""
    circular: dict[str, Any] = {}
    circular["self"] = circular
    deep: list[Any] = []
    cursor = deep
    for _ in range(100_000):
        cursor.append([])
        cursor = cursor[0]
    with pytest.raises(ArgsNotCanonicalError):
        canonical_args(circular)
    with pytest.raises(ArgsNotCanonicalError, match="nested too deeply"):
        canonical_args({"deep": deep})


def test_verify_with_deeply_nested_args_is_false(signer: ReceiptSigner) -> None:
    """verify() with arguments too deep to frame returns False instead of raising."""
    deep: list[Any] = []
    cursor = deep
    for _ in range(100_000):
        cursor.append([])
        cursor = cursor[0]
    token = signer.sign("t", {}, "r", TS)
    assert signer.verify(token, "t", {"deep": deep}, "r") is False


# --- parse_tool_arguments ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ('{"x": NaN}', "NaN is not valid JSON"),
        ('{"x": Infinity}', "Infinity is not valid JSON"),
        ('{"x": -Infinity}', "-Infinity is not valid JSON"),
        ('{"x": 1e999}', "numbers must be finite"),
        ('{"x": [{"y": -1e999}]}', "numbers must be finite"),
        ("[1, 2]", "arguments must be a JSON object, not list"),
        ('"text"', "arguments must be a JSON object, not str"),
        ("null", "arguments must be a JSON object, not NoneType"),
        ("3", "arguments must be a JSON object, not int"),
        ('{"x": 1', "invalid JSON (Expecting ',' delimiter at position 7)"),
        ("{'x': 1}",
         "invalid JSON (Expecting property name enclosed in double quotes at position 1)"),
        ('{"x": 1} trailing', "invalid JSON (Extra data at position 9)"),
    ],
)
def test_parse_tool_arguments_rejects_with_clear_message(raw: str, message: str) -> None:
    """Bad model arguments raise ArgsNotCanonicalError saying what is wrong."""
    with pytest.raises(ArgsNotCanonicalError) as caught:
        parse_tool_arguments(raw)
    assert f"tool arguments cannot be canonicalised: {message}" == str(caught.value)


def test_parse_tool_arguments_rejects_huge_integer_as_receipt_error() -> None:
    """An integer past Python's digit limit is ArgsNotCanonicalError, not a bare ValueError."""
    with pytest.raises(ArgsNotCanonicalError, match="invalid JSON"):
        parse_tool_arguments('{"n": 1' + "0" * 5000 + "}")


def test_parse_tool_arguments_rejects_deep_nesting() -> None:
    """Arguments nested past the recursion limit are ArgsNotCanonicalError."""
    with pytest.raises(ArgsNotCanonicalError, match="nested too deeply"):
        parse_tool_arguments('{"x": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_parse_tool_arguments_accepts_objects_and_empty_input() -> None:
    """A JSON object parses to a dict (big ints exact); empty or blank input means no arguments."""
    assert {"a": [1, 2.5, None], "n": 2**70} == parse_tool_arguments(
        '{"a": [1, 2.5, null], "n": 1180591620717411303424}')
    assert {} == parse_tool_arguments("")
    assert {} == parse_tool_arguments("  \n")


def test_parsed_arguments_verify_against_the_signed_dict(signer: ReceiptSigner) -> None:
    """A receipt signed over a dict verifies against the same arguments re-parsed from JSON."""
    args = {"path": "é/ü.txt", "n": 2**60, "flags": [True, None, 0.1]}
    token = signer.sign("files", args, "ok", TS)
    reparsed = parse_tool_arguments(json.dumps(args))
    assert signer.verify(token, "files", reparsed, "ok") is True


# --- key hygiene ---------------------------------------------------------------------------

def key_spellings(key: bytes) -> list[str]:
    """Every way the key might be written out: hex, base64 (std/url, padded or not), raw."""
    hex_text = key.hex()
    spellings = [
        hex_text, hex_text.upper(), hex_text[:16], hex_text[-16:],
        base64.b64encode(key).decode(), base64.b64encode(key).decode().rstrip("="),
        base64.urlsafe_b64encode(key).decode(), base64.urlsafe_b64encode(key).decode().rstrip("="),
        repr(key), repr(bytearray(key)), repr(key)[2:-1], key.decode("latin-1"),
        str(list(key)),
    ]
    return spellings


def assert_no_key(text: str, key: bytes) -> None:
    """Fail if any spelling of ``key`` occurs in ``text``."""
    leaked = [spelling for spelling in key_spellings(key) if spelling in text]
    assert [] == leaked


def exception_text(exc: BaseException) -> str:
    """Everything an exception shows: str, repr, args, and the formatted traceback."""
    return "\n".join([str(exc), repr(exc), repr(exc.args),
                      "".join(traceback.format_exception(exc))])


def scope_key(scope: ReceiptScope) -> bytes:
    """The scope's key, read through the name-mangled slot (tests only)."""
    signer = scope._signer
    key = signer._ReceiptSigner__key  # type: ignore[attr-defined]
    assert isinstance(key, bytearray)
    return bytes(key)


@pytest.fixture
def secret_key() -> bytes:
    # Printable-heavy random keys make the raw spelling a meaningful search too.
    return secrets.token_bytes(32)


def test_signer_repr_and_str_hold_no_key(secret_key: bytes) -> None:
    """repr() and str() of a signer, open or closed, contain no spelling of the key."""
    signer = ReceiptSigner(secret_key)
    texts = [repr(signer), str(signer), f"{signer}", f"{signer!r}"]
    signer.close()
    texts += [repr(signer), str(signer)]
    assert_no_key("\n".join(texts), secret_key)
    assert "<ReceiptSigner closed>" == repr(signer)


def test_scope_repr_str_and_vars_hold_no_key() -> None:
    """repr(), str() and vars() of a scope contain no spelling of its key."""
    scope = ReceiptScope()
    key = scope_key(scope)
    scope.issue(tool="t", args={}, result="r", call_id="c", conversation_id="v", turn_id="u")
    assert_no_key("\n".join([repr(scope), str(scope), repr(vars(scope))]), key)


def test_signer_has_no_vars(secret_key: bytes) -> None:
    """vars() of a signer is refused: the key lives in a slot, not a __dict__."""
    with pytest.raises(TypeError):
        vars(ReceiptSigner(secret_key))


@pytest.mark.parametrize(
    "attempt",
    [pickle.dumps, copy.copy, copy.deepcopy, lambda obj: pickle.dumps(obj, protocol=0)],
    ids=["pickle", "copy", "deepcopy", "pickle-0"],
)
def test_signer_and_scope_refuse_pickle_and_copy(attempt: Callable[[object], object],
                                                  secret_key: bytes) -> None:
    """pickle and copy of a signer or a scope raise TypeError, with no key in the message."""
    scope = ReceiptScope()
    for target, key in ((ReceiptSigner(secret_key), secret_key), (scope, scope_key(scope))):
        with pytest.raises(TypeError) as caught:
            attempt(target)
        assert_no_key(exception_text(caught.value), key)


def error_paths(key: bytes) -> list[Callable[[], object]]:
    """A call for every way the signer can raise."""
    def closed_sign() -> object:
        signer = ReceiptSigner(key)
        signer.close()
        return signer.sign("t", {}, "r", TS)

    def closed_verify() -> object:
        signer = ReceiptSigner(key)
        token = signer.sign("t", {}, "r", TS)
        signer.close()
        return signer.verify(token, "t", {}, "r")

    signer = ReceiptSigner(key)
    return [
        closed_sign,
        closed_verify,
        lambda: signer.sign("t", {"x": math.nan}, "r", TS),
        lambda: signer.sign("t", {"x": {1: 2}}, "r", TS),
        lambda: signer.sign("t", {"x": b"bytes"}, "r", TS),
        lambda: signer.sign("t", {}, "r", -5),
        lambda: signer.sign("t", {}, "r", True),
        lambda: signer.digest("t", [], "r", TS),  # type: ignore[arg-type]
        lambda: parse_token("zc-receipt-01-" + "A" * 43),
        lambda: parse_tool_arguments("{bad"),
        lambda: ReceiptSigner(key[:31]),
        lambda: ReceiptSigner(key + b"x"),
        lambda: pickle.dumps(signer),
    ]


def test_no_error_path_shows_the_key(secret_key: bytes) -> None:
    """Every exception the signer raises is free of the key in str, repr, args and traceback."""
    raised: list[str] = []
    for call in error_paths(secret_key):
        with pytest.raises(Exception) as caught:
            call()
        raised.append(type(caught.value).__name__)
        assert_no_key(exception_text(caught.value), secret_key)
    assert ["SignerClosedError", "SignerClosedError", "ArgsNotCanonicalError",
            "ArgsNotCanonicalError", "ArgsNotCanonicalError", "ValueError", "TypeError",
            "ArgsNotCanonicalError", "MalformedReceiptError", "ArgsNotCanonicalError",
            "ValueError", "ValueError", "TypeError"] == raised


def test_close_wipes_the_key_in_place(secret_key: bytes) -> None:
    """close() zeroes the very bytearray that held the key; later sign/verify raise."""
    signer = ReceiptSigner(secret_key)
    token = signer.sign("t", {}, "r", TS)
    held = signer._ReceiptSigner__key  # type: ignore[attr-defined]
    assert isinstance(held, bytearray)
    assert secret_key == bytes(held)
    signer.close()
    assert bytearray(32) == held
    assert held is signer._ReceiptSigner__key  # type: ignore[attr-defined]
    assert signer.closed is True
    with pytest.raises(SignerClosedError):
        signer.sign("t", {}, "r", TS)
    with pytest.raises(SignerClosedError):
        signer.verify(token, "t", {}, "r")
    with pytest.raises(SignerClosedError):
        signer.verify("not-a-token", "t", {}, "r")


def test_scope_close_wipes_its_signer() -> None:
    """ReceiptScope.close() wipes the key; issuing afterwards raises SignerClosedError."""
    scope = ReceiptScope()
    held = scope._signer._ReceiptSigner__key  # type: ignore[attr-defined]
    scope.close()
    assert bytearray(32) == held
    with pytest.raises(SignerClosedError):
        scope.issue(tool="t", args={}, result="r", call_id="c", conversation_id="v", turn_id="u")


def test_signer_rejects_wrong_key_length() -> None:
    """Keys must be exactly 32 bytes."""
    with pytest.raises(ValueError, match="32 bytes"):
        ReceiptSigner(b"short")


def test_precomputed_args_bytes_sign_the_same_token_and_wrong_ones_never_verify() -> None:
    """issue(args_bytes=canonical_args(args)) equals issue(args); other bytes never verify."""
    scope = ReceiptScope(clock=lambda: TS)
    args = {"path": "notes.txt", "limit": 3}
    plain = scope.issue(tool="read_file", args=args, result="r", call_id="c1",
                        conversation_id="v", turn_id="u")
    given = scope.issue(tool="read_file", args=args, result="r", call_id="c2",
                        conversation_id="v", turn_id="u", args_bytes=canonical_args(args))
    wrong = scope.issue(tool="read_file", args=args, result="r", call_id="c3",
                        conversation_id="v", turn_id="u", args_bytes=b'{"path":"other.txt"}')
    assert plain == given
    assert scope.verify(given, "read_file", args, "r") is True
    assert scope.verify(wrong, "read_file", args, "r") is False
    assert scope.verify(wrong, "read_file", {"path": "other.txt"}, "r") is True
