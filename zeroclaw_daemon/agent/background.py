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

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from zeroclaw_daemon.agent.turn import TurnResult

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
