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

import hashlib
import hmac
import json
import math
import secrets
import struct
import time
from collections.abc import Mapping
from typing import Any, NoReturn

from .errors import ArgsNotCanonicalError, MalformedReceiptError, SignerClosedError
from .tokens import format_token, parse_token

DOMAIN = b"zc-receipt/v1\x00"
KEY_SIZE = 32
# HMAC (RFC 2104) over SHA-256: H((K ^ opad) || H((K ^ ipad) || msg)), K zero-padded to
# the 64-byte block.
_BLOCK_SIZE = 64
_IPAD = 0x36
_OPAD = 0x5C
_pack_length = struct.Struct(">Q").pack
_CONTAINERS = (dict, list, tuple)
# Exactly json.dumps(args, sort_keys=True, separators=(",", ":"),
# ensure_ascii=False, allow_nan=False), minus building an encoder per call
# (a third of canonicalising small arguments). encode() keeps no state.
_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"),
                                   ensure_ascii=False, allow_nan=False)


def canonical_args(args: Mapping[str, Any]) -> bytes:
    """The one byte string that stands for ``args`` in the MAC input."""
    if not isinstance(args, Mapping):
        raise ArgsNotCanonicalError(f"arguments must be a JSON object, not {type(args).__name__}")
    if not isinstance(args, dict):
        # json.dumps only encodes real dicts; a read-only view of the same
        # arguments (MappingProxyType) must frame to the same bytes.
        args = dict(args)
    try:
        text = _CANONICAL_JSON.encode(args)
    except ValueError as exc:  # NaN / Infinity, circular references, huge ints
        raise ArgsNotCanonicalError(str(exc)) from None
    except TypeError as exc:  # non-string keys that cannot be sorted, unknown types
        raise ArgsNotCanonicalError(str(exc)) from None
    except RecursionError:
        raise ArgsNotCanonicalError("arguments are nested too deeply") from None
    if _has_non_string_key(args):
        # json.dumps silently turns int (and bool, None, float) keys into
        # strings, at any depth: {1: x} and {"1": x} would share a MAC.
        raise ArgsNotCanonicalError("object keys must be strings")
    return text.encode("utf-8", "surrogatepass")


def _has_non_string_key(args: Mapping[str, Any]) -> bool:
    # Iterative, so depth is bounded by what json.dumps already accepted and
    # never by this function's own stack. json.dumps ran first, so there is
    # no cycle to walk into.
    pending: list[Any] = [args]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    return True
            value = value.values()
        for item in value:
            if isinstance(item, _CONTAINERS):
                pending.append(item)
    return False


def _reject_constant(name: str) -> NoReturn:
    raise ArgsNotCanonicalError(f"{name} is not valid JSON")


def parse_tool_arguments(raw: str) -> dict[str, Any]:
    """Parse a model's raw JSON arguments: an object, with no NaN or Infinity."""
    if raw.strip() == "":
        return {}
    try:
        value = json.loads(raw, parse_constant=_reject_constant)
    except ArgsNotCanonicalError:
        raise
    except json.JSONDecodeError as exc:
        raise ArgsNotCanonicalError(f"invalid JSON ({exc.msg} at position {exc.pos})") from None
    except ValueError as exc:  # e.g. an integer beyond sys.get_int_max_str_digits()
        raise ArgsNotCanonicalError(f"invalid JSON ({exc})") from None
    except RecursionError:
        raise ArgsNotCanonicalError("arguments are nested too deeply") from None
    if not isinstance(value, dict):
        raise ArgsNotCanonicalError(f"arguments must be a JSON object, not {type(value).__name__}")
    _reject_non_finite(value)
    return value


def _reject_non_finite(value: Any) -> None:
    # json.loads turns 1e999 into inf without calling parse_constant.
    # Iterative: json.loads accepts nesting deeper than the stack left here.
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise ArgsNotCanonicalError("numbers must be finite")
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _length(data: bytes) -> bytes:
    return _pack_length(len(data))


def _timestamp_bytes(timestamp: int) -> bytes:
    if type(timestamp) is int:
        return str(timestamp).encode("ascii")
    # bool is an int, but str(True) is "True": it would sign a token that
    # can never be spelled or parsed.
    if isinstance(timestamp, bool) or not isinstance(timestamp, int):
        raise TypeError(f"timestamp must be an int (epoch seconds), not {type(timestamp).__name__}")
    return str(int(timestamp)).encode("ascii")


def _head(tool_bytes: bytes, args_bytes: bytes, result_bytes: bytes) -> bytes:
    """Everything the MAC covers before the result's own bytes."""
    return b"".join((DOMAIN, _pack_length(len(tool_bytes)), tool_bytes,
                     _pack_length(len(args_bytes)), args_bytes, _pack_length(len(result_bytes))))


def mac_input(tool: str, args_bytes: bytes, result: str, timestamp: int) -> bytes:
    """The exact bytes the MAC covers."""
    tool_bytes = tool.encode("utf-8", "surrogatepass")
    result_bytes = result.encode("utf-8", "surrogatepass")
    ts_bytes = _timestamp_bytes(timestamp)
    return b"".join((_head(tool_bytes, args_bytes, result_bytes), result_bytes,
                     _length(ts_bytes), ts_bytes))


