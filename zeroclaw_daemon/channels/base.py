"""What a channel is: it receives messages, hands them to a handler, sends replies."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the channel contract stays light: no provider code at import
    from ..providers.base import ChatMessage


@dataclass(frozen=True, slots=True)
class InboundMessage:
    """A message from a person, as a channel received it."""

    channel: str
    conversation_id: str
    sender: str
    text: str
    # None: the model sees the daemon's stored history of the conversation, and the
    # turn is added to it. Set: the client holds the history (the OpenAI-compatible
    # API sends it whole with every request); the stored history is neither read nor written.
    history: tuple[ChatMessage, ...] | None = None


@dataclass(frozen=True, slots=True)
class ReceiptLine:
    """One row of the receipts block: which tool, which call, which token."""

    tool: str
    call_id: str
    receipt: str


@dataclass(frozen=True, slots=True)
class OutboundReply:
    """What goes back to the person, already audited and redacted.

    ``text`` is the reply (with audit notice if the mode is annotate/block);
    ``receipts_block`` is sent after it (as a second message on chat
    channels) when ``show_in_response`` is on, else empty.
    """

    turn_id: str
    text: str
    receipts_block: str = ""
    receipts: tuple[ReceiptLine, ...] = ()
    trust: str = "unverified"
    findings: tuple[dict[str, object], ...] = field(default=())
    # mode = "revise": {"revised", "outcome", "rounds", "fixed": [finding dicts]}
    revision: dict[str, object] | None = None
    # The offset in the reply from which the audit read no claims (a reply past its
    # bounds, AuditReport.unchecked_from); None when it read them all.
    unchecked_from: int | None = None


# The daemon's dispatcher: every channel hands each inbound message here and
# gets the reply back. It applies backpressure by awaiting.
MessageHandler = Callable[[InboundMessage], Awaitable[OutboundReply]]


class Channel(Protocol):
    """A running channel. ``run`` serves until cancelled; it raises on a fatal error."""

    name: str

    async def run(self, handler: MessageHandler) -> None:
        """Serve: receive messages, call ``handler``, deliver its replies."""
        ...


@dataclass(frozen=True, slots=True)
class FollowupReply:
    """A later message into a conversation: a background task's audited, redacted result.

    ``reply`` carries the follow-up's own text and receipts block (never the
    parent turn's); ``parent_turn_id`` is the turn whose ``delegate`` call
    started the task; ``status`` is finished, failed, timeout or cancelled.
    """

    task_id: str
    parent_turn_id: str
    conversation_id: str
    status: str
    reply: OutboundReply
    created_at: float = 0.0


class FollowupChannel(Protocol):
    """A channel that can send a later message into one of its conversations."""

    async def send_followup(self, followup: FollowupReply) -> None:
        """Deliver ``followup`` (a new message, or a queue the client reads); raise
        ChannelError when the conversation cannot be reached now."""
        ...
