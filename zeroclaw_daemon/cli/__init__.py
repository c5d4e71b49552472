"""The ``zeroclaw`` command line: :mod:`.common` holds the group and the shared options,
each other module one command group. Commands import the layers below, never each other.

Command modules are imported on first use (see :class:`.common.ZeroclawGroup`).
"""

from __future__ import annotations

from zeroclaw_daemon.cli.common import main, run_cli_errors

__all__ = ["main", "run_cli_errors"]

main.lazy.update({
    "config": "zeroclaw_daemon.cli.config:config_group",
    "receipts": "zeroclaw_daemon.cli.receipts:receipts_group",
    "daemon": "zeroclaw_daemon.cli.daemon:daemon_command",
    "agent": "zeroclaw_daemon.cli.agent:agent_command",
    "audit-bench": "zeroclaw_daemon.cli.audit_bench:audit_bench_command",
    "mcp": "zeroclaw_daemon.cli.mcp:mcp_group",
})
