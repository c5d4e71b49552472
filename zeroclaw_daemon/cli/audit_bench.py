"""``zeroclaw audit-bench FILE.jsonl [--json] [--details]``; the harness is in agent/."""

from __future__ import annotations

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
def audit_bench_command(file: Path, as_json: bool, details: bool) -> None:
    """Audit the replies of a scenario FILE (JSON lines) and report detection rates."""
    # The stand-in tools fail on purpose; their WARN lines would bury the table.
    # ZEROCLAW_LOG / RUST_LOG still win.
    configure_logging("error")
    sys.exit(run_audit_bench(file, as_json, details=details))
