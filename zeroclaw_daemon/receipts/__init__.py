"""The receipts core: sign tool results, find and judge receipt tokens, render them.

Pure: no I/O, no asyncio, and no imports from the rest of zeroclaw_daemon.
"""

from __future__ import annotations

from .errors import ArgsNotCanonicalError, MalformedReceiptError, ReceiptError, SignerClosedError
from .events import ToolEvent, ToolStatus
from .ledger import Ledger, LedgerRecord, sha256_hex
from .render import (
    SYSTEM_PROMPT_ADDENDUM,
    append_block,
    count_items,
    defang,
    receipts_block,
    strip_receipts_block,
    trailer,
    truncate,
)
from .scope import (
    ReceiptScope,
    TokenVerdict,
    TurnCollector,
    TurnContext,
    Verdict,
    bind_turn,
    current_turn,
)
from .signer import ReceiptSigner, canonical_args, mac_input, parse_tool_arguments
from .tokens import ReceiptToken, TokenMatch, find_receipt_like, format_token, parse_token

__all__ = [
    "SYSTEM_PROMPT_ADDENDUM",
    "ArgsNotCanonicalError",
    "Ledger",
    "LedgerRecord",
    "MalformedReceiptError",
    "ReceiptError",
    "ReceiptScope",
    "ReceiptSigner",
    "ReceiptToken",
    "SignerClosedError",
    "TokenMatch",
    "TokenVerdict",
    "ToolEvent",
    "ToolStatus",
    "TurnCollector",
    "TurnContext",
    "Verdict",
    "append_block",
    "bind_turn",
    "canonical_args",
    "count_items",
    "current_turn",
    "defang",
    "find_receipt_like",
    "format_token",
    "mac_input",
    "parse_token",
    "parse_tool_arguments",
    "receipts_block",
    "sha256_hex",
    "strip_receipts_block",
    "trailer",
    "truncate",
]
