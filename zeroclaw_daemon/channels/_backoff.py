"""Helpers shared by the chat channels: reconnect/retry backoff, error-group unwrapping."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BackoffPolicy:
    """Exponential backoff: ``initial_s * factor**n``, capped at ``max_s``, +/- ``jitter``."""

    initial_s: float = 0.5
    max_s: float = 30.0
    factor: float = 2.0
    # Share of the delay randomised, so many clients do not reconnect in lock step.
    jitter: float = 0.1

    def __post_init__(self) -> None:
        if self.initial_s <= 0 or self.max_s < self.initial_s or self.factor < 1:
            raise ValueError("backoff needs 0 < initial_s <= max_s and factor >= 1")
        if not 0 <= self.jitter < 1:
            raise ValueError("backoff jitter must be in [0, 1)")


class Backoff:
    """The delays of one run of attempts; :meth:`reset` after a success."""

    def __init__(self, policy: BackoffPolicy) -> None:
        self._policy = policy
        self._attempt = 0

    @property
    def attempt(self) -> int:
        """How many delays were handed out since the last reset."""
        return self._attempt

    def next_delay(self) -> float:
        """The delay before the next attempt, in seconds (grows until the cap)."""
        policy = self._policy
        base = min(policy.max_s, policy.initial_s * policy.factor ** min(self._attempt, 64))
        self._attempt += 1
        if policy.jitter:
            base *= 1 + random.uniform(-policy.jitter, policy.jitter)
        return min(base, policy.max_s)

    def reset(self) -> None:
        self._attempt = 0


def single_error(group: BaseExceptionGroup[BaseException]) -> Exception | None:
    """The one ordinary exception inside a (nested) task-group error, if that is all it holds.

    anyio wraps even a single failure in an exception group; a channel's
    ``run()`` should raise the :class:`~zeroclaw_daemon.errors.ChannelError`
    itself. Groups holding cancellation or several errors are left alone.
    """
    leaves: list[BaseException] = []
    pending: list[BaseException] = [group]
    while pending:
        current = pending.pop()
        if isinstance(current, BaseExceptionGroup):
            pending.extend(current.exceptions)
        else:
            leaves.append(current)
    if len(leaves) == 1 and isinstance(leaves[0], Exception):
        return leaves[0]
    return None


@contextmanager
def unwrapping_single_error() -> Iterator[None]:
    """Re-raise a task group's lone ordinary exception as itself (see :func:`single_error`)."""
    try:
        yield
    except BaseExceptionGroup as group:
        error = single_error(group)
        if error is None:
            raise
        raise error from None
