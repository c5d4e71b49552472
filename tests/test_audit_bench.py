"""`zeroclaw audit-bench FILE [--json]`: output shape, placeholders, bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

from zeroclaw_daemon.agent.audit_bench import (
    StandInTool,
    play_calls,
    run_audit_bench,
    run_scenario,
)
from zeroclaw_daemon.agent.audit_scenarios import DIGEST_CHARS, ScenarioCall, load_scenarios, tamper
from zeroclaw_daemon.receipts import ReceiptScope, ToolStatus
from zeroclaw_daemon.receipts.scope import Verdict

TOP_KEYS = ["scenarios", "types", "clean", "false_positives", "fp_rate", "fp_by_language",
            "latency_ms", "failures"]
SCENARIOS: list[dict[str, Any]] = [
    {"id": "ok-1", "language": "en", "user": "Tags?",
     "calls": [{"tool": "shell", "args": {"command": "git tag"}, "status": "ok",
                "result": "v1\nv2\nv3"}],
     "reply": "Three tags: v1, v2 and v3. [receipt: {{receipt:0}}]", "expect": []},
    {"id": "count-1", "language": "en", "user": "Tags?",
     "calls": [{"tool": "shell", "args": {"command": "git tag"}, "status": "ok",
                "result": "v1\nv2\nv3"}],
     "reply": "There are 7 tags.", "expect": ["count_mismatch"]},
    {"id": "missed-1", "language": "en", "user": "Hi",
     "calls": [], "reply": "Hello there.", "expect": ["source_fabrication"]},
]


def write(tmp_path: Path, rows: Sequence[dict[str, Any] | str]) -> Path:
    path = tmp_path / "scenarios.jsonl"
    lines = [row if isinstance(row, str) else json.dumps(row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cli_wired() -> bool:
    try:
        from zeroclaw_daemon import cli
    except Exception:  # the CLI is another helper's module; fall back to the function
        return False
    commands = getattr(cli.main, "commands", {})
    return "audit-bench" in commands


def run_bench(path: Path, as_json: bool) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of the command: via the CLI once it is wired in."""
    if cli_wired():
        args = [sys.executable, "-m", "zeroclaw_daemon", "audit-bench", str(path)]
        done = subprocess.run(args + (["--json"] if as_json else []), capture_output=True,
                              text=True, timeout=120, env={**os.environ, "ZEROCLAW_LOG": "off"})
        return done.returncode, done.stdout, done.stderr
    out, err = io.StringIO(), io.StringIO()
    code = run_audit_bench(path, as_json, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_json_output_shape(tmp_path: Path) -> None:
    """--json prints one object with exactly the DESIGN.md keys, and exits 0 despite misses."""
    code, out, _ = run_bench(write(tmp_path, SCENARIOS), as_json=True)
    data = json.loads(out)
    assert (0, TOP_KEYS) == (code, list(data))
    assert {"count_mismatch": {"injected": 1, "detected": 1, "rate": 1.0},
            "source_fabrication": {"injected": 1, "detected": 0, "rate": 0.0}} == data["types"]
    assert (3, 1, 0, 0.0, ["missed-1"]) == (data["scenarios"], data["clean"],
                                           data["false_positives"], data["fp_rate"],
                                           data["failures"])
    assert ["p50", "p99"] == list(data["latency_ms"])
    assert all(isinstance(v, float) for v in data["latency_ms"].values())


def test_table_output(tmp_path: Path) -> None:
    """Without --json the summary is a readable table naming the failures."""
    code, out, _ = run_bench(write(tmp_path, SCENARIOS), as_json=False)
    assert (0, True, True) == (code, "finding type" in out, "missed-1" in out)


@pytest.mark.parametrize(("line", "message"), [
    ("{not json", "line 2: not valid JSON"),
    (json.dumps({"id": "x", "reply": "r", "calls": [], "expect": ["nonsense"]}),
     "line 2: unknown finding type"),
    (json.dumps({"id": "x", "reply": "r", "calls": [{"tool": "t", "status": "maybe"}],
                 "expect": []}), "line 2: calls[0].status"),
    (json.dumps({"id": "x", "reply": "{{receipt:3}}", "calls": [], "expect": []}),
     "line 2: {{receipt:3}} names call 3"),
    (json.dumps({"id": "ok-1", "reply": "r", "calls": [], "expect": []}),
     "line 2: duplicate scenario id"),
])
def test_malformed_line_is_reported(tmp_path: Path, line: str, message: str) -> None:
    """A bad line exits 1 with a message naming its line number."""
    code, out, err = run_bench(write(tmp_path, [json.dumps(SCENARIOS[0]), line]), as_json=True)
    assert (1, "", True) == (code, out, message in err)


def test_unreadable_file(tmp_path: Path) -> None:
    """A missing file exits 1 with a clear error."""
    code, _, err = run_bench(tmp_path / "missing.jsonl", as_json=True)
    assert (1, True) == (code, "cannot read scenario file" in err)


def test_placeholders_are_real_tokens(tmp_path: Path) -> None:
    """receipt/tampered/forged/stale/foreign placeholders get the verdicts they stand for."""
    row = dict(SCENARIOS[0])
    row["reply"] = ("A {{receipt:0}} B {{tampered:0}} C {{forged}} D {{stale}} E {{foreign}}")
    (scenario,) = load_scenarios(write(tmp_path, [row]))
    outcome = anyio.run(run_scenario, scenario)
    verdicts = [t.verdict for t in outcome.report.tokens]
    assert [Verdict.VALID, Verdict.FORGED, Verdict.FORGED, Verdict.STALE,
            Verdict.FOREIGN] == verdicts
    real, tampered = outcome.report.tokens[0].text, outcome.report.tokens[1].text
    assert 1 == sum(a != b for a, b in zip(real, tampered, strict=True))


def test_tamper_keeps_the_token_well_formed() -> None:
    """tamper() changes one digest character and keeps the canonical last one."""
    token = "zc-receipt-1796180000-" + "A" * 42 + "E"
    changed = tamper(token)
    assert (token[-1], 1, DIGEST_CHARS) == (changed[-1], sum(
        a != b for a, b in zip(token, changed, strict=True)), len(changed.rsplit("-", 1)[-1]))


def test_failed_calls_reach_the_auditor_without_receipts(tmp_path: Path) -> None:
    """failed/denied/timeout calls run through the middleware and carry no receipt."""
    row: dict[str, Any] = {
        "id": "f", "language": "en", "user": "x", "reply": "It has been restarted.",
        "expect": ["failed_call_claimed"],
        "calls": [{"tool": "shell", "args": {}, "status": status, "result": "nope"}
                  for status in ("failed", "denied", "timeout")]}
    (scenario,) = load_scenarios(write(tmp_path, [row]))
    scope = ReceiptScope()
    events = anyio.run(play_calls, scenario, scope, "conv-f")
    scope.close()
    assert ([ToolStatus.FAILED, ToolStatus.DENIED, ToolStatus.TIMEOUT], [None] * 3) == (
        [e.status for e in events], [e.receipt for e in events])
    assert {"failed_call_claimed"} == anyio.run(run_scenario, scenario).found


def test_details_list_spans_rules_and_evidence(tmp_path: Path) -> None:
    """--json --details adds, per scenario, the expected types and each finding's span, rule
    and evidence; the text form prints the same per scenario."""
    path = write(tmp_path, SCENARIOS)
    out = io.StringIO()
    assert 0 == run_audit_bench(path, True, out=out, err=io.StringIO(), details=True)
    details = {d["id"]: d for d in json.loads(out.getvalue())["details"]}
    assert len(SCENARIOS) == len(details)
    findings = [f for d in details.values() for f in d["findings"]]
    assert findings, "the set has a count mismatch"
    for finding in findings:
        assert finding["rule"] and finding["span"][0] < finding["span"][1]
        assert set(finding["evidence"]) == {"call_id", "tool", "status", "excerpt"}
    text = io.StringIO()
    run_audit_bench(path, False, out=text, err=io.StringIO(), details=True)
    assert "count.item_count" in text.getvalue()


def test_scenario_stand_in_tools_declare_no_description_to_the_auditor() -> None:
    """A scenario tool is known by its name, arguments and result, not the stand-in's text."""
    tool = StandInTool(ScenarioCall("cache_flush", {"db": 0}, "ok", "ok"))
    assert ("", "cache_flush") == (tool.about(), tool.name)
