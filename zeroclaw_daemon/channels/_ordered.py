"""Shared by the chat channels: one worker per conversation, its messages in arrival order.

A conversation's messages are answered one at a time, in order; different
conversations run concurrently (the channel bounds how many with its own
limiter inside ``handle``). A follow-up waits for its conversation to go idle
first, so it comes after the reply of the turn that started its task.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

import anyio
from anyio.abc import TaskGroup

KeyT = TypeVar("KeyT", bound=Hashable)
ItemT = TypeVar("ItemT")


class OrderedConversations(Generic[KeyT, ItemT]):
    """Per-conversation queues, each drained by one worker task while it is not empty."""

    def __init__(self) -> None:
        self._queues: dict[KeyT, deque[ItemT]] = {}
        # Set when a conversation's worker is done (and the entry dropped).
        self._idle: dict[KeyT, anyio.Event] = {}

    def queued(self, key: KeyT) -> int:
        """How many messages of ``key`` wait behind the one being answered."""
        queue = self._queues.get(key)
        return len(queue) if queue is not None else 0

    def busy(self, key: KeyT) -> bool:
        """Whether a worker is answering ``key`` now."""
        return key in self._queues

    def submit(self, task_group: TaskGroup, key: KeyT, item: ItemT,
               handle: Callable[[ItemT], Awaitable[None]]) -> None:
        """Queue ``item``; start a worker in ``task_group`` (calling ``handle`` for each
        item in turn) when ``key`` has none."""
        queue = self._queues.get(key)
        if queue is not None:
            queue.append(item)
            return
        self._queues[key] = deque([item])
        idle = self._idle[key] = anyio.Event()
        task_group.start_soon(self._work, key, idle, handle)

    async def _work(self, key: KeyT, idle: anyio.Event,
                    handle: Callable[[ItemT], Awaitable[None]]) -> None:
        queue = self._queues[key]
        try:
            while queue:
                await handle(queue.popleft())
        finally:
            # No await between the empty check and here: a later message either
            # joined this queue or finds none and starts a new worker.
            del self._queues[key]
            if self._idle.get(key) is idle:
                del self._idle[key]
            idle.set()

    async def wait_idle(self, key: KeyT, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) until ``key`` has no worker."""
        idle = self._idle.get(key)
        if idle is not None:
            with anyio.move_on_after(timeout_s):
                await idle.wait()
