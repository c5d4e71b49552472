"""Turn overhead of receipts: a 10-tool-call turn through the real loop, receipts on vs off.

The turn runs through :class:`AgentRuntime` with the real scripted provider,
the real middleware, history, reply audit (mode ``annotate``) and receipts
block; the ten calls go to a cheap in-process tool (about 1 KiB of text, no
I/O), so what is measured is the runtime's own cost and the receipt work
(truncate, defang, HMAC sign, ledger, trailer, token checks in the audit) is
as visible as it can be. A real tool's I/O would only dilute the ratio.

Prints JSON lines: one per mode (median, p10, p90 ms per turn, turns timed),
a summary with ``ratio = median(on) / median(off)`` against the target
(<= 1.03), and a per-call breakdown in µs of the receipt path's pieces (HMAC,
args, token, ledger, defang, trailer, audit; bench/_breakdown.py) beside a raw
``hmac.digest`` of the same MAC input bytes, measured in the same run. The
two modes alternate turn by turn, in a rotating order, so drift on a shared
machine hits both alike. A separate pass then times ``ReceiptScope.issue``, the
middleware's success path and the reply audit inside real turns (cold caches make
each piece slower there than in its loop) and prints what no named piece accounts for.

    python3 bench/turn_overhead.py            # full run, about 15 s
    python3 bench/turn_overhead.py --short    # CI, a few seconds
    python3 bench/turn_overhead.py --check    # exit 1 when the target is missed
    python3 bench/turn_overhead.py --rounds 10 --calls 1   # 10 sequential rounds instead
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import tomli_w
from _breakdown import breakdown

from zeroclaw_daemon.agent.loop import AgentRuntime
from zeroclaw_daemon.agent.middleware import _may_hold_receipt_text
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, strip_receipts_block
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput

TARGET_RATIO = 1.03
NOTE_LINE = "2024-01-01 12:00:00 note: the build passed, 31 tests, 0 failures, 2 skipped\n"
NOTE = NOTE_LINE * 13  # about 1 KiB, 13 items


class NoteTool(Tool):
    """A read tool with no I/O: returns a fixed note (about 1 KiB)."""

    name = "note"
    description = "Read a note by number."
    parameters: Mapping[str, Any] = {
        "type": "object",
        "properties": {"n": {"type": "integer"}},
        "required": ["n"],
        "additionalProperties": False,
    }
    risk = RiskClass.READ
    timeout_s = 10.0

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        return ToolOutput(NOTE)


TOOL_ARGS: Mapping[str, Mapping[str, Any]] = {
    "note": {"n": 1},
    "read_file": {"path": "note.txt"},
    "shell": {"argv": ["cat", "note.txt"]},
}


def build_config(directory: Path, enabled: bool, rounds: int, calls: int,
                 tool: str) -> Config:
    steps = [[{"tool": tool, "args": {**TOOL_ARGS[tool], "n": r * calls + c}
               if tool == "note" else TOOL_ARGS[tool]} for c in range(calls)]
             for r in range(rounds)]
    reply = ("The first note says the build passed with 31 tests. "
             "[receipt: {receipt:1}] I read " + str(rounds * calls) + " notes.")
    (directory / "script.toml").write_text(tomli_w.dumps(
        {"rule": [{"match": "notes", "steps": steps, "reply": reply}]}), encoding="utf-8")
    return parse_config(tomli_w.dumps({
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "tool_receipts": {
            "enabled": enabled, "show_in_response": True, "audit": {"mode": "annotate"}}},
        "tools": {"shell": {"allow": ["cat"]}, "http_get": {"enabled": False}},
    }), base_dir=directory)


def build_tools_for(cfg: Config, tool: str) -> dict[str, Tool]:
    if tool == "note":
        return {"note": NoteTool()}
    from zeroclaw_daemon.tools import build_tools

    return {tool: build_tools(cfg)[tool]}


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class LastTurn:
    """The last receipts-on turn: what the breakdown feeds the audit."""

    reply: str = ""
    events: tuple[ToolEvent, ...] = ()
    scope: ReceiptScope | None = None
    # The last receipts-off turn: the audit runs there too (no scope, no tokens).
    off_reply: str = ""
    off_events: tuple[ToolEvent, ...] = ()


class TimedScope(ReceiptScope):
    """A scope that times each ``issue`` inside real turns: what a receipt costs in a turn,
    caches as cold as the turn leaves them, beside the breakdown's tight loops."""

    def __init__(self) -> None:
        super().__init__()
        self.issue_ns: list[int] = []

    def issue(self, **fields: Any) -> str:
        started = time.perf_counter_ns()
        token = super().issue(**fields)
        self.issue_ns.append(time.perf_counter_ns() - started)
        return token


@dataclass
class InTurn:
    """Median µs of pieces timed inside real turns (a separate pass from the on/off samples,
    so the timers never touch them)."""

    issue_us: float
    audit_on_us: float
    audit_off_us: float
    success_on_us: float
    success_off_us: float


