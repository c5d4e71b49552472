"""``[[tools.mcp]]``: Model Context Protocol servers whose tools the agent may call.

One table per server. ``transport = "stdio"`` runs ``command`` with ``args`` and an
environment made only of what the table names (``env`` values written in the file,
``env_from`` values copied from the daemon's environment by variable name);
``transport = "http"`` connects to ``url`` (streamable HTTP) with headers whose values
come from named environment variables (``headers_env``). Secrets never sit in the file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, PlainSerializer

from zeroclaw_daemon.config._types import Count, HttpUrl, Seconds, StrTuple, _Section

_SERVER_NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]|_(?!_)){0,31}")
_ENV_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HEADER_NAME = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`|~-]+")

Pairs = tuple[tuple[str, str], ...]


def _table_to_pairs(value: object) -> object:
    # A TOML table arrives as a dict; the frozen, hashable model keeps it as sorted pairs
    # and writes it back as a table.
    if isinstance(value, Mapping):
        return tuple(sorted((k, v) for k, v in value.items()))
    return value


def _check_env_keys(value: Pairs) -> Pairs:
    for key, item in value:
        if not _ENV_KEY.fullmatch(key):
            raise ValueError("keys must be environment variable names")
        if "\0" in item:
            raise ValueError("values must not contain NUL")
    return value


def _check_env_refs(value: Pairs) -> Pairs:
    _check_env_keys(value)
    for _, name in value:
        if not _ENV_KEY.fullmatch(name):
            raise ValueError("values must be the NAMES of environment variables, "
                             "never the secrets themselves")
    return value


def _check_header_refs(value: Pairs) -> Pairs:
    for header, name in value:
        if not _HEADER_NAME.fullmatch(header):
            raise ValueError("keys must be HTTP header names")
        if not _ENV_KEY.fullmatch(name):
            raise ValueError("values must be the NAMES of environment variables, "
                             "never the secrets themselves")
    return value


def _check_server_name(value: str) -> str:
    if not _SERVER_NAME.fullmatch(value):
        raise ValueError("expected 1-32 lowercase letters, digits, '-' or '_' (no '__': it "
                         "separates the server from the tool in a tool's name)")
    return value


def _pairs_as_table(value: Pairs) -> dict[str, str]:
    return dict(value)


_PairsField = Annotated[Pairs, BeforeValidator(_table_to_pairs),
                        PlainSerializer(_pairs_as_table)]
EnvValues = Annotated[_PairsField, AfterValidator(_check_env_keys)]
EnvRefs = Annotated[_PairsField, AfterValidator(_check_env_refs)]
HeaderRefs = Annotated[_PairsField, AfterValidator(_check_header_refs)]


class McpServerConfig(_Section):
    """One ``[[tools.mcp]]`` table: a server, how to reach it, and what of it to offer."""

    name: Annotated[str, AfterValidator(_check_server_name)]
    enabled: bool = True
    transport: Literal["stdio", "http"] = "stdio"
    # stdio
    command: str = ""
    args: StrTuple = ()
    cwd: str = ""
    env: EnvValues = ()
    env_from: EnvRefs = ()
    # http (streamable HTTP)
    url: HttpUrl = ""
    headers_env: HeaderRefs = ()
    # What the model is offered: every tool the server lists, or only these names.
    allow: StrTuple = ()
    # readOnlyHint annotations make a tool a read tool only when the server is trusted.
    trust_annotations: bool = False
    # Other names of what the server's tools act on ("pagerduty", "incident"): the reply
    # auditor links "I acknowledged the PagerDuty incident" to these tools through them.
    aliases: StrTuple = ()
    timeout_s: Seconds = 30.0
    connect_timeout_s: Seconds = 20.0
    max_output_chars: Count = 65_536
    ping_interval_s: Seconds = 30.0
    restart_initial_s: Seconds = 1.0
    restart_max_s: Seconds = 60.0


McpServers = Annotated[tuple[McpServerConfig, ...], BeforeValidator(
    lambda value: tuple(value) if isinstance(value, list) else value)]


def mcp_problems(servers: tuple[McpServerConfig, ...]) -> list[tuple[str, str]]:
    """(dotted path, message) for what one table alone cannot check."""
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for index, server in enumerate(servers):
        where = f"tools.mcp[{index}]"
        if server.name in seen:
            problems.append((f"{where}.name", "another [[tools.mcp]] server has this name"))
        seen.add(server.name)
        if server.transport == "stdio":
            if not server.command.strip():
                problems.append((f"{where}.command", "required when transport is stdio"))
            for key in ("url", "headers_env"):
                if getattr(server, key):
                    problems.append((f"{where}.{key}", "only for transport http"))
        else:
            if not server.url:
                problems.append((f"{where}.url", "required when transport is http"))
            for key in ("command", "args", "cwd", "env", "env_from"):
                if getattr(server, key):
                    problems.append((f"{where}.{key}", "only for transport stdio"))
        if server.restart_max_s < server.restart_initial_s:
            problems.append((f"{where}.restart_max_s", "must be at least restart_initial_s"))
    return problems
