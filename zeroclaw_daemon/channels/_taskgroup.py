"""Shared by the chat channels: a task group's lone error raised as itself."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


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
