"""Background delegates (``delegate`` with ``background: true``): bounded, detached, honest.

A background task runs in the runtime's task group with the parent turn's
scope but a detached collector (DESIGN.md section 3): its receipts go to the
ledger and the audit log, never into the parent's block. It is bounded by a
process-wide and a per-conversation limit (a start over either is refused, so
the model runs the task in the turn instead) and by a timeout. Whatever
happens (answer, failure, timeout, cancellation) ends in exactly one
:class:`BackgroundResult` handed to the follow-up sender: never silence.
"""

from __future__ import annotations

import dataclasses
import enum
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import anyio

from zeroclaw_daemon.agent.delegate import DELEGATE_TOOL_NAME
from zeroclaw_daemon.agent.middleware import LOG_TARGET
from zeroclaw_daemon.agent.policy import ApprovalHook
from zeroclaw_daemon.agent.turn import (
    _STATUSES_THAT_RAN,
    TurnOutcome,
    TurnResult,
    _RoundsResult,
)
from zeroclaw_daemon.errors import ToolExecutionError
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.receipts import TurnContext, bind_turn
from zeroclaw_daemon.taskgroups import HeldTaskGroup

FOLLOWUP_TIMEOUT_S = 30.0
# How long a cancelled task may spend handing over its "cancelled" follow-up.
CANCELLED_DELIVERY_S = 2.0


class BackgroundStatus(enum.StrEnum):
    """How a background task ended."""

    FINISHED = "finished"
    FAILED = "failed"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class BackgroundResult:
    """One background task's end, for delivery into the conversation it came from.

    ``result`` is the audited sub-agent turn (its own receipts block, its own
    audit report) when it finished; None when it failed, timed out or was
    cancelled, and then ``text`` says so honestly.
    """

    task_id: str
    turn_id: str
    parent_turn_id: str
    conversation_id: str
    status: BackgroundStatus
    text: str
    result: TurnResult | None = None
    tool_calls_run: int = 0


FollowupSender = Callable[[BackgroundResult], Awaitable[None]]
"""Delivers a background task's end into its conversation."""


def unfinished_text(task_id: str, status: BackgroundStatus, detail: str,
                    tool_calls_run: int) -> str:
    """The follow-up for a task that gave no answer; it never claims more than happened."""
    what = {BackgroundStatus.TIMEOUT: f"timed out ({detail})",
            BackgroundStatus.CANCELLED: f"was cancelled ({detail})",
            BackgroundStatus.FAILED: f"failed ({detail})"}.get(status, detail)
    if tool_calls_run == 0:
        effect = "no tool call had completed."
    else:
        effect = (f"{tool_calls_run} tool call(s) had already run; their receipts are in "
                  "the audit log.")
    return f"The background task {task_id} {what}; {effect}"


def finished_text(task_id: str, result: TurnResult) -> str:
    """The follow-up for a task that answered (its receipts block is sent separately)."""
    return f"Background task {task_id} finished:\n\n{result.reply}"


class BackgroundSlots:
    """Counts running background tasks, globally and per conversation, under limits."""

    def __init__(self, max_total: int, max_per_conversation: int) -> None:
        self.max_total = max_total
        self.max_per_conversation = max_per_conversation
        self._by_conversation: dict[str, int] = {}
        self._total = 0

    @property
    def total(self) -> int:
        return self._total

    def refusal(self, conversation_id: str) -> str | None:
        """Why a new task for ``conversation_id`` may not start now (None: it may)."""
        if self._total >= self.max_total:
            return f"{self._total} background tasks are already running (the limit)"
        if self._by_conversation.get(conversation_id, 0) >= self.max_per_conversation:
            return ("this conversation already has "
                    f"{self.max_per_conversation} background task(s) running (the limit)")
        return None

    def take(self, conversation_id: str) -> None:
        self._total += 1
        self._by_conversation[conversation_id] = self._by_conversation.get(conversation_id,
                                                                           0) + 1

    def give_back(self, conversation_id: str) -> None:
        self._total -= 1
        left = self._by_conversation.get(conversation_id, 1) - 1
        if left <= 0:
            self._by_conversation.pop(conversation_id, None)
        else:
            self._by_conversation[conversation_id] = left


class SubAgent(Protocol):
    """What runs a background task: the runtime's sub-agent."""

    async def task_rounds(self, turn: TurnContext, task: str,
                          approval: ApprovalHook | None) -> _RoundsResult:
        """The sub-agent's tool rounds for ``task`` inside ``turn``."""
        ...

    async def finish_task(self, turn: TurnContext, rounds: _RoundsResult,
                          task: str) -> TurnResult:
        """Audit, render and record the sub-agent's turn."""
        ...


