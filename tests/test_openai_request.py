"""The Chat Completions request contract on its own: what becomes the turn, what is refused."""

from __future__ import annotations

from typing import Any

import pytest

from zeroclaw_daemon.channels.gateway_api import GatewayHTTPError
from zeroclaw_daemon.channels.openai_request import ChatRequest, parse_chat_request

MODEL = "served-model"


def parse(body: dict[str, Any], history_max_messages: int = 40) -> ChatRequest:
    return parse_chat_request({"model": MODEL, **body}, served_models=(MODEL,),
                              history_max_messages=history_max_messages)


def refusal(body: dict[str, Any]) -> tuple[int, str, object]:
    with pytest.raises(GatewayHTTPError) as caught:
        parse(body)
    return caught.value.status, caught.value.code, caught.value.extra.get("param")


def test_history_is_bounded_like_the_daemons_own_keeping_instructions() -> None:
    """With history_max_messages = 2 the newest two earlier messages stay, and every
    system or developer message (as system) stays whatever its age."""
    chat = parse({"messages": [
        {"role": "developer", "content": "rules"},
        {"role": "user", "content": "one"}, {"role": "assistant", "content": "1"},
        {"role": "system", "content": "more rules"},
        {"role": "user", "content": "two"}, {"role": "assistant", "content": "2"},
        {"role": "user", "content": "three"}]}, history_max_messages=2)
    assert "three" == chat.message
    assert [("system", "rules"), ("system", "more rules"), ("user", "two"),
            ("assistant", "2")] == [(m.role, m.content) for m in chat.history]


def test_text_parts_join_and_the_receipts_block_leaves_assistant_history() -> None:
    """Text parts are joined with newlines; a receipts block the daemon appended to an
    earlier reply is stripped before the model sees it again."""
    chat = parse({"messages": [
        {"role": "user", "content": "list"},
        {"role": "assistant", "content": "Done.\n\nTool receipts:\n- list_dir: zc-receipt-1-x",
         "refusal": None, "tool_calls": []},
        {"role": "user", "content": [{"type": "text", "text": "a"},
                                     {"type": "text", "text": "b"}], "name": "ann"}]})
    assert "a\nb" == chat.message
    assert [("user", "list"), ("assistant", "Done.")] == [(m.role, m.content)
                                                          for m in chat.history]


@pytest.mark.parametrize(("body", "expected"), [
    ({"n": True, "messages": [{"role": "user", "content": "x"}]},
     (400, "unsupported_parameter", "n")),
    ({"messages": [{"role": "assistant", "content": None,
                    "tool_calls": [{"id": "c", "type": "function"}]},
                   {"role": "user", "content": "x"}]},
     (400, "unsupported_parameter", "messages[0].tool_calls")),
    ({"messages": [{"role": "user", "content": None}]},
     (400, "invalid_value", "messages[0].content")),
    ({"messages": [{"role": "user", "content": "   "}]},
     (400, "invalid_value", "messages[0].content")),
    ({"messages": [{"role": "user", "content": "x", "weight": 1}]},
     (400, "unknown_parameter", "messages[0].weight")),
    ({"stream": "yes", "messages": [{"role": "user", "content": "x"}]},
     (400, "invalid_value", "stream")),
    ({"user": "", "messages": [{"role": "user", "content": "x"}]},
     (400, "invalid_value", "user")),
    ({"model": "other", "messages": [{"role": "user", "content": "x"}]},
     (404, "model_not_found", "model")),
], ids=["n-true", "assistant-tool-calls", "null-content", "blank-message", "unknown-field",
        "stream-string", "empty-user", "other-model"])
def test_refusals_name_the_field(body: dict[str, Any], expected: tuple[int, str, str]
                                 ) -> None:
    """A JSON true is not n = 1; client tool calls, null or blank content, unknown message
    fields, a non-boolean stream, an empty user and an unserved model are refused."""
    assert expected == refusal(body)
