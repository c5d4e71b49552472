"""Tools the agent can call, and :func:`build_tools` to make them from a config.

``delegate`` is not built here: it needs the agent runtime (provider and the
other tools), so the agent adds it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
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


def tool_path(cfg: Config, value: str, dotted: str,
              environ: Mapping[str, str] | None = None) -> Path:
    """Where a tool path of the config points.

    Relative paths resolve against the config file's directory, except under
    systemd's ``StateDirectory=`` (``$STATE_DIRECTORY`` set), where the config sits
    in read-only /etc: there they resolve against the state directory and must
    stay inside it (a ``..`` meant for a checkout would otherwise expose /etc or
    /var/lib to the model). The directory is created (0700) when missing.
    """
    env = os.environ if environ is None else environ
    path = Path(value).expanduser()
    if path.is_absolute():
        return path
    state = env.get("STATE_DIRECTORY", "").split(":")[0]
    if not state:
        resolved = cfg.resolve_path(value)
    else:
        base = Path(state)
        resolved = Path(os.path.normpath(base / path))
        if os.path.commonpath([base, resolved]) != str(base):
            source = str(cfg.source or "<config>")
            raise ConfigError(source, [ConfigProblem(
                dotted, "a relative path must stay inside $STATE_DIRECTORY under systemd")])
    # The default workspace of a new config (or a new StateDirectory) starts empty.
    resolved.mkdir(mode=0o700, parents=True, exist_ok=True)
    return resolved


def build_tools(cfg: Config, environ: Mapping[str, str] | None = None) -> dict[str, Tool]:
    """The enabled tools of ``cfg``, keyed by name (paths: see :func:`tool_path`)."""
    tools: list[Tool] = []
    shell = cfg.tools.shell
    files_root = tool_path(cfg, cfg.tools.files.root, "tools.files.root", environ)
    if shell.enabled:
        try:
            tools.append(ShellTool(
                allow=list(shell.allow),
                workdir=tool_path(cfg, shell.workdir, "tools.shell.workdir", environ),
                root=files_root, timeout_s=shell.timeout_s,
                max_output_bytes=shell.max_output_bytes))
        except ValueError as exc:
            path = "tools.shell.workdir" if "working directory" in str(exc) else "tools.shell.allow"
            source = str(cfg.source or "<config>")
            raise ConfigError(source, [ConfigProblem(path, str(exc))]) from None
    files = cfg.tools.files
    if files.enabled:
        root = files_root
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
