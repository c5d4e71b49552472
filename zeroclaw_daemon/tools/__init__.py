"""Tools the agent can call, and :func:`build_tools` to make them from a config.

``delegate`` is not built here: it needs the agent runtime (provider and the
other tools), so the agent adds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zeroclaw_daemon.errors import ConfigError, ConfigProblem
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput
from zeroclaw_daemon.tools.files import ListDirTool, ReadFileTool, WriteFileTool
from zeroclaw_daemon.tools.http import HttpGetTool
from zeroclaw_daemon.tools.schema import validate_arguments
from zeroclaw_daemon.tools.shell import ShellTool

if TYPE_CHECKING:
    from zeroclaw_daemon.config import Config

__all__ = [
    "HttpGetTool",
    "ListDirTool",
    "ReadFileTool",
    "RiskClass",
    "ShellTool",
    "Tool",
    "ToolContext",
    "ToolOutput",
    "WriteFileTool",
    "build_tools",
    "validate_arguments",
]


def build_tools(cfg: Config) -> dict[str, Tool]:
    """The enabled tools of ``cfg``, keyed by name; relative paths resolve against the config."""
    tools: list[Tool] = []
    shell = cfg.tools.shell
    if shell.enabled:
        try:
            tools.append(ShellTool(
                allow=list(shell.allow), workdir=cfg.resolve_path(shell.workdir),
                root=cfg.resolve_path(cfg.tools.files.root), timeout_s=shell.timeout_s,
                max_output_bytes=shell.max_output_bytes))
        except ValueError as exc:
            path = "tools.shell.workdir" if "working directory" in str(exc) else "tools.shell.allow"
            source = str(cfg.source or "<config>")
            raise ConfigError(source, [ConfigProblem(path, str(exc))]) from None
    files = cfg.tools.files
    if files.enabled:
        root = cfg.resolve_path(files.root)
        tools.append(ReadFileTool(root=root, max_read_bytes=files.max_read_bytes))
        tools.append(WriteFileTool(root=root, max_write_bytes=files.max_write_bytes))
        tools.append(ListDirTool(root=root))
    http_get = cfg.tools.http_get
    if http_get.enabled:
        tools.append(HttpGetTool(allow_hosts=list(http_get.allow_hosts),
                                 deny_hosts=list(http_get.deny_hosts),
                                 allow_private=http_get.allow_private,
                                 timeout_s=http_get.timeout_s, max_bytes=http_get.max_bytes))
    return {tool.name: tool for tool in tools}
