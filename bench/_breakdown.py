"""Per-call cost of each piece of the receipt path, for bench/turn_overhead.py.

Each piece is timed on its own with the inputs one call of the turn bench
gives it (the ~1 KiB note, ``{"n": k}`` arguments, a real token, the real
reply and events for the audit), beside a raw ``hmac.digest`` of the exact MAC
input bytes, all in one run: the pieces are interleaved round by round in a
rotating order and each figure is the median over rounds, in microseconds.

The pieces mirror what a receipts-on call does that a receipts-off call does not:
``hmac`` (result encoded once, as ``ReceiptScope.issue`` does), ``token``, ``ledger``
(the result's SHA-256 from those bytes, the record, the insert) and ``issue``
(``ReceiptScope.issue`` as a whole, which does those three: it is what is charged),
``defang`` (the pre-check), ``trailer``, ``debug_check`` (the guard of the
disabled DEBUG line), ``turn_text`` (the system-prompt addendum and the receipts block,
once per turn, per call) and ``audit_receipts``. ``args`` (canonical arguments) is
timed but not charged: the middleware canonicalises once per call in both modes (a
call whose arguments cannot be framed is ``invalid`` whether receipts are on or not)
and hands the bytes to the signer.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import secrets
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.logs import DEBUG, get_logger
from zeroclaw_daemon.receipts import (
    SYSTEM_PROMPT_ADDENDUM,
    Ledger,
    LedgerRecord,
    ReceiptScope,
    ReceiptSigner,
    ToolEvent,
    canonical_args,
    defang,
    format_token,
    mac_input,
    receipts_block,
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
        # digest (of the bytes the MAC already encoded; the middleware passes the item
        # count it has counted anyway); a fresh token each time, as the ledger keys on it.
        ledger.add(LedgerRecord(f"{token}{next(serial)}", TOOL, "call", "bench", "turn",
                                TIMESTAMP, hashlib.sha256(result_bytes).hexdigest(), 13, ()))

    issue_scope = ReceiptScope(ledger_max_entries=10 * rounds * calls)
    issue_serial = itertools.count()

    def issue() -> None:
        # The whole of ReceiptScope.issue as the middleware calls it (a fresh call id:
        # the same call in the same second would re-issue one token).
        issue_scope.issue(tool=TOOL, args=args, result=result, call_id=str(next(issue_serial)),
                          conversation_id="bench", turn_id="turn", urls=(), result_count=13,
                          args_bytes=args_bytes)

    def defang_step() -> None:
        if may_hold_receipt_text(result):  # the middleware's pre-check, then defang
            defang(result)

    log = get_logger("zeroclaw_runtime::agent")
    per_event = max(1, len(events))
    pairs = [(event.tool, event.receipt) for event in events if event.receipt is not None]

    def turn_text() -> None:
        # Once per turn: the system prompt's receipts addendum and the receipts block.
        _ = f"You are a bench.\n\n{SYSTEM_PROMPT_ADDENDUM}"
        receipts_block(pairs)

    result_bytes = result.encode("utf-8", "surrogatepass")
    pieces: dict[str, Callable[[], object]] = {
        "hmac": lambda: signer.digest(TOOL, args, result, TIMESTAMP, args_bytes=args_bytes),
        "raw_hmac": lambda: hmac.digest(key, message, "sha256"),
        "args": lambda: canonical_args(args),
        "token": lambda: format_token(TIMESTAMP, digest),
        "ledger": ledger_add,
        "issue": issue,
        "defang": defang_step,
        "trailer": lambda: trailer(result, token),
        "debug_check": lambda: log.is_enabled(DEBUG),
        "turn_text": turn_text,
        "audit": lambda: audit_reply(reply, events, scope, "bench", user_message),
    }
    if off_reply is not None:
        pieces["audit_off"] = lambda: audit_reply(off_reply, off_events, None, "bench",
                                                  user_message)
    samples: dict[str, list[float]] = {name: [] for name in pieces}
    names = list(pieces)
    once_per_turn = ("audit", "audit_off", "turn_text")
    for round_index in range(rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            # The audit covers every call of the turn at once: run it 1/N as often.
            whole_turn = name in once_per_turn
            n = max(1, calls // per_event) if whole_turn else calls
            value = _per_call_us(pieces[name], n)
            samples[name].append(value / per_event if whole_turn else value)
    signer.close()
    issue_scope.close()
    medians = {name: round(statistics.median(values), 3) for name, values in samples.items()}
    if "audit_off" in medians:
        medians["audit_receipts"] = round(medians["audit"] - medians["audit_off"], 3)
    # issue holds hmac, token and ledger (which share the result's encoding).
    charged = ("issue", "defang", "trailer", "debug_check", "turn_text")
    medians["receipt_path_total"] = round(
        sum(medians[name] for name in charged)
        + medians.get("audit_receipts", medians["audit"]), 3)
    return medians
