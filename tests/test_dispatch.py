"""The bounded dispatcher: concurrency cap, per-conversation order, backpressure, drain."""

from __future__ import annotations

import anyio
import anyio.lowlevel
import pytest

from zeroclaw_daemon.daemon.dispatch import (
    ShuttingDownError,
    TurnAbandonedError,
    TurnDispatcher,
)


class Probe:
    """Counts how many turns run at once, overall and per conversation."""

    def __init__(self) -> None:
        self.running = 0
        self.peak = 0
        self.per_conversation: dict[str, int] = {}
        self.peak_per_conversation = 0
        self.order: list[tuple[str, int]] = []

    async def turn(self, conversation: str, index: int, seconds: float) -> int:
        self.running += 1
        self.peak = max(self.peak, self.running)
        now = self.per_conversation.get(conversation, 0) + 1
        self.per_conversation[conversation] = now
        self.peak_per_conversation = max(self.peak_per_conversation, now)
        self.order.append((conversation, index))
        try:
            await anyio.sleep(seconds)
        finally:
            self.running -= 1
            self.per_conversation[conversation] -= 1
        return index


async def test_at_most_max_concurrent_turns_run() -> None:
    """Twelve turns of twelve conversations with a cap of 3 never run more than 3 at once."""
    dispatcher = TurnDispatcher(3)
    probe = Probe()
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            for index in range(12):
                tg.start_soon(dispatcher.run, f"c{index}",
                              lambda i=index: probe.turn(f"c{i}", i, 0.02))
    assert 3 == probe.peak
    assert (0, 0) == (dispatcher.accepted, dispatcher.conversations_in_flight)


async def test_turns_of_one_conversation_run_in_arrival_order() -> None:
    """Turns of one conversation run one at a time, first come first served."""
    dispatcher = TurnDispatcher(8)
    probe = Probe()
    results: list[int] = []

    async def submit(index: int) -> None:
        # Later turns are shorter: only ordering, not timing, can keep them in order.
        results.append(await dispatcher.run("same", lambda: probe.turn("same", index,
                                                                       0.05 - index * 0.01)))

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            for index in range(5):
                tg.start_soon(submit, index)
                await anyio.lowlevel.checkpoint()  # arrival order = submission order
    assert [0, 1, 2, 3, 4] == results
    assert 1 == probe.peak_per_conversation


async def test_a_queued_conversation_does_not_hold_a_slot() -> None:
    """A turn waiting behind its own conversation leaves the slot to other conversations."""
    dispatcher = TurnDispatcher(2)
    probe = Probe()
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(dispatcher.run, "a", lambda: probe.turn("a", 0, 0.2))
            await anyio.sleep(0.01)
            tg.start_soon(dispatcher.run, "a", lambda: probe.turn("a", 1, 0.01))
            await anyio.sleep(0.01)
            tg.start_soon(dispatcher.run, "b", lambda: probe.turn("b", 0, 0.01))
            await anyio.sleep(0.1)
            # b ran while a's second turn was still waiting for a's first.
            assert [("a", 0), ("b", 0)] == probe.order
    assert [("a", 0), ("b", 0), ("a", 1)] == probe.order


async def test_full_dispatcher_makes_callers_wait_and_drops_nothing() -> None:
    """With one slot, twenty callers all complete: backpressure, not loss."""
    dispatcher = TurnDispatcher(1)
    probe = Probe()
    results: list[int] = []

    async def submit(index: int) -> None:
        results.append(await dispatcher.run(f"c{index}",
                                            lambda: probe.turn(f"c{index}", index, 0.001)))

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            for index in range(20):
                tg.start_soon(submit, index)
            await anyio.lowlevel.checkpoint()
            assert 20 == dispatcher.accepted
    assert list(range(20)) == sorted(results)
    assert 1 == probe.peak


async def test_closed_dispatcher_refuses_new_turns() -> None:
    """After close, run raises ShuttingDownError and the turn never starts."""
    dispatcher = TurnDispatcher(2)
    dispatcher.close()
    started: list[int] = []

    async def turn() -> int:
        started.append(1)
        return 1

    with pytest.raises(ShuttingDownError, match="shutting down"):
        await dispatcher.run("c", turn)
    assert [] == started