async def time_in_turns(turns: int, rounds: int, calls: int, tool: str) -> InTurn:
    """ReceiptScope.issue and the reply audit timed inside receipts-on and -off turns."""
    import zeroclaw_daemon.agent.reply as reply_module

    audit_ns: dict[bool, list[int]] = {True: [], False: []}
    # The reply's whole audit as the daemon runs it: tokens on the loop, claims in a worker
    # thread (the hop to the thread included).
    real_audit = reply_module.audit_off_loop

    async def timed_audit(reply: str, turn: Any, user_message: str) -> Any:
        started = time.perf_counter_ns()
        report = await real_audit(reply, turn, user_message)
        audit_ns[turn.scope is not None].append(time.perf_counter_ns() - started)
        return report

    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        (directory / "note.txt").write_text(NOTE, encoding="utf-8")
        runtimes = []
        success_ns: dict[bool, list[int]] = {True: [], False: []}
        for enabled in (True, False):
            cfg = build_config(directory, enabled, rounds, calls, tool)
            runtime = AgentRuntime(cfg, ScriptedProvider(directory / "script.toml"),
                                   build_tools_for(cfg, tool))
            # The middleware's whole success path (truncate, count, defang, issue, trailer,
            # the event, the DEBUG guard) on this runtime's calls.
            real_success = runtime.middleware._success
            samples = success_ns[enabled]

            def timed_success(*success_args: Any, _real: Any = real_success,
                              _samples: list[int] = samples, **success_kwargs: Any) -> Any:
                started = time.perf_counter_ns()
                outcome = _real(*success_args, **success_kwargs)
                _samples.append(time.perf_counter_ns() - started)
                return outcome

            runtime.middleware._success = timed_success  # type: ignore[method-assign]
            runtimes.append(runtime)
        scope = TimedScope()
        reply_module.audit_off_loop = timed_audit  # type: ignore[assignment]
        try:
            for _ in range(turns):
                for runtime in runtimes:
                    await runtime.run_turn(conversation_id="bench",
                                           user_message="read the notes", scope=scope)
        finally:
            reply_module.audit_off_loop = real_audit
        scope.close()
        per_call = max(1, rounds * calls)
        return InTurn(statistics.median(scope.issue_ns) / 1000,
                      statistics.median(audit_ns[True]) / 1000 / per_call,
                      statistics.median(audit_ns[False]) / 1000 / per_call,
                      statistics.median(success_ns[True]) / 1000,
                      statistics.median(success_ns[False]) / 1000)