class ReceiptSigner:
    """Signs and verifies receipts with a key that never leaves this object.

    The key lives in one ``bytearray`` so that :meth:`close` can overwrite it,
    and as the two keyed SHA-256 states HMAC starts from (``K ^ ipad`` and
    ``K ^ opad`` absorbed; OpenSSL's memory, freed by :meth:`close`). That is
    best effort: CPython may have copied the bytes before (for example inside
    ``secrets``), and nothing in pure Python can reach those copies.

    Why not ``hmac.new(key).copy()`` per receipt: with OpenSSL 3 copying a keyed
    HMAC context duplicates three digest contexts through the provider layer,
    which cost about 4 µs per receipt inside a turn (cold caches), where copying
    one SHA-256 state per side costs a fraction of that. The bytes are the same:
    tests compare every digest with ``hmac.digest``.
    """

    __slots__ = ("__inner", "__key", "__outer")

    def __init__(self, key: bytes | None = None) -> None:
        raw = secrets.token_bytes(KEY_SIZE) if key is None else key
        if len(raw) != KEY_SIZE:
            raise ValueError(f"receipt key must be {KEY_SIZE} bytes")
        self.__key = bytearray(raw)
        self.__inner: hashlib._Hash | None = _keyed_sha256(self.__key, _IPAD)
        self.__outer: hashlib._Hash | None = _keyed_sha256(self.__key, _OPAD)

    def __repr__(self) -> str:
        return f"<ReceiptSigner {'closed' if self.closed else 'open'}>"

    __str__ = __repr__

    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be pickled or copied: its key stays in memory")

    def __getstate__(self) -> NoReturn:
        raise TypeError("ReceiptSigner has no state to give out: its key stays in memory")

    def __copy__(self) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be copied")

    def __deepcopy__(self, memo: Any) -> NoReturn:
        raise TypeError("ReceiptSigner cannot be copied")

    @property
    def closed(self) -> bool:
        return self.__inner is None

    def digest(self, tool: str, args: Mapping[str, Any], result: str, timestamp: int, *,
               args_bytes: bytes | None = None, result_bytes: bytes | None = None) -> bytes:
        """HMAC-SHA256 over the framed fields (the bytes of :func:`mac_input`).

        ``args_bytes`` is ``canonical_args(args)`` when the caller already has
        it (the middleware canonicalises before anything runs); other bytes
        give a digest that :meth:`verify` will never accept for ``args``.
        ``result_bytes``, likewise, is ``result`` encoded as UTF-8
        (surrogatepass), when the caller needs those bytes too.
        """
        inner = self.__inner
        outer = self.__outer
        if inner is None or outer is None:
            raise SignerClosedError()
        if args_bytes is None:
            args_bytes = canonical_args(args)
        ts_bytes = (str(timestamp).encode("ascii") if type(timestamp) is int
                    else _timestamp_bytes(timestamp))
        tool_bytes = tool.encode("utf-8", "surrogatepass")
        if result_bytes is None:
            result_bytes = result.encode("utf-8", "surrogatepass")
        # Fed through update(), hashlib keeps the GIL for pieces under 2 KiB, where
        # one-shot hmac.digest() always drops it: with tool worker threads about, getting
        # it back can cost more than hashing a short result. The result is fed on its own
        # so a long one is never copied into a joined message. The framing is spelled out
        # here rather than through _head (one receipt per tool call: calls add up).
        pack = _pack_length
        inner = inner.copy()
        inner.update(b"".join((DOMAIN, pack(len(tool_bytes)), tool_bytes,
                               pack(len(args_bytes)), args_bytes, pack(len(result_bytes)))))
        inner.update(result_bytes)
        inner.update(pack(len(ts_bytes)) + ts_bytes)
        outer = outer.copy()
        outer.update(inner.digest())
        digest: bytes = outer.digest()
        return digest

    def sign(self, tool: str, args: Mapping[str, Any], result: str,
             timestamp: int | None = None, *, args_bytes: bytes | None = None) -> str:
        """A receipt token for this exact call and result (``args_bytes`` as in :meth:`digest`)."""
        ts = int(time.time()) if timestamp is None else timestamp
        return format_token(ts, self.digest(tool, args, result, ts, args_bytes=args_bytes))

    def verify(self, token: str, tool: str, args: Mapping[str, Any], result: str) -> bool:
        """True exactly when ``token`` is this key's receipt for these fields."""
        if self.closed:
            raise SignerClosedError()
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
        # Freeing the keyed states lets OpenSSL cleanse them.
        self.__inner = None
        self.__outer = None


def _keyed_sha256(key: bytearray, pad: int) -> hashlib._Hash:
    """A SHA-256 state that has absorbed ``key ^ pad`` over one block (HMAC's first step)."""
    block = bytearray(_BLOCK_SIZE)
    block[:len(key)] = key
    for index in range(_BLOCK_SIZE):
        block[index] ^= pad
    state = hashlib.sha256(block)
    for index in range(_BLOCK_SIZE):  # the padded key is as secret as the key
        block[index] = 0
    return state
