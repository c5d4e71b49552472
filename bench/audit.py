"""Reply-audit latency: p50/p99 of ``audit_reply`` over the scenario sets and a long reply.

Prints JSON lines:

- one per scenario file (tests/data/audit-*.jsonl, and the shared sample when
  present): each scenario's calls are played through the real receipt
  middleware once, then its reply is audited ``--rounds`` times; p50/p99 are
  over every timed audit (a single long reply is audited ten times a round);
- one for a 4 KB reply citing 20 tool results, each with its receipt (a report,
  one line per result: the target case), and one for the same results written as
  dense prose (every line an attributed claim: the worst case, reported beside it);
- a last line comparing the figures with the target (p99 <= 1 ms).

The audits of all cases are interleaved round by round, so drift on a shared
machine hits every case alike.

    python3 bench/audit.py            # about 15 s
    python3 bench/audit.py --short    # CI: a few seconds
    python3 bench/audit.py --check    # exit 1 when the target is missed
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import anyio

from zeroclaw_daemon.agent.audit_bench import percentile, play_calls
from zeroclaw_daemon.agent.audit_scenarios import load_scenarios, substitute
from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, ToolStatus

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
SAMPLE = REPO.parent / "shared" / "audit-scenarios-sample.jsonl"
TARGET_P99_MS = 1.0
LONG_REPEAT = 10
# Measured and printed, but not held to the target (see long_case).
INFORMATIONAL = frozenset({"reply-4KB-20-receipts-dense-prose"})


@dataclass(frozen=True, slots=True)
class Case:
    reply: str
    events: tuple[ToolEvent, ...]
    scope: ReceiptScope
    conversation_id: str
    user: str

    def audit(self) -> float:
        started = time.perf_counter()
        audit_reply(self.reply, self.events, self.scope, self.conversation_id, self.user)
        return (time.perf_counter() - started) * 1000.0


async def scenario_cases(path: Path) -> list[Case]:
    cases: list[Case] = []
    for scenario in load_scenarios(path):
        scope = ReceiptScope()
        conversation_id = f"bench-{scenario.id}"
        events = await play_calls(scenario, scope, conversation_id)
        reply = substitute(scenario.reply, events, scope, conversation_id)
        cases.append(Case(reply, events, scope, conversation_id, scenario.user))
    return cases


_ITEMS = (
    ("shell", {"command": "git tag --list"}, "v2.3.0\nv2.2.1\nv2.2.0\nv2.1.0",
     "Tags: `git tag --list` shows four release tags, v2.3.0 the newest.",
     "According to the shell result, `git tag --list` shows four release tags, newest v2.3.0"),
    ("weather", {"city": "Lisbon"}, '{"temp_c": 16.4, "wind_kph": 22}',
     "Lisbon: 16.4 °C, wind 22 km/h.",
     "Lisbon is at 16.4 °C with a 22 km/h wind"),
    ("read_file", {"path": ".node-version"}, "20.18.0",
     "Node: the project pins 20.18.0.", "the project pins Node 20.18.0"),
    ("http_get", {"url": "https://api.shop.example.org/health"},
     '{"status": "ok", "version": "4.2.1", "db_latency_ms": 3.2}',
     "Shop API: healthy, version 4.2.1, DB latency 3.2 ms.",
     "the shop API is healthy on 4.2.1 with 3.2 ms DB latency "
     "(https://api.shop.example.org/health)"),
    ("db_query", {"sql": "SELECT count(*) FROM orders WHERE status = 'pending'"},
     '[{"count": 3}]', "Orders: 3 pending.", "there are 3 pending orders"),
)


def long_case(style: str) -> Case:
    """A ~4 KB reply citing 20 successful tool results, each followed by its receipt.

    ``list``: a report, one short line per result. ``prose``: the same results
    written as dense prose, every line an attributed claim with a count, values
    and an absence (the auditor's worst case per kilobyte).
    """
    scope = ReceiptScope()
    conversation_id = f"bench-long-{style}"
    events: list[ToolEvent] = []
    lines = ["Here is the status round-up you asked for:"]
    for index in range(20):
        tool, args, result, short, sentence = _ITEMS[index % len(_ITEMS)]
        call_id = f"call_{index}"
        token = scope.issue(tool=tool, args=args, result=result, call_id=call_id,
                            conversation_id=conversation_id, turn_id="turn-1")
        events.append(ToolEvent(call_id=call_id, tool=tool, args=args, status=ToolStatus.OK,
                                result=result, receipt=token, conversation_id=conversation_id,
                                turn_id="turn-1"))
        if style == "list":
            lines.append(f"- {tool}: {short} Nothing else stood out in this result, so no "
                         f"action is needed here. [receipt: {token}]")
        else:
            lines.append(f"{index + 1}. According to the {tool} result, {sentence}; nothing "
                         f"else in that output needs your attention right now. "
                         f"[receipt: {token}]")
    lines.append("Let me know if you want me to dig into any of these.")
    reply = "\n".join(lines)
    filler = " Everything else looked normal."
    while len(reply) + len(filler) <= 4096:
        reply += filler
    return Case(reply, tuple(events), scope, conversation_id, "Give me a status round-up.")


def summarise(name: str, samples: Sequence[float], cases: int) -> dict[str, object]:
    ordered = sorted(samples)
    return {"bench": "audit", "case": name, "cases": cases, "samples": len(ordered),
            "p50_ms": round(percentile(ordered, 50), 4),
            "p99_ms": round(percentile(ordered, 99), 4)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--short", action="store_true", help="few rounds (CI)")
    parser.add_argument("--rounds", type=int, default=None, help="timed audits per case")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.short else 40)
    # The scenarios' failed and denied calls would each log a WARN line; only JSON is wanted.
    configure_logging("error")

    files = sorted(DATA.glob("audit-*.jsonl"))
    if SAMPLE.exists():
        files.append(SAMPLE)
    groups: dict[str, list[Case]] = {}
    for path in files:
        groups[path.stem] = anyio.run(scenario_cases, path)
    groups["reply-4KB-20-receipts"] = [long_case("list")]
    groups["reply-4KB-20-receipts-dense-prose"] = [long_case("prose")]

    samples: dict[str, list[float]] = {name: [] for name in groups}
    for case_list in groups.values():       # warm caches and lazy imports, untimed
        for case in case_list:
            case.audit()
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for name, case_list in groups.items():
                # A one-case group is audited LONG_REPEAT times a round: its p99 is then
                # over hundreds of samples, not the second-slowest of forty.
                repeat = LONG_REPEAT if len(case_list) == 1 else 1
                samples[name].extend(case.audit() for case in case_list for _ in range(repeat))
    finally:
        gc.enable()

    missed: list[str] = []
    for name, case_list in groups.items():
        line = summarise(name, samples[name], len(case_list))
        line["chars"] = max(len(case.reply) for case in case_list)
        print(json.dumps(line))
        p99 = line["p99_ms"]
        if isinstance(p99, float) and p99 > TARGET_P99_MS and name not in INFORMATIONAL:
            missed.append(name)
    print(json.dumps({"bench": "audit", "target_p99_ms": TARGET_P99_MS,
                      "met": not missed, "missed": missed}))
    for case_list in groups.values():
        for case in case_list:
            case.scope.close()
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
