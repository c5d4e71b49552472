"""Tool arguments as the receipt MAC sees them: canonical_args and parse_tool_arguments."""

from __future__ import annotations

import json
import math
from types import MappingProxyType
from typing import Any

import pytest

from zeroclaw_daemon.receipts import (
    ArgsNotCanonicalError,
    ReceiptSigner,
    canonical_args,
    parse_tool_arguments,
)

TS = 1_700_000_000


@pytest.fixture
def signer() -> ReceiptSigner:
    return ReceiptSigner(bytes(range(32)))


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
