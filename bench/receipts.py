"""Receipt signing cost against a raw HMAC of the same bytes.

For results of 64 B, 1 KiB, 64 KiB and 1 MiB, prints one JSON line each:
median nanoseconds per ``ReceiptSigner.sign``, per ``ReceiptSigner.verify``
and per raw ``hmac.digest(key, msg, "sha256")`` over the exact MAC input of
that sign, all measured in the same run, and the ratios to the raw HMAC. A
last line compares the figures with the targets (sign/raw <= 1.15 at 1 MiB,
sign <= 12 us at 1 KiB).

The three operations are interleaved round by round, in a rotating order,
so drift on a shared machine (frequency, other processes) hits all three
alike; the median over rounds discards the rounds a neighbour disturbed.

    python3 bench/receipts.py            # full run, about 10 s
    python3 bench/receipts.py --short    # CI, well under 5 s
    python3 bench/receipts.py --check    # exit 1 when a target is missed
"""

from __future__ import annotations

import argparse
import gc
import hmac
import json
import secrets
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from zeroclaw_daemon.receipts import ReceiptSigner, canonical_args, mac_input

SIZES = (64, 1024, 64 * 1024, 1024 * 1024)
TARGET_RATIO_1MIB = 1.15
TARGET_SIGN_1KIB_NS = 12_000
TOOL = "shell"
ARGS = {"command": "cat", "args": ["notes/today.txt"], "max_bytes": 65536}
TIMESTAMP = 1_700_000_000
# Time one batch for about this long: long enough that perf_counter_ns
# resolution and loop overhead vanish, short enough for many rounds.
BATCH_NS = 4_000_000


@dataclass(frozen=True, slots=True)
class Plan:
    rounds: int
    batch_ns: int


FULL = Plan(rounds=101, batch_ns=BATCH_NS)
SHORT = Plan(rounds=21, batch_ns=BATCH_NS // 4)


def make_result(size: int) -> str:
    """ASCII text of exactly ``size`` characters that looks like tool output."""
    line = "drwxr-xr-x  2 zeroclaw zeroclaw  4096 Jan  1 00:00 some-directory-name\n"
    return (line * (size // len(line) + 1))[:size]


def per_call_ns(operation: Callable[[], object], calls: int) -> float:
    """Wall time of ``calls`` back-to-back calls, per call."""
    start = time.perf_counter_ns()
    for _ in range(calls):
        operation()
    return (time.perf_counter_ns() - start) / calls


def calls_per_batch(operation: Callable[[], object], batch_ns: int) -> int:
    """How many calls fill one batch, from a short calibration."""
    operation()  # warm caches and lazy imports before calibrating
    single = max(per_call_ns(operation, 3), 1.0)
    return max(1, int(batch_ns / single))


def measure(size: int, plan: Plan, key: bytes) -> dict[str, str | int | float]:
    signer = ReceiptSigner(key)
    result = make_result(size)
    message = mac_input(TOOL, canonical_args(ARGS), result, TIMESTAMP)
    token = signer.sign(TOOL, ARGS, result, TIMESTAMP)
    if not signer.verify(token, TOOL, ARGS, result):
        raise SystemExit("benchmark setup error: the token does not verify")
    if hmac.digest(key, message, "sha256") != signer.digest(TOOL, ARGS, result, TIMESTAMP):
        raise SystemExit("benchmark setup error: raw HMAC and signer disagree")

    operations: dict[str, Callable[[], object]] = {
        "sign": lambda: signer.sign(TOOL, ARGS, result, TIMESTAMP),
        "verify": lambda: signer.verify(token, TOOL, ARGS, result),
        "raw_hmac": lambda: hmac.digest(key, message, "sha256"),
    }
    # One batch size for all three (the raw HMAC's), so each round costs the
    # same calls of each and none is favoured by a longer warm loop.
    calls = calls_per_batch(operations["raw_hmac"], plan.batch_ns)
    samples: dict[str, list[float]] = {name: [] for name in operations}
    names = list(operations)
    for round_index in range(plan.rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            samples[name].append(per_call_ns(operations[name], calls))
    signer.close()

    medians = {name: statistics.median(values) for name, values in samples.items()}
    return {
        "bench": "receipts",
        "result_bytes": size,
        "sign_ns": round(medians["sign"]),
        "verify_ns": round(medians["verify"]),
        "raw_hmac_ns": round(medians["raw_hmac"]),
        "sign_over_raw": round(medians["sign"] / medians["raw_hmac"], 3),
        "verify_over_raw": round(medians["verify"] / medians["raw_hmac"], 3),
        "rounds": plan.rounds,
        "calls_per_round": calls,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="few rounds, for CI")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    options = parser.parse_args(argv)
    plan = SHORT if options.short else FULL
    # A benchmark-only key: the bench needs the raw bytes for hmac.digest.
    key = secrets.token_bytes(32)

    started = time.perf_counter()
    rows: dict[int, dict[str, str | int | float]] = {}
    gc_was_enabled = gc.isenabled()
    gc.disable()  # a collection inside one batch would be charged to one operation
    try:
        for size in SIZES:
            rows[size] = measure(size, plan, key)
            print(json.dumps(rows[size]), flush=True)
    finally:
        if gc_was_enabled:
            gc.enable()

    ratio_1mib = rows[1024 * 1024]["sign_over_raw"]
    sign_1kib = rows[1024]["sign_ns"]
    assert isinstance(ratio_1mib, float) and isinstance(sign_1kib, int)
    targets_met = ratio_1mib <= TARGET_RATIO_1MIB and sign_1kib <= TARGET_SIGN_1KIB_NS
    print(json.dumps({
        "bench": "receipts",
        "summary": True,
        "mode": "short" if options.short else "full",
        "sign_over_raw_1MiB": ratio_1mib,
        "target_sign_over_raw_1MiB": TARGET_RATIO_1MIB,
        "sign_ns_1KiB": sign_1kib,
        "target_sign_ns_1KiB": TARGET_SIGN_1KIB_NS,
        "targets_met": targets_met,
        "seconds": round(time.perf_counter() - started, 2),
    }), flush=True)
    return 1 if options.check and not targets_met else 0


if __name__ == "__main__":
    sys.exit(main())
