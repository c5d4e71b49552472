"""``zeroclaw audit-bench FILE.jsonl [--json] [--details] [--now WHEN]``; the harness is in
agent/."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from zeroclaw_daemon.agent.audit_bench import run_audit_bench
from zeroclaw_daemon.logs import configure_logging


@click.command("audit-bench")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--details", is_flag=True,
              help="Per scenario: expected and found findings with spans, rules and evidence.")
@click.option("--now", "when", metavar="WHEN",
              help="The moment the scenarios' turns happen, as the receipts record it: an ISO "
                   "date or date-time (UTC unless it says otherwise), e.g. 2026-12-05 or "
                   "2026-12-05T12:00:00Z. Default: the clock. Rules that read dates (\"3 days "
                   "ago\", \"nothing overdue\") judge them from this day.")
def audit_bench_command(file: Path, as_json: bool, details: bool, when: str | None) -> None:
    """Audit the replies of a scenario FILE (JSON lines) and report detection rates."""
    now = None if when is None else _epoch(when)
    # The stand-in tools fail on purpose; their WARN lines would bury the table.
    # ZEROCLAW_LOG / RUST_LOG still win.
    configure_logging("error")
    sys.exit(run_audit_bench(file, as_json, details=details, now=now))


def _epoch(when: str) -> float:
    """``--now``'s value as epoch seconds; a date alone is its noon (UTC)."""
    try:
        moment = dt.datetime.fromisoformat(when.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"{when!r} is not an ISO date or date-time",
                                 param_hint="--now") from None
    if len(when.strip()) == 10:
        moment = moment.replace(hour=12)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.timestamp()
