"""One MCP server: connect, list its tools, call them, watch it, restart it with backoff.

:meth:`McpServer.run` is the server's supervisor task (its parent is the hub's task
group, itself hosted by the daemon's). One connection at a time::

    connect (stdio: spawn; http: streamable HTTP) -> initialize -> tools/list   (bounded)
    ready: calls go through; a ping every ping_interval_s (bounded by connect_timeout_s)
    the stream ends (the process exited), a ping fails (it hangs) or a call finds the
    connection closed -> tear down (the SDK closes stdin, then SIGTERM, SIGKILL the
    process group, every step bounded) -> "restarting": calls are refused with the reason
    -> sleep (restart_initial_s doubling up to restart_max_s; reset after a healthy minute)
    -> connect again

A stdio server's environment is the SDK's short list of non-secret basics (PATH, HOME,
USER, LOGNAME, SHELL, TERM) plus exactly what the config names: ``env`` values and
``env_from`` variables. Nothing else of the daemon's environment reaches it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

import anyio
import httpx2
import mcp_types
from anyio.abc import TaskStatus
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage

from zeroclaw_daemon import __version__
from zeroclaw_daemon.backoff import Backoff, BackoffPolicy
from zeroclaw_daemon.config.mcp import McpServerConfig
from zeroclaw_daemon.errors import ToolExecutionError
from zeroclaw_daemon.logs import get_logger

LOG_TARGET = "zeroclaw_runtime::mcp"
CLIENT_INFO = mcp_types.Implementation(name="zeroclaw", version=__version__)
# A server that stayed up this long is healthy again: its next restart waits the least.
HEALTHY_AFTER_S = 60.0
# Bounded paging: a server that keeps handing out cursors is not believed forever.
MAX_TOOL_PAGES = 20
MAX_REASON_CHARS = 300


class ServerState(StrEnum):
    """Where a server's supervisor is."""

    STARTING = "starting"
    READY = "ready"
    RESTARTING = "restarting"
    STOPPED = "stopped"


@dataclass(frozen=True, slots=True)
class ServerStatus:
    """What ``zeroclaw mcp list`` and /healthz show of a server."""

    name: str
    transport: str
    state: str
    tools: tuple[str, ...]
    restarts: int
    last_error: str

    def to_dict(self) -> dict[str, object]:
        return {"transport": self.transport, "state": self.state, "tools": list(self.tools),
                "restarts": self.restarts, "last_error": self.last_error}


