"""ReceiptSigner and ReceiptScope key hygiene: the key in no repr, error, pickle or copy,
wiped on close."""

from __future__ import annotations

import base64
import copy
import math
import pickle
import secrets
import traceback
from collections.abc import Callable

import pytest

from zeroclaw_daemon.receipts import (
    ReceiptScope,
    ReceiptSigner,
    SignerClosedError,
    canonical_args,
    parse_token,
    parse_tool_arguments,
)

TS = 1_700_000_000


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
