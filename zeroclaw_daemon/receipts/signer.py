"""ReceiptSigner: the one holder of a scope's HMAC key.

MAC input (DESIGN.md section 3)::

    b"zc-receipt/v1\\0" + frame(tool) + frame(canonical_args) + frame(result) + frame(str(ts))
    frame(b) = len(b).to_bytes(8, "big") + b

Length prefixes make the framing unambiguous: no choice of tool name, args
and result can shift bytes from one field into another. Arguments are
canonicalised with ``json.dumps(sort_keys=True)`` rather than RFC 8785: the
key never leaves the process, so only self-consistency matters, and the
stdlib encoder is faster and keeps integers beyond 2**53 exact.
"""

from __future__ import annotations

import hmac
import json
import math
import secrets
import time
from collections.abc import Mapping
from typing import Any, NoReturn

from .errors import ArgsNotCanonicalError, MalformedReceiptError, SignerClosedError
from .tokens import format_token, parse_token

DOMAIN = b"zc-receipt/v1\x00"
KEY_SIZE = 32


def canonical_args(args: Mapping[str, Any]) -> bytes:
    """The one byte string that stands for ``args`` in the MAC input."""
    if not isinstance(args, Mapping):
        raise ArgsNotCanonicalError(f"arguments must be a JSON object, not {type(args).__name__}")
    try:
        text = json.dumps(args, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False, allow_nan=False)
    except ValueError as exc:  # NaN / Infinity, circular references
        raise ArgsNotCanonicalError(str(exc)) from None
    except TypeError as exc:  # non-string keys that cannot be sorted, unknown types
        raise ArgsNotCanonicalError(str(exc)) from None
    if not all(isinstance(key, str) for key in args):
        # json.dumps silently turns int keys into strings: {1: x} and {"1": x}
        # would share a MAC, so refuse them.
        raise ArgsNotCanonicalError("object keys must be strings")
    return text.encode("utf-8", "surrogatepass")


def _reject_constant(name: str) -> NoReturn:
    raise ArgsNotCanonicalError(f"{name} is not valid JSON")


def parse_tool_arguments(raw: str) -> dict[str, Any]:
    """Parse a model's raw JSON arguments: an object, with no NaN or Infinity."""
    if raw.strip() == "":
        return {}
    try:
        value = json.loads(raw, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ArgsNotCanonicalError(f"invalid JSON ({exc.msg} at position {exc.pos})") from None
    except RecursionError:
        raise ArgsNotCanonicalError("arguments are nested too deeply") from None
    if not isinstance(value, dict):
        raise ArgsNotCanonicalError(f"arguments must be a JSON object, not {type(value).__name__}")
    _reject_non_finite(value)
    return value


def _reject_non_finite(value: Any) -> None:
    # json.loads turns 1e999 into inf without calling parse_constant.
    if isinstance(value, float) and not math.isfinite(value):
        raise ArgsNotCanonicalError("numbers must be finite")
    if isinstance(value, dict):
        for item in value.values():
            _reject_non_finite(item)
    elif isinstance(value, list):
        for item in value:
            _reject_non_finite(item)


def _frame(data: bytes) -> bytes:
    return len(data).to_bytes(8, "big") + data


def mac_input(tool: str, args_bytes: bytes, result: str, timestamp: int) -> bytes:
    """The exact bytes the MAC covers."""
    tool_bytes = tool.encode("utf-8", "surrogatepass")
    result_bytes = result.encode("utf-8", "surrogatepass")
    ts_bytes = str(timestamp).encode("ascii")
    return b"".join((
        DOMAIN,
        len(tool_bytes).to_bytes(8, "big"), tool_bytes,
        len(args_bytes).to_bytes(8, "big"), args_bytes,
        len(result_bytes).to_bytes(8, "big"), result_bytes,
        len(ts_bytes).to_bytes(8, "big"), ts_bytes,
    ))


class ReceiptSigner:
    """Signs and verifies receipts with a key that never leaves this object.

    The key lives in one ``bytearray`` so that :meth:`close` can overwrite it.
    That is best effort: CPython may have copied the bytes before (for example
    inside ``secrets``), and nothing in pure Python can reach those copies.
    """

    __slots__ = ("__key", "_closed")

    def __init__(self, key: bytes | None = None) -> None:
        raw = secrets.token_bytes(KEY_SIZE) if key is None else key
        if len(raw) != KEY_SIZE:
            raise ValueError(f"receipt key must be {KEY_SIZE} bytes")
        self.__key = bytearray(raw)
        self._closed = False

    def __repr__(self) -> str:
        return f"<ReceiptSigner {'closed' if self.closed else 'open'}>"

    __str__ = __repr__

    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be pickled or copied: its key stays in memory")

    def __copy__(self) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be copied")

    def __deepcopy__(self, memo: Any) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be copied")

    @property
    def closed(self) -> bool:
        return self._closed

    def digest(self, tool: str, args: Mapping[str, Any], result: str, timestamp: int) -> bytes:
        """HMAC-SHA256 over the framed fields."""
        if self.closed:
            raise SignerClosedError()
        message = mac_input(tool, canonical_args(args), result, timestamp)
        return hmac.digest(self.__key, message, "sha256")

    def sign(self, tool: str, args: Mapping[str, Any], result: str,
             timestamp: int | None = None) -> str:
        """A receipt token for this exact call and result."""
        ts = int(time.time()) if timestamp is None else timestamp
        return format_token(ts, self.digest(tool, args, result, ts))

    def verify(self, token: str, tool: str, args: Mapping[str, Any], result: str) -> bool:
        """True exactly when ``token`` is this key's receipt for these fields."""
        try:
            parsed = parse_token(token)
            expected = self.digest(tool, args, result, parsed.timestamp)
        except (MalformedReceiptError, ArgsNotCanonicalError):
            return False
        return hmac.compare_digest(expected, parsed.digest)

    def close(self) -> None:
        """Overwrite the key; later signs and verifies raise SignerClosedError."""
        key = self.__key
        for index in range(len(key)):
            key[index] = 0
        self._closed = True
