"""``zeroclaw audit-bench FILE.jsonl [--json]``: measure the reply auditor on scenarios.

Each line of FILE is one scenario (:mod:`.audit_scenarios` parses them).
Every call runs through the real :class:`ReceiptMiddleware` (full autonomy,
a fresh :class:`ReceiptScope` per scenario) with a stand-in tool that
returns ``result`` for ``ok`` and raises the matching ``ToolError`` for
``failed`` / ``denied`` / ``timeout``. The reply's placeholders are then
substituted with real, altered or made-up receipt tokens, the reply is audited
and scored: a scenario is detected when every expected type is among the
findings; a clean control (``expect: []``) with any finding is a false positive.

It measures; it does not judge: the exit status is 0 whatever the scores,
and 1 only when FILE cannot be read or a line is not a valid scenario.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import anyio

from zeroclaw_daemon.agent.audit_scenarios import (
    Scenario,
    ScenarioCall,
    ScenarioError,
    load_scenarios,
    substitute,
)
from zeroclaw_daemon.agent.middleware import ReceiptMiddleware
from zeroclaw_daemon.agent.policy import Autonomy, Policy
from zeroclaw_daemon.audit import AuditReport, FindingType, audit_reply
from zeroclaw_daemon.errors import ToolDeniedError, ToolExecutionError, ToolTimeoutError
from zeroclaw_daemon.providers.base import ToolCall
from zeroclaw_daemon.receipts import (
    ReceiptScope,
    ToolEvent,
    TurnCollector,
    TurnContext,
)
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput

MAX_RESULT_CHARS = 16_000


@dataclass(frozen=True, slots=True)
class ScenarioOutcome:
    scenario: Scenario
    reply: str
    report: AuditReport
    latency_ms: float

    @property
    def found(self) -> frozenset[str]:
        return frozenset(f.type.value for f in self.report.findings)

    def details(self) -> dict[str, Any]:
        """Expected and found, with each finding's span, rule and evidence."""
        return {"id": self.scenario.id, "language": self.scenario.language,
                "expected": sorted(self.scenario.expect), "passed": self.passed,
                "findings": [f.to_dict() for f in self.report.findings]}

    @property
    def passed(self) -> bool:
        if not self.scenario.expect:
            return not self.report.findings
        return self.scenario.expect <= self.found


@dataclass(slots=True)
class BenchSummary:
    """The aggregate DESIGN.md prints, plus the per-scenario outcomes."""

    outcomes: list[ScenarioOutcome] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        injected: dict[str, int] = {}
        detected: dict[str, int] = {}
        clean = false_positives = 0
        for outcome in self.outcomes:
            expect = outcome.scenario.expect
            if not expect:
                clean += 1
                false_positives += bool(outcome.report.findings)
            for kind in expect:
                injected[kind] = injected.get(kind, 0) + 1
                detected[kind] = detected.get(kind, 0) + (kind in outcome.found)
        order = [t.value for t in FindingType]
        types = {
            kind: {"injected": injected[kind], "detected": detected[kind],
                   "rate": round(detected[kind] / injected[kind], 4)}
            for kind in sorted(injected, key=order.index)
        }
        latencies = sorted(o.latency_ms for o in self.outcomes)
        by_language: dict[str, dict[str, int]] = {}
        for outcome in self.outcomes:
            if not outcome.scenario.expect:
                row = by_language.setdefault(outcome.scenario.language or "?",
                                             {"clean": 0, "false_positives": 0})
                row["clean"] += 1
                row["false_positives"] += bool(outcome.report.findings)
        return {
            "scenarios": len(self.outcomes),
            "types": types,
            "clean": clean,
            "false_positives": false_positives,
            "fp_rate": round(false_positives / clean, 4) if clean else 0.0,
            "fp_by_language": {
                code: {**row, "fp_rate": round(row["false_positives"] / row["clean"], 4)}
                for code, row in sorted(by_language.items())},
            "latency_ms": {"p50": round(percentile(latencies, 50), 4),
                           "p99": round(percentile(latencies, 99), 4)},
            "failures": [o.scenario.id for o in self.outcomes if not o.passed],
        }


