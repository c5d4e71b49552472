"""The ``zeroclaw`` command line: :mod:`.common` holds the group and the shared options,
each other module one command group. Commands import the layers below, never each other.
"""

from __future__ import annotations

from zeroclaw_daemon.cli.agent import agent_command
from zeroclaw_daemon.cli.audit_bench import audit_bench_command
from zeroclaw_daemon.cli.common import main, run_cli_errors
from zeroclaw_daemon.cli.config import config_group
from zeroclaw_daemon.cli.daemon import daemon_command
from zeroclaw_daemon.cli.mcp import mcp_group
from zeroclaw_daemon.cli.receipts import receipts_group

__all__ = ["main", "run_cli_errors"]

for _command in (config_group, receipts_group, daemon_command, agent_command,
                 audit_bench_command, mcp_group):
    main.add_command(_command)
