"""The gateway's follow-up queue: background results wait per conversation for the client.

HTTP has no way to push a later message, so a follow-up for a gateway
conversation is queued and the client reads it with
``GET /v1/conversations/{id}/followups?wait=S``: the answer is every queued
follow-up (removed from the queue), or after up to ``S`` seconds (bounded by
``followup_max_wait_s``) an empty list. Queued follow-ups older than
``followup_keep_s`` are dropped with a log line; the queue is bounded per
conversation and in conversations, dropping the oldest (logged) when full.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque

import anyio

from ..logs import get_logger
from .base import FollowupReply

LOG_TARGET = "zeroclaw_daemon::gateway"
MAX_PER_CONVERSATION = 100
MAX_CONVERSATIONS = 10_000


class FollowupQueue:
    """Per-conversation follow-ups with a long-poll read; bounded in time and size."""

    def __init__(self, keep_s: float) -> None:
        self.keep_s = keep_s
        self._queues: OrderedDict[str, deque[FollowupReply]] = OrderedDict()
        self._arrived: dict[str, anyio.Event] = {}
        self._log = get_logger(LOG_TARGET)

    def __len__(self) -> int:
        return sum(len(queue) for queue in self._queues.values())

    def put(self, followup: FollowupReply) -> None:
        self.expire()
        conversation = followup.conversation_id
        queue = self._queues.get(conversation)
        if queue is None:
            queue = self._queues[conversation] = deque()
            while len(self._queues) > MAX_CONVERSATIONS:
                _, dropped = self._queues.popitem(last=False)
                for item in dropped:
                    self._dropped(item, "too many conversations queued")
        if len(queue) >= MAX_PER_CONVERSATION:
            self._dropped(queue.popleft(), "too many follow-ups queued for the conversation")
        queue.append(followup)
        self._queues.move_to_end(conversation)
        event = self._arrived.pop(conversation, None)
        if event is not None:
            event.set()

    async def take(self, conversation_id: str, wait_s: float) -> list[FollowupReply]:
        """Every queued follow-up of ``conversation_id``; waits up to ``wait_s`` for one."""
        self.expire()
        if conversation_id not in self._queues and wait_s > 0:
            event = self._arrived.setdefault(conversation_id, anyio.Event())
            with anyio.move_on_after(wait_s):
                await event.wait()
            if self._arrived.get(conversation_id) is event and not event.is_set():
                del self._arrived[conversation_id]
        queue = self._queues.pop(conversation_id, None)
        return list(queue) if queue else []

    def expire(self) -> None:
        """Drop follow-ups queued longer than ``keep_s`` (each with a log line)."""
        cutoff = time.time() - self.keep_s
        for conversation in list(self._queues):
            queue = self._queues[conversation]
            while queue and queue[0].created_at <= cutoff:
                self._dropped(queue.popleft(), f"not read within {self.keep_s:g} s")
            if not queue:
                del self._queues[conversation]

    def _dropped(self, followup: FollowupReply, why: str) -> None:
        self._log.warning("Follow-up dropped undelivered", task=followup.task_id,
                          conversation=followup.conversation_id,
                          parent_turn=followup.parent_turn_id, why=why)

