"""Model Context Protocol servers as tools, on the official ``mcp`` SDK (client side).

- :mod:`.server`: one server's supervisor (connect, list, call, ping, restart with backoff)
- :mod:`.tool`: :class:`McpTool`, a server's tool under the receipt middleware
- :mod:`.content`: MCP content blocks flattened to the text the model sees (and signs)
- :mod:`.hub`: :class:`McpHub`, every server of a config in one task group

The config tables are ``[[tools.mcp]]`` (:mod:`zeroclaw_daemon.config.mcp`: config sits
below tools in the layer order, so the models live there).
"""

from __future__ import annotations

from zeroclaw_daemon.tools.mcp.content import flatten_result
from zeroclaw_daemon.tools.mcp.hub import McpHub
from zeroclaw_daemon.tools.mcp.server import McpServer, ServerState, ServerStatus
from zeroclaw_daemon.tools.mcp.tool import McpTool, namespaced_name

__all__ = ["McpHub", "McpServer", "McpTool", "ServerState", "ServerStatus", "flatten_result",
           "namespaced_name"]
