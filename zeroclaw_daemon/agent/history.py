"""Bounded per-conversation history: what the model saw, whole turns at a time.

A turn is stored as one unit (user message, assistant tool-call messages, tool
results with their trailers, final reply), and trimming drops whole turns from
the front, so a ``tool`` message never outlives the assistant message whose
``tool_calls`` it answers. When the newest turn alone is over the limit, its
tool exchange is dropped and only the user message and the final reply remain.
The number of conversations is bounded too (least recently used dropped).
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Sequence

from zeroclaw_daemon.providers.base import ChatMessage

DEFAULT_MAX_CONVERSATIONS = 10_000


class _Conversation:
    __slots__ = ("size", "turns")

    def __init__(self) -> None:
        self.turns: deque[tuple[ChatMessage, ...]] = deque()
        self.size = 0


class ConversationHistory:
    """Per-conversation message history with a message bound and an LRU conversation bound."""

    def __init__(self, max_messages: int,
                 max_conversations: int = DEFAULT_MAX_CONVERSATIONS) -> None:
        if max_messages < 0:
            raise ValueError("max_messages must not be negative")
        if max_conversations < 1:
            raise ValueError("max_conversations must be at least 1")
        self.max_messages = max_messages
        self.max_conversations = max_conversations
        self._conversations: OrderedDict[str, _Conversation] = OrderedDict()

    def __len__(self) -> int:
        return len(self._conversations)

    def __repr__(self) -> str:
        return (f"<ConversationHistory conversations={len(self)} "
                f"max_messages={self.max_messages}>")

    def messages(self, conversation_id: str) -> list[ChatMessage]:
        """The stored messages of a conversation, oldest first (a copy)."""
        conversation = self._conversations.get(conversation_id)
        if conversation is None:
            return []
        self._conversations.move_to_end(conversation_id)
        return [message for turn in conversation.turns for message in turn]

    def append_turn(self, conversation_id: str, messages: Sequence[ChatMessage]) -> None:
        """Store one turn's messages, then trim to the bounds."""
        if self.max_messages == 0 or not messages:
            return
        turn = tuple(messages)
        if len(turn) > self.max_messages:
            turn = _compact(turn)[-self.max_messages:]
            if turn and turn[0].role == "tool":  # cannot happen after _compact; be safe
                return
        conversation = self._conversations.get(conversation_id)
        if conversation is None:
            conversation = _Conversation()
            self._conversations[conversation_id] = conversation
        self._conversations.move_to_end(conversation_id)
        conversation.turns.append(turn)
        conversation.size += len(turn)
        while conversation.size > self.max_messages and len(conversation.turns) > 1:
            conversation.size -= len(conversation.turns.popleft())
        while len(self._conversations) > self.max_conversations:
            self._conversations.popitem(last=False)

    def forget(self, conversation_id: str) -> None:
        """Drop a conversation's history."""
        self._conversations.pop(conversation_id, None)


def _compact(turn: tuple[ChatMessage, ...]) -> tuple[ChatMessage, ...]:
    """A turn without its tool exchange: the user message(s) and the final text."""
    return tuple(message for message in turn
                 if message.role in ("user", "system")
                 or (message.role == "assistant" and not message.tool_calls))