async def measure(turns: int, warmup: int, rounds: int, calls: int,
                  tool: str, last: LastTurn) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        (directory / "note.txt").write_text(NOTE, encoding="utf-8")
        runtimes: dict[str, tuple[AgentRuntime, ReceiptScope | None]] = {}
        for mode, enabled in (("receipts_on", True), ("receipts_off", False)):
            cfg = build_config(directory, enabled, rounds, calls, tool)
            provider = ScriptedProvider(directory / "script.toml")
            runtime = AgentRuntime(cfg, provider, build_tools_for(cfg, tool))
            # The daemon's path: one scope for every turn.
            runtimes[mode] = (runtime, ReceiptScope() if enabled else None)
        samples: dict[str, list[float]] = {mode: [] for mode in runtimes}
        order = list(runtimes)
        gc.collect()
        for index in range(warmup + turns):
            for mode in order if index % 2 else reversed(order):
                runtime, scope = runtimes[mode]
                started = time.perf_counter_ns()
                result = await runtime.run_turn(conversation_id="bench",
                                                user_message="read the notes", scope=scope)
                elapsed = time.perf_counter_ns() - started
                if len(result.events) != rounds * calls:
                    raise RuntimeError(f"{mode}: expected {rounds * calls} calls, "
                                       f"got {len(result.events)}")
                if index >= warmup:
                    samples[mode].append(elapsed / 1e6)
                if scope is not None:
                    last.reply = strip_receipts_block(result.raw_reply)
                    last.events, last.scope = result.events, scope
                else:
                    last.off_reply = strip_receipts_block(result.raw_reply)
                    last.off_events = result.events
        return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="few turns, for CI")
    parser.add_argument("--check", action="store_true", help="exit 1 if the ratio misses")
    parser.add_argument("--turns", type=int, default=None, help="timed turns per mode")
    parser.add_argument("--rounds", type=int, default=1, help="tool rounds per turn")
    parser.add_argument("--calls", type=int, default=10, help="parallel calls per round")
    parser.add_argument("--tool", choices=sorted(TOOL_ARGS), default="note",
                        help="note: in-process, no I/O (default: the overhead at its most "
                             "visible); read_file: the real file tool; shell: a real subprocess")
    parser.add_argument("--asyncio", action="store_true",
                        help="plain asyncio instead of uvloop (the daemon's loop)")
    args = parser.parse_args(argv)
    turns = args.turns or (150 if args.short else 1500)
    if args.tool == "shell" and args.turns is None:
        turns //= 10  # each turn starts ten processes
    warmup = max(10, turns // 10)
    configure_logging("warn")  # what a production daemon logs: no per-call lines
    backend_options: dict[str, Any] = {}
    if not args.asyncio:
        try:
            import uvloop  # noqa: F401
        except ImportError:
            pass
        else:
            backend_options = {"use_uvloop": True}
    last = LastTurn()
    samples = anyio.run(measure, turns, warmup, args.rounds, args.calls, args.tool, last,
                        backend="asyncio", backend_options=backend_options)
    medians = {}
    for mode, values in samples.items():
        medians[mode] = statistics.median(values)
        print(json.dumps({
            "bench": "turn_overhead", "mode": mode, "tool": args.tool,
            "tool_calls": args.rounds * args.calls,
            "rounds": args.rounds, "turns": len(values),
            "median_ms": round(medians[mode], 4), "p10_ms": round(percentile(values, 0.1), 4),
            "p90_ms": round(percentile(values, 0.9), 4),
        }), flush=True)
    ratio = medians["receipts_on"] / medians["receipts_off"]
    ok = ratio <= TARGET_RATIO
    print(json.dumps({
        "bench": "turn_overhead", "summary": True, "tool": args.tool,
        "ratio": round(ratio, 4),
        "overhead_us_per_call": round((medians["receipts_on"] - medians["receipts_off"])
                                      * 1000 / (args.rounds * args.calls), 2),
        "overhead_ms": round(medians["receipts_on"] - medians["receipts_off"], 4),
        "target_ratio": TARGET_RATIO, "ok": ok,
        "loop": "uvloop" if backend_options else "asyncio",
    }), flush=True)
    if last.scope is not None and last.events:
        first = last.events[0]
        pieces = breakdown(first.result, first.args, last.reply, last.events, last.scope,
                           "read the notes", rounds=21 if args.short else 101,
                           calls=200 if args.short else 500,
                           may_hold_receipt_text=_may_hold_receipt_text,
                           off_reply=last.off_reply, off_events=last.off_events)
        per_call_off_us = medians["receipts_off"] * 1000 / (args.rounds * args.calls)
        measured_us = ((medians["receipts_on"] - medians["receipts_off"]) * 1000
                       / (args.rounds * args.calls))
        in_turn = anyio.run(time_in_turns, max(50, turns // 3), args.rounds, args.calls,
                            args.tool, backend="asyncio", backend_options=backend_options)
        # The breakdown's tight-loop figures of issue and the audit's receipt share,
        # replaced by the same pieces timed inside turns.
        audit_receipts_in_turn = in_turn.audit_on_us - in_turn.audit_off_us
        in_turn_total = (pieces["receipt_path_total"] - pieces["issue"] + in_turn.issue_us
                         - pieces.get("audit_receipts", 0.0) + audit_receipts_in_turn)
        print(json.dumps({
            "bench": "turn_overhead", "breakdown_us_per_call": pieces, "tool": args.tool,
            "result_chars": len(first.result),
            "hmac_over_raw": (round(pieces["hmac"] / pieces["raw_hmac"], 3)
                              if pieces["raw_hmac"] else None),
            "measured_overhead_us_per_call": round(measured_us, 2),
            # What the tight loops above do not show: ReceiptScope.issue and the audit's
            # receipt share timed inside real turns, and the part of the measured overhead
            # no piece accounts for, with the tight-loop figures and with those two taken
            # in turn (what is left: the small pieces' own in-turn slowdown, the model
            # reading longer tool messages, allocator and cache effects).
            "issue_in_turn_us": round(in_turn.issue_us, 3),
            "audit_receipts_in_turn_us": round(audit_receipts_in_turn, 3),
            # The middleware's success path, on minus off, inside turns: issue and the small
            # per-call pieces (defang, trailer, DEBUG guard) with their in-turn slowdown.
            "success_path_in_turn_us": round(in_turn.success_on_us - in_turn.success_off_us, 3),
            "not_attributed_beyond_success_and_audit_us_per_call": round(
                measured_us - (in_turn.success_on_us - in_turn.success_off_us)
                - audit_receipts_in_turn - pieces["turn_text"], 2),
            "not_attributed_us_per_call": round(measured_us - pieces["receipt_path_total"], 2),
            "not_attributed_in_turn_us_per_call": round(measured_us - in_turn_total, 2),
            # What a receipts-off call costs the whole turn, and the ratio a turn would
            # have if the only receipt work were the HMAC of the MAC input itself: the
            # floor no Python code around hmac.digest can go under.
            "off_us_per_call": round(per_call_off_us, 2),
            "raw_hmac_only_ratio": round(1 + pieces["raw_hmac"] / per_call_off_us, 4),
        }), flush=True)
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
