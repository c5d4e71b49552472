"""Two per-turn hot paths measured on their own: the leak redactor and audit-log writes.

* ``redact``: :meth:`LeakRedactor.redact` over what a scripted ``list files`` turn
  sends (the reply with its receipt, then the receipts block), median µs per turn;
* ``audit_db``: 4,000 tool-event rows submitted from an event loop with a short
  sleep every 8 rows (a turn's other work), then ``aclose``: µs per row spent in
  ``submit`` on the loop, and process CPU per row (the writer thread included),
  with a check that every row was committed.

Prints one JSON line. For an A/B of two commits, run it alternately with
``PYTHONPATH=<other tree>`` from outside the work tree.

    python3 bench/hot_paths.py            # full
    python3 bench/hot_paths.py --short    # CI
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus
from zeroclaw_daemon.security.leaks import LeakRedactor
from zeroclaw_daemon.storage.audit_db import AuditDB

LISTING = "\n".join(f"file-{index:02d}.txt" for index in range(10))
REPLY = ("The directory holds:\n" + LISTING
         + "\n\n[receipt: zc-receipt-1700000000-" + "A1b2C3d4E5" * 4 + "xyz]")
BLOCK = ('Receipts:\n- list_dir {"path": "."} zc-receipt-1700000000-'
         "Zx9Qw3Er7Ty1Ui5Op2As6Df4Gh8Jk0Lz12345678901")


def redact_us(rounds: int, per_round: int) -> float:
    redactor = LeakRedactor(["configured-secret-value-1"])
    samples = []
    for _ in range(rounds):
        started = time.perf_counter_ns()
        for _ in range(per_round):
            redactor.redact(REPLY)
            redactor.redact(BLOCK)
        samples.append((time.perf_counter_ns() - started) / per_round / 1000)
    return statistics.median(samples)


async def audit_db_costs(rows: int, result: dict[str, Any]) -> None:
    event = ToolEvent(call_id="call", tool="list_dir", args={"path": "."},
                      status=ToolStatus.OK, result=LISTING, receipt="zc-receipt-x", urls=(),
                      result_count=10, duration_ms=1.0, defanged=0, turn_id="turn",
                      conversation_id="conversation", detached=False)
    with tempfile.TemporaryDirectory(prefix="zc-hot-paths-") as tmp:
        db = AuditDB(Path(tmp) / "audit.db")
        cpu_before = time.process_time()
        on_loop_ns = 0
        for index in range(rows):
            started = time.perf_counter_ns()
            db.submit_tool_event(event, scope_id="scope")
            on_loop_ns += time.perf_counter_ns() - started
            if index % 8 == 0:
                await anyio.sleep(0.0005)
        await db.aclose()
        result["audit_submit_us_per_row"] = round(on_loop_ns / rows / 1000, 2)
        result["audit_process_cpu_us_per_row"] = round(
            (time.process_time() - cpu_before) / rows * 1e6, 1)
        result["audit_rows_committed"] = db.written
        result["audit_rows_submitted"] = rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--short", action="store_true", help="fewer rounds, for CI")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"bench": "hot_paths"}
    result["redact_us_per_turn"] = round(redact_us(11 if args.short else 31, 200), 2)
    anyio.run(audit_db_costs, 1000 if args.short else 4000, result)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
