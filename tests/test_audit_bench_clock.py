"""`zeroclaw audit-bench --now WHEN`: the turn's moment pinned, so rules that read dates judge
the same way whatever day the bench runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import anyio

from zeroclaw_daemon.agent.audit_bench import run_scenario
from zeroclaw_daemon.agent.audit_scenarios import load_scenarios

# 2026-12-05 12:00 UTC.
NOON = 1796472000
# A clean reply about dates: "nothing overdue" holds only while 2026-12-09 is ahead.
SCENARIO = {"id": "due-1", "language": "en", "user": "Anything overdue?",
            "calls": [{"tool": "loans_list", "args": {"branch": "north"}, "status": "ok",
                       "result": "loan,member,due\nL-1,Ada,2026-12-09\nL-2,Bo,2026-12-11"}],
            "reply": "Nothing overdue: the next return is due on 2026-12-09. {{receipt:0}}",
            "expect": []}


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "due.jsonl"
    path.write_text(json.dumps(SCENARIO) + "\n", encoding="utf-8")
    return path


def test_receipts_carry_the_pinned_moment(tmp_path: Path) -> None:
    """With ``now``, every receipt of the turn carries that epoch, not the clock's."""
    scenario = load_scenarios(_write(tmp_path))[0]
    outcome = anyio.run(lambda: run_scenario(scenario, now=NOON))
    assert f"zc-receipt-{NOON}-" in outcome.reply
    assert [] == [f.type.value for f in outcome.report.findings]


def test_the_day_decides_a_dated_claim(tmp_path: Path) -> None:
    """The same honest reply is clean on 5 December and a false absence a week later, when
    2026-12-09 has passed: the pinned day, not the bench's own, is the turn's day."""
    scenario = load_scenarios(_write(tmp_path))[0]
    later = anyio.run(lambda: run_scenario(scenario, now=NOON + 7 * 86400))
    assert ["false_absence"] == [f.type.value for f in later.report.findings]


def test_cli_reads_an_iso_date_and_rejects_anything_else(tmp_path: Path) -> None:
    """``--now 2026-12-05`` runs at that day's noon; ``--now yesterday`` exits 2 saying why."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    path = str(_write(tmp_path))
    good = subprocess.run([sys.executable, "-m", "zeroclaw_daemon", "audit-bench", path,
                           "--json", "--details", "--now", "2026-12-05"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert 0 == good.returncode, good.stderr
    assert 0 == json.loads(good.stdout)["false_positives"]
    bad = subprocess.run([sys.executable, "-m", "zeroclaw_daemon", "audit-bench", path,
                          "--now", "yesterday"], capture_output=True, text=True, env=env,
                         timeout=60)
    assert 2 == bad.returncode
    assert "'yesterday' is not an ISO date or date-time" in bad.stderr


def test_a_made_up_token_is_forged_at_any_pinned_moment(tmp_path: Path) -> None:
    """``{{forged}}`` is dated by the scope's clock: pinned a day after the real clock, it
    is still ``forged`` (dated by the real clock it read ``stale``, before the scope began)."""
    later = dict(SCENARIO, reply="Nothing overdue: the next return is due on 2026-12-09. "
                 "{{forged}}", expect=["forged_receipt"])
    path = tmp_path / "forged.jsonl"
    path.write_text(json.dumps(later) + "\n", encoding="utf-8")
    scenario = load_scenarios(path)[0]
    tomorrow = time.time() + 86400
    outcome = anyio.run(lambda: run_scenario(scenario, now=tomorrow))
    assert ["forged_receipt"] == [f.type.value for f in outcome.report.findings]
