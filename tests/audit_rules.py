"""Helpers for the auditor's rule tables: a tool event and findings as (type, rule, span)."""

from __future__ import annotations

import json
from pathlib import Path

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

Expected = list[tuple[str, str, str]]


def ok(tool: str, result: str, args: dict[str, object] | None = None) -> ToolEvent:
    return ToolEvent(call_id="c1", tool=tool, args=args or {}, status=ToolStatus.OK,
                     result=result)


def findings(reply: str, *events: ToolEvent, user: str = "") -> Expected:
    """Every finding of ``reply`` as (type, rule, the reply text its span covers)."""
    report = audit_reply(reply, events, None, "conv-1", user)
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


def of_type(kind: str, reply: str, *events: ToolEvent, user: str = "") -> Expected:
    return [f for f in findings(reply, *events, user=user) if f[0] == kind]


DATA = Path(__file__).resolve().parent / "data"


def scenario_texts(*, results: bool) -> list[str]:
    """Every reply and user message of the scenario sets (of the blind ones, blind-1 only),
    and with ``results`` every call's result too: a corpus for exactness tests."""
    texts: list[str] = []
    for path in [*DATA.glob("audit-*.jsonl"), DATA / "audit-blind" / "blind-1.jsonl"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            scenario = json.loads(line)
            texts += [scenario.get("reply", ""), scenario.get("user", "")]
            if results:
                texts += [str(call.get("result", "")) for call in scenario.get("calls", [])]
    return texts
