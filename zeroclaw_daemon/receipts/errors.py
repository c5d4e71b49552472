"""Errors of the receipts core.

The receipts package imports nothing else of ours, so its errors have their
own base (a ``ValueError``: every one of them is a rejected value)::

    ReceiptError
    ├── MalformedReceiptError   text that does not follow the token grammar
    ├── ArgsNotCanonicalError   tool arguments that cannot be framed for the MAC
    └── SignerClosedError       the signer's key was wiped

Each carries what it rejected. None carries key material.
"""

from __future__ import annotations


class ReceiptError(ValueError):
    """Base class of every receipts-core error."""


class MalformedReceiptError(ReceiptError):
    """``text`` looks like a receipt token but breaks the grammar."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"malformed receipt token {text[:80]!r}: {reason}")


class ArgsNotCanonicalError(ReceiptError):
    """Tool arguments cannot be canonicalised (NaN, non-string keys, not an object...)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"tool arguments cannot be canonicalised: {reason}")


class SignerClosedError(ReceiptError):
    """The signer was closed and its key wiped; it can no longer sign or verify."""

    def __init__(self) -> None:
        super().__init__("receipt signer is closed")
