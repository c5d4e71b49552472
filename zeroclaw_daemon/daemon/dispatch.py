"""The bounded turn dispatcher every channel's messages go through.

Three rules:

* at most ``max_concurrent`` turns run at once (an :class:`anyio.CapacityLimiter`);
* turns of one conversation run one after another, in arrival order (a FIFO
  :class:`anyio.Lock` per conversation, created on demand and dropped when no
  turn of that conversation is waiting, so memory stays bounded by the number
  of conversations *in flight*, not the number ever seen);
* when full, callers wait: that await is the backpressure a channel feels.
  Nothing is dropped.

On shutdown :meth:`TurnDispatcher.close` refuses new turns with
:class:`ShuttingDownError` (channels answer 503 / "try again"), and
:meth:`TurnDispatcher.drain` waits for the turns already accepted;
:meth:`TurnDispatcher.abandon_all` cuts them when the budget is spent, and
their callers get :class:`TurnAbandonedError` (still a "shutting down" answer,
so a channel can reply instead of dropping the connection).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import anyio

from zeroclaw_daemon.errors import ShuttingDownError, TurnAbandonedError

__all__ = ["ShuttingDownError", "TurnAbandonedError", "TurnDispatcher"]

T = TypeVar("T")


@dataclass(slots=True)
class _ConversationSlot:
    """The lock that orders one conversation's turns, and how many turns hold or await it."""

    lock: anyio.Lock
    users: int = 0


class TurnDispatcher:
    """Runs turns under a global concurrency cap with per-conversation ordering."""

    def __init__(self, max_concurrent: int) -> None:
        if max_concurrent < 1:
            raise ValueError("max_concurrent must be at least 1")
        self._limiter = anyio.CapacityLimiter(max_concurrent)
        self._conversations: dict[str, _ConversationSlot] = {}
        self._accepted = 0
        self._closed = False
        self._scopes: set[anyio.CancelScope] = set()
        self._idle = anyio.Event()
        self._idle.set()

    @property
    def max_concurrent(self) -> int:
        return int(self._limiter.total_tokens)

    @max_concurrent.setter
    def max_concurrent(self, value: int) -> None:
        # A config reload may change the cap; waiting turns see the new one at once.
        if value < 1:
            raise ValueError("max_concurrent must be at least 1")
        self._limiter.total_tokens = value

    @property
    def running(self) -> int:
        """Turns executing now."""
        return self._limiter.borrowed_tokens

    @property
    def accepted(self) -> int:
        """Turns accepted and not finished: running plus waiting for a slot or their turn."""
        return self._accepted

    @property
    def conversations_in_flight(self) -> int:
        return len(self._conversations)

    @property
    def closed(self) -> bool:
        return self._closed

    async def run(self, conversation_id: str, turn: Callable[[], Awaitable[T]]) -> T:
        """Run ``turn()`` when the conversation's earlier turns and a free slot allow."""
        if self._closed:
            raise ShuttingDownError()
        slot = self._conversations.get(conversation_id)
        if slot is None:
            slot = self._conversations[conversation_id] = _ConversationSlot(anyio.Lock())
        slot.users += 1
        self._accepted += 1
        self._idle = anyio.Event() if self._idle.is_set() else self._idle
        cancel_scope = anyio.CancelScope()
        self._scopes.add(cancel_scope)
        try:
            with cancel_scope:
                # Conversation lock first, then a slot: a turn queued behind its own
                # conversation must not sit on a slot another conversation could use.
                async with slot.lock, self._limiter:
                    return await turn()
            # Only abandon_all() cancels this scope; any other cancellation propagates.
            raise TurnAbandonedError()
        finally:
            self._scopes.discard(cancel_scope)
            slot.users -= 1
            if slot.users == 0:
                del self._conversations[conversation_id]
            self._accepted -= 1
            if self._accepted == 0:
                self._idle.set()

    def abandon_all(self) -> int:
        """Cancel every accepted turn (each caller gets TurnAbandonedError); how many."""
        self.close()
        for cancel_scope in list(self._scopes):
            cancel_scope.cancel()
        return len(self._scopes)

    def close(self) -> None:
        """Accept no new turns; those already accepted still run."""
        self._closed = True

    async def drain(self, timeout_s: float) -> bool:
        """Close, then wait up to ``timeout_s`` for accepted turns; True when all finished."""
        self.close()
        with anyio.move_on_after(timeout_s):
            await self._idle.wait()
        return self._accepted == 0
