"""Follow-up delivery: a background task's end goes back to the conversation it came from.

The router remembers which channel each conversation arrived on, holds each
running channel's ``send_followup``, and turns a :class:`BackgroundResult`
into a :class:`FollowupReply` the same way a turn's result becomes a reply:
the sub-turn was audited by the runtime (its own calls are the evidence),
its text and receipts block pass the leak redactor here. When the
conversation's channel is not running (stopped, restarting, or removed by a
reload) the follow-up is parked for ``keep_s`` and sent when the channel
registers again; past that it is dropped with a log line. Every follow-up is
recorded in the audit log with its parent turn.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..agent.background import BackgroundResult
from ..channels.base import FollowupReply, OutboundReply
from ..logs import get_logger
from ..security.leaks import LeakRedactor
from ..storage.audit_db import AuditDB
from .outbound import outbound_reply

LOG_TARGET = "zeroclaw_daemon::followups"
# Conversations whose channel we remember, for delivering background results.
MAX_FOLLOWUP_ROUTES = 10_000
# Parked follow-ups (their channel is not running) kept at most this long, this many.
FOLLOWUP_KEEP_S = 600.0
MAX_PARKED = 1_000

FollowupSink = Callable[[FollowupReply], Awaitable[None]]
"""A channel's ``send_followup``."""


@dataclass(frozen=True, slots=True)
class _Parked:
    channel: str
    followup: FollowupReply
    turn_id: str
    receipts: int
    deadline: float


class FollowupRouter:
    """Routes follow-ups to channels; parks them (bounded) while a channel is away."""

    def __init__(self, *, keep_s: float = FOLLOWUP_KEEP_S) -> None:
        self.keep_s = keep_s
        self._sinks: dict[str, FollowupSink] = {}
        self._routes: OrderedDict[str, str] = OrderedDict()
        self._parked: deque[_Parked] = deque()
        self._log = get_logger(LOG_TARGET)

    def __bool__(self) -> bool:
        return bool(self._sinks)

    @property
    def parked(self) -> int:
        return len(self._parked)

    def remember(self, conversation_id: str, channel: str) -> None:
        routes = self._routes
        routes[conversation_id] = channel
        routes.move_to_end(conversation_id)
        while len(routes) > MAX_FOLLOWUP_ROUTES:
            routes.popitem(last=False)

    def register(self, channel: str, sink: FollowupSink) -> None:
        self._sinks[channel] = sink

    def unregister(self, channel: str) -> None:
        self._sinks.pop(channel, None)

    def followup_reply(self, outcome: BackgroundResult,
                       redactor: LeakRedactor) -> FollowupReply:
        """The follow-up as channels send it: audited sub-turn, redacted, its own block."""
        if outcome.result is not None:
            reply = outbound_reply(outcome.result, redactor)
            reply = OutboundReply(turn_id=outcome.turn_id, text=redactor.redact(outcome.text),
                                  receipts_block=reply.receipts_block,
                                  receipts=reply.receipts, trust=reply.trust,
                                  findings=reply.findings)
        else:
            reply = OutboundReply(turn_id=outcome.turn_id, text=redactor.redact(outcome.text))
        return FollowupReply(task_id=outcome.task_id, parent_turn_id=outcome.parent_turn_id,
                             conversation_id=outcome.conversation_id,
                             status=outcome.status.value, reply=reply,
                             created_at=time.time())

    async def deliver(self, outcome: BackgroundResult, redactor: LeakRedactor,
                      audit_db: AuditDB | None) -> None:
        """Send ``outcome`` to its conversation's channel now, or park it."""
        self.expire(audit_db)
        followup = self.followup_reply(outcome, redactor)
        channel = self._routes.get(outcome.conversation_id, "unknown")
        receipts = len(followup.reply.receipts)
        delivery = await self._send(channel, followup)
        if delivery == "parked":
            if len(self._parked) >= MAX_PARKED:
                self._drop(self._parked.popleft(), audit_db, why="too many parked")
            self._parked.append(_Parked(channel, followup, outcome.turn_id, receipts,
                                        time.monotonic() + self.keep_s))
            self._log.info("Follow-up parked until its channel runs again",
                           task=outcome.task_id, channel=channel,
                           conversation=outcome.conversation_id, keep_s=self.keep_s)
        self._record(audit_db, channel, followup, outcome.turn_id, receipts, delivery)

    async def flush(self, channel: str, audit_db: AuditDB | None) -> None:
        """Send what was parked for ``channel`` (called when it registers)."""
        self.expire(audit_db)
        waiting = [p for p in self._parked if p.channel == channel]
        for parked in waiting:
            self._parked.remove(parked)
            delivery = await self._send(channel, parked.followup)
            if delivery == "parked":
                self._parked.append(parked)
            else:
                self._record(audit_db, channel, parked.followup, parked.turn_id,
                             parked.receipts, delivery)

    def expire(self, audit_db: AuditDB | None, *, everything: bool = False) -> None:
        """Drop parked follow-ups past their deadline (all of them at shutdown)."""
        now = time.monotonic()
        for parked in [p for p in self._parked if everything or p.deadline <= now]:
            self._parked.remove(parked)
            self._drop(parked, audit_db,
                       why="the daemon stopped" if everything else "kept too long")

    async def _send(self, channel: str, followup: FollowupReply) -> str:
        sink = self._sinks.get(channel)
        if sink is None:
            return "parked"
        try:
            await sink(followup)
        except Exception as exc:  # the channel cannot reach the conversation now
            self._log.warning("Follow-up not sent; parked", task=followup.task_id,
                              channel=channel, error=type(exc).__name__)
            return "parked"
        return "delivered"

    def _drop(self, parked: _Parked, audit_db: AuditDB | None, *, why: str) -> None:
        self._log.warning("Follow-up dropped undelivered", task=parked.followup.task_id,
                          channel=parked.channel, why=why,
                          conversation=parked.followup.conversation_id,
                          parent_turn=parked.followup.parent_turn_id)
        self._record(audit_db, parked.channel, parked.followup, parked.turn_id,
                     parked.receipts, "dropped")

    @staticmethod
    def _record(audit_db: AuditDB | None, channel: str, followup: FollowupReply,
                turn_id: str, receipts: int, delivery: str) -> None:
        if audit_db is None:
            return
        audit_db.record_followup(task_id=followup.task_id, turn_id=turn_id,
                                 parent_turn_id=followup.parent_turn_id,
                                 conversation_id=followup.conversation_id, channel=channel,
                                 status=followup.status, delivery=delivery,
                                 receipts=receipts)
