"""An MCP server's tool as a :class:`~zeroclaw_daemon.tools.base.Tool`.

The model sees ``<server>__<tool>`` (so no MCP tool can shadow a built-in one, whose
names hold no ``__``), the server's description and input schema. The middleware
validates arguments against that schema before :meth:`McpTool.run`, exactly as for a
built-in tool. A result with ``isError`` is a failure (no receipt); a good result is
flattened to text and capped, then truncated, defanged and signed by the middleware.

Autonomy: an MCP tool may do anything, so it is ``exec`` (stdio) or ``network`` (http),
needing approval under ``supervised``; only a server whose hints the config trusts
(``trust_annotations``) turns a tool with ``readOnlyHint`` into a ``read`` tool.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import mcp_types
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from jsonschema.validators import validator_for

from zeroclaw_daemon.errors import ToolExecutionError
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput
from zeroclaw_daemon.tools.mcp.content import flatten_result
from zeroclaw_daemon.tools.mcp.server import McpServer

# Provider APIs accept tool names of [A-Za-z0-9_-]{1,64}.
MAX_TOOL_NAME_CHARS = 64
MAX_DESCRIPTION_CHARS = 2000
MAX_ERROR_CHARS = 1000
NAME_SEPARATOR = "__"
_NOT_NAME_CHAR = re.compile(r"[^A-Za-z0-9_-]")


def namespaced_name(server: str, tool: str) -> str:
    """``<server>__<tool>`` with characters providers refuse replaced, at most 64 chars."""
    return f"{server}{NAME_SEPARATOR}{_NOT_NAME_CHAR.sub('_', tool)}"[:MAX_TOOL_NAME_CHARS]


def schema_problem(schema: Mapping[str, Any]) -> str | None:
    """Why ``schema`` cannot validate arguments (None when it can)."""
    if schema.get("type", "object") != "object":
        return "its input schema does not describe an object"
    try:
        validator_for(schema, default=Draft202012Validator).check_schema(dict(schema))
    except SchemaError as exc:
        return f"its input schema is invalid ({exc.message[:200]})"
    except Exception as exc:  # an unknown $schema dialect and the like
        return f"its input schema is unusable ({type(exc).__name__})"
    return None


def risk_for(server: McpServer, tool: mcp_types.Tool) -> RiskClass:
    annotations = tool.annotations
    if (server.config.trust_annotations and annotations is not None
            and annotations.read_only_hint is True):
        return RiskClass.READ
    return RiskClass.EXEC if server.config.transport == "stdio" else RiskClass.NETWORK


class McpTool(Tool):
    """One tool of one MCP server."""

    def __init__(self, server: McpServer, tool: mcp_types.Tool) -> None:
        self.server = server
        self.remote_name = tool.name
        self.name = namespaced_name(server.name, tool.name)
        description = (tool.description or tool.title or tool.name).strip()
        if len(description) > MAX_DESCRIPTION_CHARS:
            description = description[: MAX_DESCRIPTION_CHARS - 3] + "..."
        self.description = f"{description} (tool {tool.name!r} of MCP server {server.name!r})"
        schema = dict(tool.input_schema)
        schema.setdefault("type", "object")
        self.parameters = schema
        self.risk = risk_for(server, tool)
        self.timeout_s = server.config.timeout_s
        self.aliases = server.config.aliases

    def __repr__(self) -> str:
        return f"<McpTool name={self.name!r} risk={self.risk.value}>"

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        result = await self.server.call(self.remote_name, dict(args), self.name)
        text = flatten_result(result, self.server.config.max_output_chars)
        if result.is_error:
            shown = text.strip() or "no details"
            if len(shown) > MAX_ERROR_CHARS:
                shown = shown[: MAX_ERROR_CHARS - 3] + "..."
            raise ToolExecutionError(self.name, f"the MCP tool reported an error: {shown}")
        return ToolOutput(text)