async def test_drain_waits_for_accepted_turns() -> None:
    """drain lets running and queued turns finish, then reports True."""
    dispatcher = TurnDispatcher(1)
    probe = Probe()
    results: list[int] = []

    async def submit(conversation: str, index: int) -> None:
        results.append(await dispatcher.run(conversation,
                                            lambda: probe.turn(conversation, index, 0.05)))

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(submit, "a", 0)
            tg.start_soon(submit, "b", 1)
            await anyio.sleep(0.01)
            drained = await dispatcher.drain(5)
    assert (True, [0, 1]) == (drained, sorted(results))


async def test_drain_gives_up_after_its_timeout() -> None:
    """drain returns False when a turn outlives the budget; the turn is not cancelled by it."""
    dispatcher = TurnDispatcher(1)
    finished = anyio.Event()

    async def slow() -> None:
        await anyio.sleep(0.3)
        finished.set()

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(dispatcher.run, "a", slow)
            await anyio.sleep(0.01)
            drained = await dispatcher.drain(0.05)
            assert (False, 1) == (drained, dispatcher.accepted)
    assert finished.is_set()


async def test_abandon_all_cuts_running_and_queued_turns() -> None:
    """abandon_all cancels every accepted turn; each caller gets TurnAbandonedError."""
    dispatcher = TurnDispatcher(1)
    outcomes: list[str] = []

    async def submit(conversation: str) -> None:
        try:
            await dispatcher.run(conversation, lambda: anyio.sleep(30))
            outcomes.append("finished")
        except TurnAbandonedError:
            outcomes.append("abandoned")

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(submit, "running")
            tg.start_soon(submit, "queued")
            await anyio.sleep(0.01)
            assert 2 == dispatcher.abandon_all()
    assert (["abandoned", "abandoned"], 0, True) == (outcomes, dispatcher.accepted,
                                                     dispatcher.closed)
    assert issubclass(TurnAbandonedError, ShuttingDownError)


async def test_outer_cancellation_is_not_turned_into_abandonment() -> None:
    """A caller cancelled by its own scope sees plain cancellation, not TurnAbandonedError."""
    dispatcher = TurnDispatcher(1)
    with anyio.fail_after(5):
        with anyio.move_on_after(0.05) as outer:
            await dispatcher.run("c", lambda: anyio.sleep(30))
    assert outer.cancelled_caught
    assert 0 == dispatcher.accepted


async def test_cancelled_waiter_releases_its_place() -> None:
    """A caller cancelled while queued leaves no conversation lock or count behind."""
    dispatcher = TurnDispatcher(1)
    gate = anyio.Event()

    async def blocker() -> None:
        await gate.wait()

    async def never() -> None:
        raise AssertionError("a cancelled waiter must not run")

    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            tg.start_soon(dispatcher.run, "a", blocker)
            await anyio.sleep(0.01)
            with anyio.move_on_after(0.05):
                await dispatcher.run("b", never)
            assert (1, 1) == (dispatcher.accepted, dispatcher.conversations_in_flight)
            gate.set()
    assert (0, 0) == (dispatcher.accepted, dispatcher.conversations_in_flight)


async def test_max_concurrent_can_change_at_runtime() -> None:
    """Raising the cap (a config reload) lets waiting turns start at once."""
    dispatcher = TurnDispatcher(1)
    probe = Probe()
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tg:
            for index in range(4):
                tg.start_soon(dispatcher.run, f"c{index}",
                              lambda i=index: probe.turn(f"c{i}", i, 0.1))
            await anyio.sleep(0.01)
            dispatcher.max_concurrent = 4
    assert (4, 4) == (dispatcher.max_concurrent, probe.peak)


def test_cap_must_be_positive() -> None:
    """A cap of zero would deadlock every channel, so it is refused."""
    with pytest.raises(ValueError, match="at least 1"):
        TurnDispatcher(0)
