"""Per-call cost of each piece of the receipt path, for bench/turn_overhead.py.

Each piece is timed on its own with the inputs one call of the turn bench
gives it (the ~1 KiB note, ``{"n": k}`` arguments, a real token, the real
reply and events for the audit), beside a raw ``hmac.digest`` of the exact MAC
input bytes, all in one run: the pieces are interleaved round by round in a
rotating order and each figure is the median over rounds, in microseconds.
"""

from __future__ import annotations

import hmac
import itertools
import secrets
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import (
    Ledger,
    LedgerRecord,
    ReceiptScope,
    ReceiptSigner,
    ToolEvent,
    canonical_args,
    defang,
    format_token,
    mac_input,
    sha256_hex,
    trailer,
)

TOOL = "note"
TIMESTAMP = 1_700_000_000


def _per_call_us(operation: Callable[[], object], calls: int) -> float:
    started = time.perf_counter_ns()
    for _ in range(calls):
        operation()
    return (time.perf_counter_ns() - started) / calls / 1000


def breakdown(result: str, args: Mapping[str, Any], reply: str, events: Sequence[ToolEvent],
              scope: ReceiptScope, user_message: str, *, rounds: int, calls: int,
              may_hold_receipt_text: Callable[[str], bool],
              off_reply: str | None = None,
              off_events: Sequence[ToolEvent] = ()) -> dict[str, float]:
    """Median µs per call of each piece; ``audit`` is one reply audit / len(events).

    With ``off_reply``/``off_events`` (the receipts-off turn's reply and events) it
    also times ``audit_off``, the audit that turn gets (claim checks, no scope): the
    audit runs in both modes, so only ``audit_receipts = audit - audit_off`` is
    receipt work, and only that share enters ``receipt_path_total``.
    """
    key = secrets.token_bytes(32)  # a bench-only key: raw hmac.digest needs the bytes
    signer = ReceiptSigner(key)
    args_bytes = canonical_args(args)
    message = mac_input(TOOL, args_bytes, result, TIMESTAMP)
    digest = signer.digest(TOOL, args, result, TIMESTAMP, args_bytes=args_bytes)
    if digest != hmac.digest(key, message, "sha256"):
        raise SystemExit("breakdown setup error: raw HMAC and signer disagree")
    token = format_token(TIMESTAMP, digest)
    ledger = Ledger(1_000_000)
    serial = itertools.count()

    def ledger_add() -> None:
        # What ReceiptScope.issue adds besides signing: the record with the result's
        # digest (the middleware passes the item count it has counted anyway); a fresh
        # token each time, as the ledger keys on it.
        ledger.add(LedgerRecord(f"{token}{next(serial)}", TOOL, "call", "bench", "turn",
                                TIMESTAMP, sha256_hex(result), 13, ()))

    def defang_step() -> None:
        if may_hold_receipt_text(result):  # the middleware's pre-check, then defang
            defang(result)

    per_event = max(1, len(events))
    pieces: dict[str, Callable[[], object]] = {
        "hmac": lambda: signer.digest(TOOL, args, result, TIMESTAMP, args_bytes=args_bytes),
        "raw_hmac": lambda: hmac.digest(key, message, "sha256"),
        "args": lambda: canonical_args(args),
        "token": lambda: format_token(TIMESTAMP, digest),
        "ledger": ledger_add,
        "defang": defang_step,
        "trailer": lambda: trailer(result, token),
        "audit": lambda: audit_reply(reply, events, scope, "bench", user_message),
    }
    if off_reply is not None:
        pieces["audit_off"] = lambda: audit_reply(off_reply, off_events, None, "bench",
                                                  user_message)
    samples: dict[str, list[float]] = {name: [] for name in pieces}
    names = list(pieces)
    for round_index in range(rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            # The audit covers every call of the turn at once: run it 1/N as often.
            whole_turn = name in ("audit", "audit_off")
            n = max(1, calls // per_event) if whole_turn else calls
            value = _per_call_us(pieces[name], n)
            samples[name].append(value / per_event if whole_turn else value)
    signer.close()
    medians = {name: round(statistics.median(values), 3) for name, values in samples.items()}
    if "audit_off" in medians:
        medians["audit_receipts"] = round(medians["audit"] - medians["audit_off"], 3)
    medians["receipt_path_total"] = round(sum(
        v for k, v in medians.items()
        if k not in ("raw_hmac", "audit_off", "audit_receipts")
        and not (k == "audit" and "audit_off" in medians))
        + medians.get("audit_receipts", 0.0), 3)
    return medians
