"""ChannelRuntimeContext: the one object per daemon process that every channel shares.

It owns what must outlive a config reload: the single :class:`ReceiptScope`
(its key is never rotated, so receipts issued before a SIGHUP still verify
after it), the conversation histories, the metrics registry and the turn
dispatcher. Everything derived from the config (provider, tools, policy, audit
mode, audit database, leak redactor) lives in a *generation* (generation.py); a
reload builds a new generation and retires the old one once its in-flight turns
are done.

Every turn goes ``handle -> dispatcher -> AgentRuntime.run_turn`` and comes
back through the leak redactor before any channel sees it.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Mapping
from types import TracebackType

import anyio
from anyio.abc import TaskStatus

from .. import __version__
from ..agent.background import BackgroundResult, BackgroundSlots, FollowupSender
from ..agent.history import ConversationHistory
from ..agent.policy import ApprovalHook
from ..channels.base import InboundMessage, OutboundReply
from ..config import Config
from ..logs import get_logger
from ..receipts import ReceiptScope
from ..security.leaks import LeakRedactor
from ..storage.audit_db import AuditDB
from ..taskgroups import HeldTaskGroup, close_group
from .dispatch import TurnDispatcher
from .followups import FollowupRouter, FollowupSink
from .generation import (
    AuditDbPool,
    Generation,
    build_generation,
    close_when_idle,
    host_generation,
)
from .metrics import METRICS_CONTENT_TYPE, DaemonMetrics
from .outbound import outbound_reply

LOG_TARGET = "zeroclaw_daemon"


class ChannelRuntimeContext:
    """One per process: the receipt scope, the agent runtime and the shared state.

    Use as ``async with ChannelRuntimeContext(cfg) as ctx:``; channels call
    :meth:`handle`. The context implements the gateway's backend protocol.
    """

    def __init__(self, config: Config, *, environ: Mapping[str, str] | None = None,
                 metrics: DaemonMetrics | None = None, close_timeout_s: float = 10.0) -> None:
        self.close_timeout_s = close_timeout_s
        self._environ: Mapping[str, str] = os.environ if environ is None else environ
        self.metrics = metrics or DaemonMetrics()
        receipts = config.agent.tool_receipts
        self._scope: ReceiptScope | None = (
            ReceiptScope(ledger_max_entries=receipts.ledger_max_entries)
            if receipts.enabled else None)
        self.dispatcher = TurnDispatcher(config.daemon.max_concurrent_turns)
        self.metrics.track_in_flight(lambda: self.dispatcher.accepted)
        self.history = ConversationHistory(config.agent.history_max_messages)
        self.started_at = time.time()
        self._config = config
        self._generation: Generation | None = None
        self._tasks = HeldTaskGroup("ChannelRuntimeContext")
        self.followups = FollowupRouter()
        # Shared by every generation: the background limits hold across reloads.
        delegate = config.tools.delegate
        self.background_slots = BackgroundSlots(delegate.max_background,
                                                delegate.max_background_per_conversation)
        self._followup_audit_db: AuditDB | None = None
        self._last_redactor = LeakRedactor()
        self._audit_dbs = AuditDbPool()
        self._hosts = 0
        self._hosts_done = anyio.Event()

    def __repr__(self) -> str:
        scope = self._scope.id if self._scope else None
        return (f"<ChannelRuntimeContext scope={scope} "
                f"in_flight={self.dispatcher.accepted}>")

    # --- lifecycle ---------------------------------------------------------------------------

    async def __aenter__(self) -> ChannelRuntimeContext:
        await self._tasks.open()
        try:
            self._generation = await self._start_generation(self._config)
        except BaseException as exc:
            await self._tasks.abort(exc)
            await self._audit_dbs.aclose()
            raise
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        task_group = self._tasks.take()  # nothing new starts while it drains
        try:
            if task_group is not None:
                generation, self._generation = self._generation, None
                if generation is not None:
                    generation.retired.set()
                if exc is None:
                    # Bounded: a turn or background delegate that will not finish is cut.
                    with anyio.move_on_after(self.close_timeout_s) as waited:
                        await self._hosts_done.wait()
                    if waited.cancelled_caught:
                        get_logger(LOG_TARGET).warning(
                            "Shutdown budget spent; cancelling what is left",
                            seconds=self.close_timeout_s)
            return await close_group(task_group, exc_type, exc, tb)
        finally:
            # Undelivered follow-ups die with the process: say so, in the log and audit log.
            self.followups.expire(self._followup_audit_db, everything=True)
            await self._audit_dbs.aclose()
            if self._scope is not None:
                self._scope.close()

    async def _start_generation(self, cfg: Config) -> Generation:
        """Build a generation from ``cfg`` and start its host task; raises if ``cfg`` fails."""
        task_group = self._tasks.group
        assert task_group is not None, "use the context with 'async with'"
        audit_db = self._audit_dbs.get(cfg, self._environ)
        generation = await build_generation(
            cfg, task_group, environ=self._environ, audit_db=audit_db,
            observer=self.metrics, followup=self._followup(),
            background_slots=self.background_slots, history=self.history)
        self.background_slots.max_total = cfg.tools.delegate.max_background
        self.background_slots.max_per_conversation = (
            cfg.tools.delegate.max_background_per_conversation)
        self._followup_audit_db, self._last_redactor = audit_db, generation.redactor
        await task_group.start(self._host_generation, generation)
        return generation

    async def _host_generation(self, generation: Generation,
                               *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED,
                               ) -> None:
        self._hosts += 1
        try:
            await host_generation(generation, task_status=task_status)
        finally:
            self._hosts -= 1
            if self._hosts == 0:
                self._hosts_done.set()

    # --- config reload -----------------------------------------------------------------------

    @property
    def config(self) -> Config:
        return self._config

    async def apply_config(self, new_config: Config) -> None:
        """Swap in everything derived from ``new_config``; keep the scope and its key.

        Raises (ConfigError and the like) before changing anything when the new
        config cannot be built; the running generation then stays.
        """
        log = get_logger(LOG_TARGET)
        old = self._generation
        new = await self._start_generation(new_config)
        self._generation = new
        self._config = new_config
        self.dispatcher.max_concurrent = new_config.daemon.max_concurrent_turns
        self.history.max_messages = new_config.agent.history_max_messages
        receipts = new_config.agent.tool_receipts
        if receipts.enabled and self._scope is None:
            # Receipts were off at start: the first scope starts now (nothing to rotate).
            self._scope = ReceiptScope(ledger_max_entries=receipts.ledger_max_entries)
            log.info("Tool receipts enabled", scope=self._scope.id)
        elif (self._scope is not None and old is not None and receipts.ledger_max_entries
              != old.config.agent.tool_receipts.ledger_max_entries):
            log.warning("agent.tool_receipts.ledger_max_entries applies at the next restart "
                        "(the receipt scope is kept across reloads)")
        if old is not None:
            old.retired.set()
        for db in self._audit_dbs.unused(new_config, self._environ):
            # The old runtime may still write its last records: close after it is idle.
            if old is not None:
                assert self._tasks.group is not None
                self._tasks.group.start_soon(close_when_idle, old, db)
            else:
                await db.aclose()
        log.info("Config applied", receipts=self._scope is not None and receipts.enabled,
                 audit_mode=receipts.audit.mode, autonomy=new_config.agent.autonomy,
                 provider=new_config.provider.kind, tools=sorted(new.runtime.tools))

    # --- turns -------------------------------------------------------------------------------

    @property
    def receipt_scope(self) -> ReceiptScope | None:
        """The process's receipt scope (None when receipts were never enabled)."""
        return self._scope

    @property
    def redactor(self) -> LeakRedactor:
        return self._current().redactor

    @property
    def accepting(self) -> bool:
        return not self.dispatcher.closed

    def _current(self) -> Generation:
        if self._generation is None:
            raise RuntimeError("ChannelRuntimeContext is not running")
        return self._generation

    async def handle(self, message: InboundMessage,
                     approval: ApprovalHook | None = None) -> OutboundReply:
        """Run one turn for ``message`` (bounded, in conversation order); the reply is
        audited and redacted. Raises ShuttingDownError while the daemon drains."""
        self.followups.remember(message.conversation_id, message.channel)
        turn = functools.partial(self._turn, message, approval)
        return await self.dispatcher.run(message.conversation_id, turn)

    async def _turn(self, message: InboundMessage,
                    approval: ApprovalHook | None) -> OutboundReply:
        # A turn keeps the generation it started with, even if a reload lands meanwhile.
        generation = self._current()
        generation.enter()
        try:
            receipts_on = generation.config.agent.tool_receipts.enabled
            result = await generation.runtime.run_turn(
                conversation_id=message.conversation_id, user_message=message.text,
                sender=message.sender, channel=message.channel,
                scope=self._scope if receipts_on else None, approval=approval,
                client_history=message.history)
        except Exception:
            self.metrics.count_turn(message.channel, failed=True)
            raise
        finally:
            generation.leave()
        self.metrics.count_turn(message.channel)
        return outbound_reply(result, generation.redactor)

    # --- background results ------------------------------------------------------------------

    def register_followup(self, channel: str, sink: FollowupSink) -> None:
        """Let ``channel`` deliver background-delegate results into its conversations
        (and send what was parked for it while it was away)."""
        self.followups.register(channel, sink)
        self._refresh_followup()
        if self._tasks.group is not None:
            self._tasks.group.start_soon(self.followups.flush, channel, self._followup_audit_db)

    def unregister_followup(self, channel: str) -> None:
        self.followups.unregister(channel)
        self._refresh_followup()

    def _followup(self) -> FollowupSender | None:
        # Without any channel able to send a later message, the runtime refuses
        # background delegates, so the model runs the task in the turn instead of
        # promising a result nobody would receive.
        return self._deliver_followup if self.followups else None

    def _refresh_followup(self) -> None:
        if self._generation is not None:
            self._generation.runtime.followup = self._followup()

    async def _deliver_followup(self, outcome: BackgroundResult) -> None:
        redactor = self._generation.redactor if self._generation else self._last_redactor
        await self.followups.deliver(outcome, redactor, self._followup_audit_db)

    # --- gateway backend ---------------------------------------------------------------------

    def metrics_text(self) -> bytes:
        return self.metrics.render()

    def metrics_content_type(self) -> str:
        return METRICS_CONTENT_TYPE

    def health(self) -> dict[str, object]:
        scope = self._scope
        receipts_on = scope is not None and self._config.agent.tool_receipts.enabled
        return {
            "version": __version__,
            "uptime_s": round(time.time() - self.started_at, 3),
            "receipts": receipts_on,
            "scope_id": scope.id if scope is not None else None,
            "ledger_entries": len(scope.ledger) if scope is not None else 0,
            "turns_in_flight": self.dispatcher.accepted,
            "max_concurrent_turns": self.dispatcher.max_concurrent,
            "mcp": self.mcp_status(),
        }

    def mcp_status(self) -> dict[str, dict[str, object]]:
        """Each MCP server of the running config: state, tools, restarts, last error."""
        hub = self._generation.mcp if self._generation is not None else None
        if hub is None:
            return {}
        return {status.name: status.to_dict() for status in hub.status()}

    def log_startup(self, channels: list[str]) -> None:
        """Say at INFO which channels run and whether receipts are on (never the key)."""
        log = get_logger(LOG_TARGET)
        receipts = self._config.agent.tool_receipts
        if self._scope is not None and receipts.enabled:
            log.info("Tool receipts enabled", scope=self._scope.id,
                     ledger_max_entries=receipts.ledger_max_entries,
                     audit_mode=receipts.audit.mode,
                     show_in_response=receipts.show_in_response)
        else:
            log.info("Tool receipts disabled")
        log.info("Channels running", channels=channels,
                 max_concurrent_turns=self.dispatcher.max_concurrent)
