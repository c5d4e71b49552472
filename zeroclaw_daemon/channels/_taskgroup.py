"""Shared by the chat channels' ``run()``: its task group (a lone error raised as itself)
and its state, published for follow-ups while it runs."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Generic, TypeVar

import anyio
from anyio.abc import TaskGroup

StateT = TypeVar("StateT")


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


@asynccontextmanager
async def run_task_group() -> AsyncIterator[TaskGroup]:
    """The task group of one channel ``run()``: its workers' lone error raised as itself."""
    with unwrapping_single_error():
        async with anyio.create_task_group() as task_group:
            yield task_group


class CurrentRun(Generic[StateT]):
    """The state of a channel's ``run()`` in progress, for calls that come from outside it
    (follow-ups); None while the channel is not running."""

    def __init__(self) -> None:
        self.state: StateT | None = None

    @contextmanager
    def running(self, state: StateT) -> Iterator[StateT]:
        """Publish ``state`` for the body of the ``with``."""
        self.state = state
        try:
            yield state
        finally:
            self.state = None