class McpServer:
    """The supervisor of one configured server (see the module docstring)."""

    def __init__(self, config: McpServerConfig, *, environ: Mapping[str, str],
                 cwd: Path | None = None, stderr: TextIO | None = None) -> None:
        self.config = config
        self.name = config.name
        self._environ = environ
        self._cwd = cwd
        self._stderr = stderr
        self.state = ServerState.STARTING
        self.restarts = 0
        self.last_error = ""
        self.tools: dict[str, mcp_types.Tool] = {}
        self.first_attempt = anyio.Event()
        self._session: ClientSession | None = None
        self._lost: anyio.Event | None = None
        self._log = get_logger(LOG_TARGET).bind(server=self.name)

    def __repr__(self) -> str:
        return f"<McpServer name={self.name!r} state={self.state.value}>"

    def status(self) -> ServerStatus:
        return ServerStatus(self.name, self.config.transport, self.state.value,
                            tuple(sorted(self.tools)), self.restarts, self.last_error)

    # --- calls --------------------------------------------------------------------------------

    async def call(self, tool_name: str, arguments: dict[str, Any],
                   shown_name: str) -> mcp_types.CallToolResult:
        """Call ``tool_name``; ToolExecutionError when the server cannot take the call.

        Not bounded here: the receipt middleware runs every tool under its timeout, and
        its cancellation makes the SDK send ``notifications/cancelled`` to the server.
        """
        session, lost = self._session, self._lost
        if session is None or lost is None or self.state is not ServerState.READY:
            raise ToolExecutionError(shown_name, self._unavailable_reason())
        if tool_name not in self.tools:
            raise ToolExecutionError(shown_name, f"MCP server {self.name!r} no longer offers "
                                                 f"the tool {tool_name!r}")
        try:
            return await session.call_tool(tool_name, arguments)
        except MCPError as exc:
            if exc.code == mcp_types.CONNECTION_CLOSED:
                lost.set()
                raise ToolExecutionError(shown_name, f"MCP server {self.name!r} closed the "
                                                     "connection during the call; it is being "
                                                     "restarted") from None
            raise ToolExecutionError(shown_name, f"MCP server {self.name!r} answered with "
                                                 f"error {exc.code}: {_clip(exc.message)}"
                                     ) from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            lost.set()
            raise ToolExecutionError(shown_name, f"MCP server {self.name!r} is gone; it is "
                                                 "being restarted") from None
        except RuntimeError as exc:  # the SDK's output-schema and input-required checks
            raise ToolExecutionError(shown_name, f"MCP server {self.name!r} returned an "
                                                 f"unusable result: {_clip(str(exc))}") from None

    def _unavailable_reason(self) -> str:
        if self.state is ServerState.STARTING:
            return f"MCP server {self.name!r} is still starting; try again shortly"
        if self.state is ServerState.STOPPED:
            return f"MCP server {self.name!r} is stopped"
        why = f" ({self.last_error})" if self.last_error else ""
        return (f"MCP server {self.name!r} is unavailable{why} and is being restarted; "
                "its tools are refused until it is back")

    # --- supervision --------------------------------------------------------------------------

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Keep the server connected until cancelled; ``started`` after the first attempt."""
        cfg = self.config
        backoff = Backoff(BackoffPolicy(initial_s=cfg.restart_initial_s, max_s=cfg.restart_max_s))
        started = False
        try:
            while True:
                connected_at = time.monotonic()
                try:
                    async with self._connect() as lost:
                        if not started:
                            task_status.started()
                            started = True
                        await self._watch(lost)
                    reason = "the connection closed"
                except Exception as exc:  # any failure of the server restarts it
                    reason = describe_failure(exc)
                finally:
                    self._session = self._lost = None
                self.first_attempt.set()
                if not started:
                    task_status.started()
                    started = True
                if time.monotonic() - connected_at > HEALTHY_AFTER_S:
                    backoff.reset()
                delay = backoff.next_delay()
                self.state = ServerState.RESTARTING
                self.last_error = reason
                self._log.warning("MCP server unavailable; restarting", reason=reason,
                                  retry_in_s=round(delay, 3), failures=backoff.attempt)
                await anyio.sleep(delay)
                self.restarts += 1
        finally:
            self.state = ServerState.STOPPED
            self.first_attempt.set()

    @contextlib.asynccontextmanager
    async def _connect(self) -> AsyncIterator[anyio.Event]:
        """Connected, initialised and listed; yields the event set when the link is lost."""
        cfg = self.config
        lost = anyio.Event()
        async with contextlib.AsyncExitStack() as stack:
            if cfg.transport == "stdio":
                params = StdioServerParameters(command=cfg.command, args=list(cfg.args),
                                               env=self.child_environment(), cwd=self._cwd)
                streams = stdio_client(params, errlog=self._stderr) if self._stderr \
                    else stdio_client(params)
            else:
                http = await stack.enter_async_context(httpx2.AsyncClient(
                    headers=self._headers(),
                    timeout=httpx2.Timeout(cfg.connect_timeout_s, read=cfg.timeout_s + 30)))
                streams = streamable_http_client(cfg.url, http_client=http)
            read, write = await stack.enter_async_context(streams)
            session = await stack.enter_async_context(
                ClientSession(_WatchedReadStream(read, lost), write, client_info=CLIENT_INFO))
            with anyio.fail_after(cfg.connect_timeout_s):
                init = await session.initialize()
                tools = await _list_tools(session)
            self.tools = {tool.name: tool for tool in tools}
            self._session, self._lost = session, lost
            self.state = ServerState.READY
            self.first_attempt.set()
            server = init.server_info
            self._log.info("MCP server ready", server_name=server.name,
                           server_version=server.version, protocol=init.protocol_version,
                           tools=sorted(self.tools), restarts=self.restarts)
            yield lost

    async def _watch(self, lost: anyio.Event) -> None:
        """Return when the link is lost or the server stops answering pings."""
        cfg = self.config
        session = self._session
        assert session is not None
        while True:
            with anyio.move_on_after(cfg.ping_interval_s):
                await lost.wait()
                return
            try:
                with anyio.fail_after(cfg.connect_timeout_s):
                    await session.send_ping()
            except TimeoutError:
                raise ServerHangError(f"no answer to a ping within {cfg.connect_timeout_s:g} s"
                                      ) from None

    def child_environment(self) -> dict[str, str]:
        """What the config adds to a stdio server's environment (values of ``env``, and
        ``env_from`` copied by name from the daemon's; unset names are left out)."""
        env = dict(self.config.env)
        for key, name in self.config.env_from:
            value = self._environ.get(name)
            if value is not None:
                env[key] = value
        return env

    def _headers(self) -> dict[str, str]:
        return {header: self._environ.get(name, "") for header, name in self.config.headers_env
                if self._environ.get(name)}


class ServerHangError(Exception):
    """The server stopped answering."""


async def _list_tools(session: ClientSession) -> list[mcp_types.Tool]:
    tools: list[mcp_types.Tool] = []
    cursor: str | None = None
    for _ in range(MAX_TOOL_PAGES):
        params = mcp_types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await session.list_tools(params=params)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools


def describe_failure(exc: BaseException) -> str:
    """One line for an operator and the model: the innermost cause, never a traceback."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, TimeoutError):
        return "no answer within the connect timeout"
    if isinstance(exc, FileNotFoundError):
        return f"command not found: {exc.filename or exc}"
    text = str(exc).strip()
    return _clip(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_REASON_CHARS else text[: MAX_REASON_CHARS - 3] + "..."


class _WatchedReadStream:
    """The transport's read stream, setting ``lost`` when it ends (the server went away)."""

    def __init__(self, inner: Any, lost: anyio.Event) -> None:
        self._inner = inner
        self._lost = lost

    @property
    def last_context(self) -> Any:
        # The SDK's dispatcher reads the sender's context from streamable HTTP's streams.
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> SessionMessage | Exception:
        try:
            item: SessionMessage | Exception = await self._inner.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
            self._lost.set()
            raise
        return item

    def __aiter__(self) -> _WatchedReadStream:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def aclose(self) -> None:
        self._lost.set()
        await self._inner.aclose()

    async def __aenter__(self) -> _WatchedReadStream:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()
