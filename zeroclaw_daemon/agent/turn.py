"""What one turn produces and the small rules around it: outcome, result, observer,
call-id normalisation and the provider-failure reply."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from zeroclaw_daemon.audit import AuditReport
from zeroclaw_daemon.providers.base import ChatMessage, ToolCall
from zeroclaw_daemon.receipts import (
    ToolEvent,
    ToolStatus,
    append_block,
)

if TYPE_CHECKING:  # revise.py imports this module
    from zeroclaw_daemon.agent.revise import Revision


class TurnOutcome(StrEnum):
    """How a turn ended."""

    FINAL = "final"                      # the model gave a final answer
    MAX_ITERATIONS = "max_iterations"    # stopped after max_tool_iterations rounds
    PROVIDER_ERROR = "provider_error"    # the model endpoint failed


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One finished turn.

    ``reply`` is what the person reads (any model-written receipts block
    stripped, the audit mode applied), without the runtime's ``receipts_block``
    (empty unless ``show_in_response``); ``text`` joins the two. ``raw_reply``
    is exactly what the model wrote. ``audit`` is None when the audit mode is
    ``off`` or the reply was written by the runtime (provider failure, round limit).
    """

    turn_id: str
    reply: str
    raw_reply: str
    events: tuple[ToolEvent, ...]
    receipts: tuple[ToolEvent, ...]
    audit: AuditReport | None
    receipts_block: str
    outcome: TurnOutcome = TurnOutcome.FINAL
    conversation_id: str = ""
    revision: Revision | None = None  # mode = "revise": the correction rounds and outcome

    @property
    def text(self) -> str:
        """The reply with the receipts block after a blank line (if there is one)."""
        return append_block(self.reply, self.receipts_block)


class TurnObserver(Protocol):
    """Watches turns (metrics). Called on the event loop; must be quick and not raise."""

    def on_tool_event(self, event: ToolEvent) -> None:
        """One tool call ended (every status, delegate sub-calls included)."""
        ...

    def on_turn(self, result: TurnResult, seconds: float) -> None:
        """A top-level turn finished."""
        ...


@dataclass(frozen=True, slots=True)
class _RoundsResult:
    text: str
    messages: list[ChatMessage]
    outcome: TurnOutcome


class _ProviderFailed(Exception):
    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


_STATUSES_THAT_RAN = frozenset({ToolStatus.OK, ToolStatus.FAILED, ToolStatus.TIMEOUT})


def _provider_failure_text(message: str, calls_run: int) -> str:
    message = message.strip().rstrip(".") or "no details"
    if calls_run == 0:
        return f"The model provider failed: {message}. No tools ran for this message."
    noun = "call" if calls_run == 1 else "calls"
    return (f"The model provider failed: {message}. {calls_run} tool {noun} ran before the "
            "failure, but no final answer was produced.")


def _normalise_calls(calls: Sequence[ToolCall], turn_id: str,
                     round_index: int) -> tuple[ToolCall, ...]:
    """Give every call a unique id: models sometimes send empty or repeated ones, and a
    tool result must answer exactly one call."""
    seen: set[str] = set()
    normalised: list[ToolCall] = []
    for index, call in enumerate(calls):
        call_id = call.id
        if not call_id or call_id in seen:
            call_id = f"call_{turn_id[:8]}_{round_index}_{index}"
            call = ToolCall(call_id, call.name, call.arguments)
        seen.add(call_id)
        normalised.append(call)
    return tuple(normalised)
