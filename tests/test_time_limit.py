"""TimeLimit: the agent loop's cheaper stand-in for anyio.fail_after, with its rules."""

from __future__ import annotations

import anyio
import anyio.lowlevel
import pytest

from zeroclaw_daemon.taskgroups import TimeLimit


async def test_a_body_past_its_limit_raises_timeout_error() -> None:
    """A body still running at the deadline is cancelled and TimeoutError raised."""
    reached: list[str] = []
    with pytest.raises(TimeoutError), TimeLimit(0.01):
        await anyio.sleep(5)
        reached.append("after sleep")
    assert [] == reached


async def test_a_body_within_its_limit_returns_its_value() -> None:
    """A body that finishes in time is left alone."""
    with TimeLimit(5) as scope:
        await anyio.lowlevel.checkpoint()
        value = "done"
    assert ("done", False) == (value, scope.cancelled_caught)


async def test_an_outer_cancellation_is_not_a_timeout() -> None:
    """Cancelled from an enclosing scope before its deadline: no TimeoutError, the outer
    scope catches its own cancellation, as with anyio.fail_after."""
    outcomes: list[str] = []
    with anyio.CancelScope() as outer:
        try:
            with TimeLimit(5):
                outer.cancel()
                await anyio.sleep(5)
        except TimeoutError:
            outcomes.append("timeout")
    assert ([], True) == (outcomes, outer.cancelled_caught)


async def test_an_exception_of_the_body_passes_through_unchanged() -> None:
    """An error raised inside the limit is neither swallowed nor turned into a timeout."""
    with pytest.raises(KeyError, match="missing"), TimeLimit(5):
        raise KeyError("missing")
