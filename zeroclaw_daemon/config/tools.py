"""``[tools.*]``: one table per built-in tool, and ``[[tools.mcp]]`` servers."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from zeroclaw_daemon.config._types import Count, NonEmptyStr, Seconds, StrTuple, _Section
from zeroclaw_daemon.config.mcp import McpServers

DEFAULT_DELEGATE_PROMPT = (
    "You are a focused sub-agent. Complete the single task you are given with the tools "
    "available, then answer with the result only."
)
# read_file and list_dir already read and list (confined, race-free), so cat, head,
# tail and ls are not in the default list; each program here has an argument
# policy (zeroclaw_daemon/tools/argpolicy.py) and a program without one cannot run.
DEFAULT_SHELL_ALLOW = ("echo", "date", "uname", "wc", "grep", "git")


class ShellToolConfig(_Section):
    """``[tools.shell]``: argv commands from an allow-list (no shell)."""

    enabled: bool = True
    allow: StrTuple = DEFAULT_SHELL_ALLOW
    # Relative: next to the config file, or under $STATE_DIRECTORY with systemd.
    workdir: NonEmptyStr = "workspace"
    timeout_s: Seconds = 20.0
    max_output_bytes: Count = 65_536


class FilesToolConfig(_Section):
    """``[tools.files]``: read and write files confined to ``root``."""

    enabled: bool = True
    root: NonEmptyStr = "workspace"
    max_read_bytes: Count = 1_048_576
    max_write_bytes: Count = 1_048_576


class HttpGetToolConfig(_Section):
    """``[tools.http_get]``: fetch URLs, refusing private addresses unless allowed."""

    enabled: bool = True
    allow_hosts: StrTuple = ()
    deny_hosts: StrTuple = ()
    allow_private: bool = False
    timeout_s: Seconds = 20.0
    max_bytes: Count = 1_048_576


class DelegateToolConfig(_Section):
    """``[tools.delegate]``: hand a sub-task to a sub-agent sharing the receipt scope."""

    enabled: bool = True
    system_prompt: str = DEFAULT_DELEGATE_PROMPT
    max_tool_iterations: Count = 6
    # Background delegates (background=true): how many may run at once in the process
    # and per conversation, and how long one may take (default: derived from the
    # provider and tool deadlines and max_tool_iterations when 0).
    max_background: Count = 8
    max_background_per_conversation: Count = 2
    background_timeout_s: Annotated[float, Field(ge=0)] = 0.0


class ToolsConfig(_Section):
    """``[tools.*]``: one table per built-in tool."""

    shell: ShellToolConfig = Field(default_factory=ShellToolConfig)
    files: FilesToolConfig = Field(default_factory=FilesToolConfig)
    http_get: HttpGetToolConfig = Field(default_factory=HttpGetToolConfig)
    delegate: DelegateToolConfig = Field(default_factory=DelegateToolConfig)
    # [[tools.mcp]]: MCP servers (config/mcp.py); their tools are named <server>__<tool>.
    mcp: McpServers = ()
