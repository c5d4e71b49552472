"""All configured MCP servers of one config, as one async context and one tool map.

``async with McpHub(cfg.tools.mcp, ...) as hub:`` starts a supervisor task per enabled
server in the hub's task group (so every MCP session's task group has the caller's
task as an ancestor: the daemon's root group, or ``zeroclaw agent``'s), waits for each
server's first connection attempt (bounded by its ``connect_timeout_s``), and offers
:meth:`tools`. Leaving the block cancels the supervisors; the SDK then stops each
stdio server (stdin closed, SIGTERM, SIGKILL to its process group, all bounded).

A server that was down at the first attempt offers no tools until the next reload
(the model's tool list is fixed per config generation); it keeps being restarted.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TextIO

import anyio

from zeroclaw_daemon.config.mcp import McpServerConfig
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.taskgroups import HeldTaskGroup
from zeroclaw_daemon.tools.base import Tool
from zeroclaw_daemon.tools.mcp.server import LOG_TARGET, McpServer, ServerStatus
from zeroclaw_daemon.tools.mcp.tool import McpTool, schema_problem

# Slack over the servers' connect timeouts for spawning and the SDK's own steps.
FIRST_ATTEMPT_SLACK_S = 5.0


class McpHub:
    """The MCP servers of one config (see the module docstring)."""

    def __init__(self, servers: Sequence[McpServerConfig], *,
                 environ: Mapping[str, str] | None = None, base_dir: Path | None = None,
                 stderr_dir: Path | None = None) -> None:
        env = os.environ if environ is None else environ
        self._configs = [server for server in servers if server.enabled]
        self._base_dir = base_dir
        self._stderr_dir = stderr_dir
        self._env = env
        self.servers: dict[str, McpServer] = {}
        self._tools: dict[str, Tool] = {}
        self._tasks = HeldTaskGroup("McpHub")
        self._files: contextlib.ExitStack = contextlib.ExitStack()
        self._log = get_logger(LOG_TARGET)

    def __repr__(self) -> str:
        return f"<McpHub servers={sorted(self.servers)}>"

    async def __aenter__(self) -> McpHub:
        task_group = await self._tasks.open()
        try:
            for cfg in self._configs:
                server = McpServer(cfg, environ=self._env, cwd=self._cwd(cfg),
                                   stderr=self._stderr_for(cfg))
                self.servers[cfg.name] = server
                task_group.start_soon(server.run)
            deadline = max((cfg.connect_timeout_s for cfg in self._configs), default=0.0)
            with anyio.move_on_after(deadline + FIRST_ATTEMPT_SLACK_S):
                for server in self.servers.values():
                    await server.first_attempt.wait()
            self._tools = self._build_tools()
        except BaseException as exc:
            await self._tasks.abort(exc)
            self._files.close()
            raise
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        try:
            return await self._tasks.close(exc_type, exc, tb)
        finally:
            self._files.close()

    def tools(self) -> dict[str, Tool]:
        """The tools of every server that was ready at the first attempt, by model name."""
        return dict(self._tools)

    def status(self) -> list[ServerStatus]:
        return [server.status() for server in self.servers.values()]

    def _build_tools(self) -> dict[str, Tool]:
        tools: dict[str, Tool] = {}
        for server in self.servers.values():
            allow = set(server.config.allow)
            if server.state.value != "ready":
                self._log.warning("MCP server not ready at start; its tools are offered "
                                  "after the next reload", server=server.name,
                                  state=server.state.value, reason=server.last_error)
                continue
            for mcp_tool in server.tools.values():
                if allow and mcp_tool.name not in allow:
                    continue
                problem = schema_problem(mcp_tool.input_schema)
                if problem is not None:
                    self._log.warning("MCP tool not offered", server=server.name,
                                      tool=mcp_tool.name, reason=problem)
                    continue
                tool = McpTool(server, mcp_tool)
                if tool.name in tools:
                    self._log.warning("MCP tool not offered: its name collides",
                                      server=server.name, tool=mcp_tool.name, name=tool.name)
                    continue
                tools[tool.name] = tool
            missing = sorted(allow - set(server.tools))
            if missing:
                self._log.warning("MCP server does not list allowed tools", server=server.name,
                                  missing=missing)
        return tools

    def _cwd(self, cfg: McpServerConfig) -> Path | None:
        if not cfg.cwd:
            return None
        path = Path(cfg.cwd).expanduser()
        if not path.is_absolute() and self._base_dir is not None:
            path = self._base_dir / path
        return path

    def _stderr_for(self, cfg: McpServerConfig) -> TextIO | None:
        """The file the server's stderr goes to: ``<stderr_dir>/mcp-<name>.stderr`` (0600,
        appended across restarts), else /dev/null: never the daemon's own log stream."""
        if self._stderr_dir is None:
            return self._files.enter_context(open(os.devnull, "w", encoding="utf-8"))
        path = self._stderr_dir / f"mcp-{cfg.name}.stderr"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return self._files.enter_context(os.fdopen(fd, "a", encoding="utf-8"))