class BackgroundDelegates:
    """Runs background tasks in a task group of their own (``open``/``close`` with the
    runtime), within ``slots`` and ``timeout_s``; each ends in one follow-up."""

    def __init__(self, slots: BackgroundSlots, timeout_s: float) -> None:
        self.slots = slots
        self.timeout_s = timeout_s
        self.active = 0
        self._idle = anyio.Event()
        self._idle.set()
        # Opened and closed with the runtime: background delegates end with it.
        self.tasks = HeldTaskGroup("AgentRuntime")
        self._log = get_logger(LOG_TARGET)

    async def wait_idle(self, timeout_s: float) -> bool:
        """Wait until no background task runs; False if ``timeout_s`` passed first."""
        with anyio.move_on_after(timeout_s):
            await self._idle.wait()
            return True
        return False

    def start(self, task: str, parent: TurnContext, sub: SubAgent,
              followup: FollowupSender | None) -> str:
        """Start a detached sub-agent turn; return its task id. Raises if unavailable."""
        task_group = self.tasks.group
        if task_group is None or followup is None:
            raise ToolExecutionError(
                DELEGATE_TOOL_NAME, "background tasks are not available here (no follow-up "
                                    "delivery); run the task with background=false")
        refusal = self.slots.refusal(parent.conversation_id)
        if refusal is not None:
            raise ToolExecutionError(DELEGATE_TOOL_NAME, f"{refusal}; run the task with "
                                                         "background=false or later")
        task_id = uuid.uuid4().hex[:12]
        detached = dataclasses.replace(parent.detach(), turn_id=f"bg-{task_id}")
        self.slots.take(parent.conversation_id)
        self.active += 1
        if self.active == 1:
            self._idle = anyio.Event()
        task_group.start_soon(self._run, task_id, task, detached, parent.turn_id, sub,
                                    followup)
        return task_id

    async def _run(self, task_id: str, task: str, turn: TurnContext, parent_turn_id: str,
                   sub: SubAgent, followup: FollowupSender) -> None:
        try:
            try:
                outcome = await self._outcome(task_id, task, turn, parent_turn_id, sub)
            except anyio.get_cancelled_exc_class():
                # Shutdown (or a retired generation's budget spent): say so, then go.
                outcome = _unfinished(task_id, turn, parent_turn_id,
                                      BackgroundStatus.CANCELLED, "the daemon stopped")
                self._log.warning("Background task cancelled", task=task_id,
                                  conversation=turn.conversation_id)
                with anyio.CancelScope(shield=True), anyio.move_on_after(
                        CANCELLED_DELIVERY_S):
                    await self._hand_over(followup, outcome)
                raise
            with anyio.move_on_after(FOLLOWUP_TIMEOUT_S):
                await self._hand_over(followup, outcome)
        finally:
            self.slots.give_back(turn.conversation_id)
            self.active -= 1
            if self.active == 0:
                self._idle.set()

    async def _hand_over(self, followup: FollowupSender, outcome: BackgroundResult) -> None:
        try:
            await followup(outcome)
        except Exception as exc:  # delivery failure is logged, not fatal
            self._log.warning("Background result not delivered", task=outcome.task_id,
                              conversation=outcome.conversation_id, error=type(exc).__name__)

    async def _outcome(self, task_id: str, task: str, turn: TurnContext, parent_turn_id: str,
                       sub: SubAgent) -> BackgroundResult:
        self._log.info("Background task started", task=task_id, parent_turn=parent_turn_id,
                       conversation=turn.conversation_id)
        try:
            with anyio.fail_after(self.timeout_s), bind_turn(turn):
                # No approval flow outlives the turn that started the task.
                rounds = await sub.task_rounds(turn, task, None)
            result = await sub.finish_task(turn, rounds, task)
        except TimeoutError:
            self._log.warning("Background task timed out", task=task_id,
                              seconds=self.timeout_s)
            return _unfinished(task_id, turn, parent_turn_id, BackgroundStatus.TIMEOUT,
                               f"no answer within {self.timeout_s:g} s")
        except Exception as exc:  # report honestly instead of losing the task silently
            self._log.error("Background task failed", task=task_id, error=type(exc).__name__)
            return _unfinished(task_id, turn, parent_turn_id, BackgroundStatus.FAILED,
                               type(exc).__name__)
        self._log.info("Background task finished", task=task_id,
                       conversation=turn.conversation_id, outcome=result.outcome.value,
                       receipts=len(result.receipts))
        status = (BackgroundStatus.FINISHED if result.outcome is TurnOutcome.FINAL
                  else BackgroundStatus.FAILED)
        return BackgroundResult(task_id, turn.turn_id, parent_turn_id, turn.conversation_id,
                                status, finished_text(task_id, result), result,
                                tool_calls_run=len(result.events))


def _unfinished(task_id: str, turn: TurnContext, parent_turn_id: str,
                status: BackgroundStatus, detail: str) -> BackgroundResult:
    ran = sum(1 for event in turn.collector.events if event.status in _STATUSES_THAT_RAN)
    return BackgroundResult(task_id, turn.turn_id, parent_turn_id, turn.conversation_id,
                            status, unfinished_text(task_id, status, detail, ran),
                            tool_calls_run=ran)
