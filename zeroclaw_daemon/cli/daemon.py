"""``zeroclaw daemon --config PATH``: run the channel-server daemon."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from zeroclaw_daemon.cli.common import config_path_option, resolve_config_path
from zeroclaw_daemon.daemon.service import run_daemon


@click.command("daemon")
@config_path_option
def daemon_command(config_path: Path | None) -> None:
    """Run the channel-server daemon until SIGTERM/SIGINT; SIGHUP reloads the config.

    Exit codes: 0 after a clean stop, 78 for a bad config, 69 when a listener cannot
    bind at start, 130 after a forced stop.
    """
    # A missing or unreadable file is a config error (exit 78), not a usage error,
    # so systemd's RestartPreventExitStatus=78 stops retrying it.
    sys.exit(run_daemon(resolve_config_path(config_path)))
