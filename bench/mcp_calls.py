"""MCP call overhead of the receipt middleware: calls to a real mcp-server-time over stdio,
through the middleware (validate, policy, sign, trailer, ledger) vs the bare adapter.

Prints JSON lines: one per mode (median, p90 ms per call, calls timed) and a summary with
``ratio = median(middleware) / median(bare)``, and the servers' start time (connect,
initialize, tools/list). The modes alternate call by call.

    python3 bench/mcp_calls.py            # 400 calls per mode
    python3 bench/mcp_calls.py --short    # CI: 40 calls per mode
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

import anyio

from zeroclaw_daemon.agent.middleware import ReceiptMiddleware
from zeroclaw_daemon.agent.policy import Policy
from zeroclaw_daemon.config import parse_config
from zeroclaw_daemon.providers.base import ToolCall
from zeroclaw_daemon.receipts import ReceiptScope, TurnCollector, TurnContext
from zeroclaw_daemon.tools.base import ToolContext
from zeroclaw_daemon.tools.mcp import McpHub


def server_command() -> str:
    beside = Path(sys.executable).parent / "mcp-server-time"
    found = str(beside) if beside.exists() else shutil.which("mcp-server-time")
    if found is None:
        sys.exit("mcp-server-time is not installed (pip install -e '.[test]')")
    return found


async def main(calls: int) -> None:
    cfg = parse_config(f'[[tools.mcp]]\nname = "time"\ncommand = "{server_command()}"\n')
    started = time.perf_counter()
    async with McpHub(cfg.tools.mcp) as hub:
        start_ms = (time.perf_counter() - started) * 1000
        tool = hub.tools()["time__get_current_time"]
        scope = ReceiptScope(ledger_max_entries=100_000)
        middleware = ReceiptMiddleware(scope=scope, max_result_chars=20_000,
                                       policy=Policy("full"))
        ctx = ToolContext("bench", "turn", "call")
        times: dict[str, list[float]] = {"bare": [], "middleware": []}
        for index in range(calls + 5):
            for mode in (("bare", "middleware") if index % 2 else ("middleware", "bare")):
                begin = time.perf_counter()
                if mode == "bare":
                    await tool.run({"timezone": "Etc/UTC"}, ctx)
                else:
                    turn = TurnContext(scope, TurnCollector(), "bench", f"t{index}")
                    event, _ = await middleware.execute(
                        ToolCall(f"c{index}", tool.name, '{"timezone": "Etc/UTC"}'), tool, ctx,
                        turn, None)
                    assert event.receipt is not None
                if index >= 5:  # the first calls warm caches on both sides
                    times[mode].append((time.perf_counter() - begin) * 1000)
        scope.close()
    medians = {}
    for mode, samples in times.items():
        medians[mode] = statistics.median(samples)
        print(json.dumps({"bench": "mcp", "mode": mode, "calls": len(samples),
                          "median_ms": round(medians[mode], 3),
                          "p90_ms": round(statistics.quantiles(samples, n=10)[-1], 3)}))
    print(json.dumps({"bench": "mcp", "summary": True, "server_start_ms": round(start_ms, 1),
                      "ratio": round(medians["middleware"] / medians["bare"], 3)}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="40 calls per mode (CI)")
    options = parser.parse_args()
    anyio.run(main, 40 if options.short else 400)