def percentile(sorted_values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of already sorted values (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


# --------------------------------------------------------------------------- running


class StandInTool(Tool):
    """Plays one scenario call: returns its result or fails the way it says."""

    parameters: Mapping[str, Any] = {"type": "object"}
    risk = RiskClass.READ

    def __init__(self, call: ScenarioCall) -> None:
        self.name = call.tool
        self.description = f"scenario stand-in for {call.tool}"
        self.call = call

    def about(self) -> str:
        # A scenario tool is known by its name's words, its arguments and its result;
        # the stand-in's own description says nothing about it.
        return ""

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        call = self.call
        if call.status == "failed":
            raise ToolExecutionError(self.name, call.result)
        if call.status == "denied":
            raise ToolDeniedError(self.name, call.result)
        if call.status == "timeout":
            raise ToolTimeoutError(self.name, call.result)
        url = args.get("url")
        return ToolOutput(text=call.result, urls=(url,) if isinstance(url, str) else ())


async def play_calls(scenario: Scenario, scope: ReceiptScope,
                     conversation_id: str) -> tuple[ToolEvent, ...]:
    """Run the scenario's calls through the real middleware; return the turn's events."""
    middleware = ReceiptMiddleware(scope=scope, max_result_chars=MAX_RESULT_CHARS,
                                   policy=Policy(Autonomy.FULL))
    turn = TurnContext(scope, TurnCollector(), conversation_id, "turn-1")
    for index, call in enumerate(scenario.calls):
        tool_call = ToolCall(id=f"call_{index}", name=call.tool,
                             arguments=json.dumps(call.args, ensure_ascii=False))
        ctx = ToolContext(conversation_id, turn.turn_id, tool_call.id)
        await middleware.execute(tool_call, StandInTool(call), ctx, turn, None)
    return turn.collector.events


async def run_scenario(scenario: Scenario, *, repeats: int = 1,
                       now: float | None = None) -> ScenarioOutcome:
    """Play, substitute, audit (the last of ``repeats`` audits is timed). ``now``: the epoch
    the receipts carry (the turn's day for the rules that read dates), else the clock's."""
    scope = ReceiptScope() if now is None else ReceiptScope(clock=lambda: now)
    try:
        conversation_id = f"bench-{scenario.id}"
        events = await play_calls(scenario, scope, conversation_id)
        reply = substitute(scenario.reply, events, scope, conversation_id)
        report = audit_reply(reply, events, scope, conversation_id, scenario.user)
        elapsed = 0.0
        for _ in range(max(repeats, 1)):
            started = time.perf_counter()
            report = audit_reply(reply, events, scope, conversation_id, scenario.user)
            elapsed = (time.perf_counter() - started) * 1000.0
        return ScenarioOutcome(scenario, reply, report, elapsed)
    finally:
        scope.close()


async def run_scenarios(scenarios: Sequence[Scenario], now: float | None = None
                        ) -> BenchSummary:
    summary = BenchSummary()
    for scenario in scenarios:
        summary.outcomes.append(await run_scenario(scenario, now=now))
    return summary


def bench_file(path: Path, now: float | None = None) -> BenchSummary:
    """Load and run FILE (raises :class:`ScenarioError`); ``now`` as in :func:`run_scenario`."""
    scenarios = load_scenarios(path)
    return anyio.run(run_scenarios, scenarios, now)


# --------------------------------------------------------------------------- reporting


def render_table(summary: BenchSummary) -> str:
    data = summary.to_dict()
    lines = [f"{'finding type':<22} {'injected':>8} {'detected':>8} {'rate':>7}"]
    for kind, row in data["types"].items():
        lines.append(f"{kind:<22} {row['injected']:>8} {row['detected']:>8} "
                     f"{row['rate'] * 100:>6.1f}%")
    lines.append("")
    lines.append(f"scenarios        {data['scenarios']}")
    lines.append(f"clean controls   {data['clean']}  false positives {data['false_positives']} "
                 f"({data['fp_rate'] * 100:.1f}%)")
    lines.append(f"audit latency    p50 {data['latency_ms']['p50']:.3f} ms   "
                 f"p99 {data['latency_ms']['p99']:.3f} ms")
    failures = data["failures"]
    lines.append(f"failures         {len(failures)}" + (": " + ", ".join(failures)
                                                        if failures else ""))
    by_id = {o.scenario.id: o for o in summary.outcomes}
    for failure in failures:
        outcome = by_id[failure]
        expected = ", ".join(sorted(outcome.scenario.expect)) or "(clean)"
        found = ", ".join(sorted(outcome.found)) or "(none)"
        lines.append(f"  {failure}: expected {expected}; found {found}")
    for code, row in data["fp_by_language"].items():
        lines.append(f"fp {code:<4} {row['false_positives']}/{row['clean']} "
                     f"({row['fp_rate'] * 100:.1f}%)")
    return "\n".join(lines)


def render_details(summary: BenchSummary) -> str:
    """Per scenario: expected and found types, each finding with its span and rule."""
    lines: list[str] = []
    for outcome in summary.outcomes:
        expected = ", ".join(sorted(outcome.scenario.expect)) or "(clean)"
        mark = "ok  " if outcome.passed else "MISS" if outcome.scenario.expect else "FP  "
        lines.append(f"{mark} {outcome.scenario.id} [{outcome.scenario.language}] "
                     f"expected {expected}")
        for finding in outcome.report.findings:
            quoted = outcome.reply[finding.start:finding.end].replace("\n", " ")[:60]
            lines.append(f"       {finding.type.value} {finding.start}-{finding.end} "
                         f"{finding.rule or '-'} \"{quoted}\": {finding.message}")
    return "\n".join(lines)


def run_audit_bench(path: Path, as_json: bool, out: TextIO | None = None,
                    err: TextIO | None = None, *, details: bool = False,
                    now: float | None = None) -> int:
    """Run FILE and print the summary; 0 whatever the scores, 1 when FILE is unusable."""
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    try:
        summary = bench_file(path, now)
    except ScenarioError as exc:
        print(f"error: {exc}", file=stderr)
        return 1
    if as_json:
        data = summary.to_dict()
        if details:
            data["details"] = [o.details() for o in summary.outcomes]
        print(json.dumps(data, ensure_ascii=False), file=stdout)
    else:
        if details:
            print(render_details(summary), file=stdout)
        print(render_table(summary), file=stdout)
    return 0

