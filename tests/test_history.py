"""ConversationHistory: bounded per conversation by whole turns, and across conversations."""

from __future__ import annotations

from zeroclaw_daemon.agent.history import ConversationHistory
from zeroclaw_daemon.providers.base import ChatMessage, ToolCall


def _turn(index: int, tool_rounds: int) -> list[ChatMessage]:
    messages = [ChatMessage("user", f"u{index}")]
    for round_index in range(tool_rounds):
        call = ToolCall(f"c{index}.{round_index}", "shell", "{}")
        messages += [ChatMessage("assistant", "", tool_calls=(call,)),
                     ChatMessage("tool", "r", tool_call_id=call.id, name="shell")]
    return [*messages, ChatMessage("assistant", f"a{index}")]


def test_history_drops_whole_turns() -> None:
    """Trimming drops the oldest whole turns, never orphaning a tool message."""
    history = ConversationHistory(max_messages=6)
    history.append_turn("c", _turn(1, 1))  # 4 messages
    history.append_turn("c", _turn(2, 0))  # 2 messages -> 6
    assert 6 == len(history.messages("c"))
    history.append_turn("c", _turn(3, 0))  # 8 -> drop turn 1
    messages = history.messages("c")
    assert ["u2", "a2", "u3", "a3"] == [m.content for m in messages]
    assert all(m.role != "tool" for m in messages)


def test_history_compacts_an_oversized_turn() -> None:
    """A single turn over the bound keeps only its user message and final reply."""
    history = ConversationHistory(max_messages=3)
    history.append_turn("c", _turn(1, 3))  # 8 messages
    assert [("user", "u1"), ("assistant", "a1")] == \
        [(m.role, m.content) for m in history.messages("c")]


def test_history_bounds_conversations_lru() -> None:
    """The least recently used conversation is dropped beyond max_conversations."""
    history = ConversationHistory(max_messages=10, max_conversations=2)
    history.append_turn("a", _turn(1, 0))
    history.append_turn("b", _turn(2, 0))
    history.messages("a")  # touch a: b is now the least recently used
    history.append_turn("c", _turn(3, 0))
    assert (["u1", "a1"], [], ["u3", "a3"]) == (
        [m.content for m in history.messages("a")], history.messages("b"),
        [m.content for m in history.messages("c")])


def test_history_zero_keeps_nothing() -> None:
    """history_max_messages = 0 stores nothing."""
    history = ConversationHistory(max_messages=0)
    history.append_turn("c", _turn(1, 1))
    assert [] == history.messages("c")
