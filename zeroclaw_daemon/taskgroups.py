"""A task group an object holds open from its own ``__aenter__`` to its ``__aexit__``,
and a time limit cheaper than ``anyio.fail_after``.

The held group is for tasks that outlive the call that starts them: a daemon's
generations, an MCP hub's server sessions, an agent runtime's background delegates.
The owner opens it on entry, aborts it when its own start-up fails, and closes it on
exit. :class:`TimeLimit` bounds one model call or one tool call.
"""

from __future__ import annotations

from types import TracebackType

import anyio
from anyio.abc import TaskGroup


class HeldTaskGroup:
    """One task group, open between :meth:`open` and :meth:`close` (or :meth:`abort`)."""

    def __init__(self, owner: str) -> None:
        self._owner = owner
        self.group: TaskGroup | None = None

    def __repr__(self) -> str:
        return f"<HeldTaskGroup of {self._owner} {'open' if self.group else 'closed'}>"

    async def open(self) -> TaskGroup:
        if self.group is not None:
            raise RuntimeError(f"{self._owner} is already running")
        group = anyio.create_task_group()
        await group.__aenter__()
        self.group = group
        return group

    def take(self) -> TaskGroup | None:
        """The open group, handed over to the caller to close (None when not open); no
        new task can be started through this object afterwards."""
        group, self.group = self.group, None
        return group

    async def abort(self, exc: BaseException) -> None:
        """Undo :meth:`open` after the owner's start-up failed with ``exc``."""
        group = self.take()
        if group is not None:
            group.cancel_scope.cancel()
            await group.__aexit__(type(exc), exc, exc.__traceback__)

    async def close(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                    tb: TracebackType | None) -> bool | None:
        """Cancel what still runs and wait for it to end (None when the group is not open)."""
        return await close_group(self.take(), exc_type, exc, tb)


async def close_group(group: TaskGroup | None, exc_type: type[BaseException] | None,
                      exc: BaseException | None, tb: TracebackType | None) -> bool | None:
    """Cancel ``group``'s tasks and leave it, passing on the owner's exit arguments."""
    if group is None:
        return None
    group.cancel_scope.cancel()
    return await group.__aexit__(exc_type, exc, tb)


class TimeLimit:
    """``with TimeLimit(seconds):`` is ``with anyio.fail_after(seconds):``, as a plain class.

    The same cancel scope (deadline = now + ``delay_s``) and the same rule: TimeoutError
    when the scope caught a cancellation and its deadline has passed; a cancellation from
    outside passes through. ``fail_after`` nests two generator context managers (it calls
    ``fail_at``): 7.4 us per use against 3.2 us here, and a turn enters one per model
    call and one per tool call.
    """

    __slots__ = ("_scope",)

    def __init__(self, delay_s: float) -> None:
        self._scope = anyio.CancelScope(deadline=anyio.current_time() + delay_s)

    def __enter__(self) -> anyio.CancelScope:
        return self._scope.__enter__()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool | None:
        scope = self._scope
        suppressed = scope.__exit__(exc_type, exc, tb)
        if scope.cancelled_caught and anyio.current_time() >= scope.deadline:
            raise TimeoutError
        return suppressed
