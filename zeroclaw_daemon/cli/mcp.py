"""``zeroclaw mcp list``: each configured MCP server, its state and the tools it offers.

The command connects to every enabled ``[[tools.mcp]]`` server itself (as the daemon
does at start), lists its tools under the names the model sees, with the risk class
the autonomy policy applies, then stops the servers. Exit 0 when every enabled server
is ready, 1 otherwise, 78 for config errors.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import click

from zeroclaw_daemon.cli.common import ZeroclawGroup, config_path_option, load_cli_config
from zeroclaw_daemon.config import Config, check_secrets
from zeroclaw_daemon.errors import ConfigError


@click.group("mcp", cls=ZeroclawGroup)
def mcp_group() -> None:
    """Model Context Protocol servers of the config."""


@mcp_group.command("list")
@config_path_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def mcp_list(config_path: Path | None, as_json: bool) -> None:
    """Connect to each configured MCP server; show its state and tools."""
    cfg = load_cli_config(config_path)
    # Only the servers' secrets matter here (not the model provider's, say).
    missing = [p for p in check_secrets(cfg) if p.path.startswith("tools.mcp")]
    if missing:
        raise ConfigError(str(cfg.source or "config"), missing)
    servers = anyio.run(_probe, cfg)
    if as_json:
        click.echo(json.dumps({"servers": servers}, indent=2, ensure_ascii=False))
    else:
        _print(servers)
    ready = all(s["state"] in ("ready", "disabled") for s in servers)
    sys.exit(0 if ready else 1)


async def _probe(cfg: Config) -> list[dict[str, Any]]:
    # Imported here: the MCP SDK takes a second or more to import; other commands skip it.
    from zeroclaw_daemon.tools.mcp import McpHub, McpTool

    async with McpHub(cfg.tools.mcp, base_dir=cfg.base_dir) as hub:
        tools = [tool for tool in hub.tools().values() if isinstance(tool, McpTool)]
        shown: list[dict[str, Any]] = []
        for server_cfg in cfg.tools.mcp:
            server = hub.servers.get(server_cfg.name)
            if server is None:
                shown.append({"name": server_cfg.name, "transport": server_cfg.transport,
                              "state": "disabled", "error": "", "tools": []})
                continue
            status = server.status()
            shown.append({
                "name": status.name, "transport": status.transport,
                "state": "ready" if status.state == "ready" else "unavailable",
                "error": status.last_error,
                "tools": [{"name": tool.name, "mcp_name": tool.remote_name,
                           "risk": tool.risk.value} for tool in tools
                          if tool.server is server],
            })
        return shown


def _print(servers: list[dict[str, Any]]) -> None:
    if not servers:
        click.echo("No [[tools.mcp]] servers are configured.")
        return
    for server in servers:
        line = f"{server['name']}  {server['transport']}  {server['state']}"
        if server["error"]:
            line += f"  ({server['error']})"
        elif server["state"] == "ready":
            line += f"  {len(server['tools'])} tools"
        click.echo(line)
        for tool in server["tools"]:
            click.echo(f"  {tool['name']}  [{tool['risk']}]")
