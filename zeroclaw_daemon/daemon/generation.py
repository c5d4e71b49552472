"""A generation: everything the daemon builds from one config, replaced as a whole on reload.

Provider, tools (MCP servers included), leak redactor and agent runtime are
built together; :func:`host_generation` holds them open until the generation
is retired (a reload or shutdown) and idle, then releases the provider. What
outlives a reload (receipt scope, histories, metrics, dispatcher) stays in
:class:`~zeroclaw_daemon.daemon.context.ChannelRuntimeContext`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
from anyio.abc import TaskGroup, TaskStatus

from ..agent.background import BackgroundSlots, FollowupSender
from ..agent.history import ConversationHistory
from ..agent.loop import AgentRuntime, TurnObserver
from ..config import Config
from ..errors import ConfigError, ConfigProblem
from ..logs import get_logger
from ..providers import build_provider
from ..providers.base import Provider
from ..security.leaks import LeakRedactor
from ..storage import AuditDB, NewerSchemaError, audit_db_path
from ..tools import build_tools
from ..tools.base import Tool
from .settings import configured_secrets, ensure_private_dir, resolve_state_dir

if TYPE_CHECKING:
    from ..tools.mcp import McpHub

LOG_TARGET = "zeroclaw_daemon"
# Slack past their timeout for a retired generation's background delegates to report.
RETIRE_BACKGROUND_S = 10.0


@dataclass(eq=False)
class Generation:
    """Everything built from one config; replaced as a whole on reload."""

    config: Config
    provider: Provider
    tools: dict[str, Tool]
    audit_db: AuditDB
    runtime: AgentRuntime
    redactor: LeakRedactor
    mcp: McpHub | None
    # Set when the generation is done: its MCP servers are stopped.
    mcp_done: anyio.Event = field(default_factory=anyio.Event)
    active: int = 0
    retired: anyio.Event = field(default_factory=anyio.Event)
    idle: anyio.Event = field(default_factory=anyio.Event)

    def enter(self) -> None:
        self.active += 1

    def leave(self) -> None:
        self.active -= 1
        if self.active == 0:
            self.idle.set()


async def build_generation(cfg: Config, task_group: TaskGroup, *, environ: Mapping[str, str],
                           audit_db: AuditDB, observer: TurnObserver,
                           followup: FollowupSender | None, background_slots: BackgroundSlots,
                           history: ConversationHistory) -> Generation:
    """Build a generation from ``cfg`` (its MCP servers hosted in ``task_group``); raises,
    with nothing left running, if ``cfg`` cannot be built."""
    provider = build_provider(cfg, cfg.resolve_path)
    mcp_done = anyio.Event()
    try:
        tools = build_tools(cfg)
        # MCP servers are connected (and their tools listed) before the runtime is
        # built: the model's tool list is fixed per generation.
        hub: McpHub | None = None
        if any(server.enabled for server in cfg.tools.mcp):
            # Imported only when used: the MCP SDK takes a second or more to import.
            from ..tools.mcp import McpHub
            hub = McpHub(cfg.tools.mcp, environ=environ, base_dir=cfg.base_dir,
                         stderr_dir=audit_db.path.parent)
            await task_group.start(host_mcp, hub, mcp_done)
            tools.update(hub.tools())
        redactor = LeakRedactor(configured_secrets(cfg, environ))
        runtime = AgentRuntime(cfg, provider, tools, audit_db=audit_db, observer=observer,
                               followup=followup, background_slots=background_slots)
    except BaseException:
        mcp_done.set()
        with anyio.CancelScope(shield=True):
            await provider.aclose()
        raise
    # One history for the process: a reload must not make the agent forget.
    runtime.history = history
    generation = Generation(cfg, provider, tools, audit_db, runtime, redactor, hub, mcp_done)
    generation.idle.set()
    return generation


async def host_generation(generation: Generation,
                          *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
    """Hold a generation's runtime open (its task group runs background delegates)
    until it is retired and idle, then release its provider."""
    log = get_logger(LOG_TARGET)
    try:
        async with generation.runtime:
            task_status.started()
            await generation.retired.wait()
            await generation.idle.wait()
            if generation.runtime.background_active:
                # Kept across a reload like an in-flight turn, within their timeout.
                await generation.runtime.wait_background(
                    generation.runtime.background_timeout_s + RETIRE_BACKGROUND_S)
    finally:
        generation.mcp_done.set()
        with anyio.CancelScope(shield=True), anyio.move_on_after(10):
            try:
                await generation.provider.aclose()
            except Exception as exc:
                log.warning("Closing the model provider failed", error=type(exc).__name__)


async def host_mcp(hub: McpHub, done: anyio.Event,
                   *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
    """Hold a generation's MCP servers (their sessions' task groups are children of this
    task, in the context's task group) until the generation is done or cancelled."""
    async with hub:
        task_status.started()
        await done.wait()


async def close_when_idle(generation: Generation, db: AuditDB) -> None:
    """Close ``db`` once ``generation`` (which may still write to it) is idle."""
    try:
        await generation.idle.wait()
    finally:
        with anyio.CancelScope(shield=True):
            await db.aclose()


class AuditDbPool:
    """The open audit logs, one per (path, store_payloads): generations that agree on both
    share one writer, so a reload that changes neither keeps the same database open."""

    def __init__(self) -> None:
        self._dbs: dict[tuple[Path, bool], AuditDB] = {}

    @staticmethod
    def _key(cfg: Config, environ: Mapping[str, str]) -> tuple[Path, bool]:
        return (audit_db_path(resolve_state_dir(cfg, environ)), cfg.daemon.store_payloads)

    def get(self, cfg: Config, environ: Mapping[str, str]) -> AuditDB:
        """The audit log ``cfg`` writes to (opened, state directory made private, if new)."""
        ensure_private_dir(resolve_state_dir(cfg, environ))
        key = self._key(cfg, environ)
        db = self._dbs.get(key)
        if db is None:
            try:
                db = AuditDB(key[0], store_payloads=cfg.daemon.store_payloads)
            except NewerSchemaError as exc:   # another daemon's log: a start-up problem (78)
                source = str(cfg.source) if cfg.source is not None else "config"
                raise ConfigError(source, [ConfigProblem("daemon.state_dir", str(exc))]) \
                    from None
            self._dbs[key] = db
        return db

    def unused(self, cfg: Config, environ: Mapping[str, str]) -> list[AuditDB]:
        """Take out every audit log ``cfg`` does not write to; the caller closes them."""
        in_use = self._key(cfg, environ)
        return [self._dbs.pop(key) for key in [k for k in self._dbs if k != in_use]]

    async def aclose(self) -> None:
        dbs = list(self._dbs.values())
        self._dbs.clear()
        with anyio.CancelScope(shield=True):
            for db in dbs:
                await db.aclose()
