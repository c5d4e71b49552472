"""AnthropicProvider against a fake Messages API server on loopback (real sockets).

The fake checks requests the way the real API does (headers, roles, every
tool_result answering a tool_use just before), so a mapping bug shows up as a 400.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes import ChatError, ChatOnce, FakeResponse
from tests.fakes.anthropic_server import (
    FakeAnthropic,
    error_response,
    message,
    overloaded_response,
    text_block,
    text_response,
    tool_use_block,
    tool_use_response,
)
from tests.fakes.providers import ANTHROPIC_KEY, anthropic_provider
from zeroclaw_daemon.errors import ProviderResponseError
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall, ToolSpec

API_KEY = ANTHROPIC_KEY
READ_FILE = ToolSpec(name="read_file", description="Read a file.",
                     parameters={"type": "object", "properties": {"path": {"type": "string"}},
                                 "required": ["path"]})
USER_ONLY = [ChatMessage(role="user", content="hi")]


@pytest.fixture
def fake() -> Iterator[FakeAnthropic]:
    """A fresh fake Anthropic server for each test."""
    with FakeAnthropic.serve() as server:
        yield server


async def test_request_shape_with_tool_use_and_merged_results(chat_once: ChatOnce,
                                                              fake: FakeAnthropic) -> None:
    """System goes top-level; tool calls become tool_use; consecutive results share one turn."""
    fake.enqueue(text_response("done"))
    provider = anthropic_provider(fake)
    messages = [
        ChatMessage(role="system", content="be careful"),
        ChatMessage(role="user", content="read two files"),
        ChatMessage(role="assistant", content="Reading both.", tool_calls=(
            ToolCall(id="toolu_1", name="read_file", arguments='{"path": "a"}'),
            ToolCall(id="toolu_2", name="read_file", arguments='{"path": "b"}'))),
        ChatMessage(role="tool", content="A\n\n[receipt: zc-receipt-1-x]",
                    tool_call_id="toolu_1", name="read_file"),
        ChatMessage(role="tool", content="read_file failed: no such file: 'b'",
                    tool_call_id="toolu_2", name="read_file"),
    ]
    await chat_once(provider, messages, [READ_FILE])
    (request,) = fake.requests
    assert ("POST", "/v1/messages") == (request.method, request.path)
    assert (API_KEY, "2023-06-01") == (request.headers["x-api-key"],
                                       request.headers["anthropic-version"])
    assert "authorization" not in request.headers
    assert {
        "model": "claude-test",
        "max_tokens": 512,
        "system": "be careful",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "read two files"}]},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Reading both."},
                {"type": "tool_use", "id": "toolu_1", "name": "read_file",
                 "input": {"path": "a"}},
                {"type": "tool_use", "id": "toolu_2", "name": "read_file",
                 "input": {"path": "b"}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1",
                 "content": "A\n\n[receipt: zc-receipt-1-x]"},
                {"type": "tool_result", "tool_use_id": "toolu_2",
                 "content": "read_file failed: no such file: 'b'"},
            ]},
        ],
        "tools": [{"name": "read_file", "description": "Read a file.",
                   "input_schema": {"type": "object",
                                    "properties": {"path": {"type": "string"}},
                                    "required": ["path"]}}],
    } == request.json()


async def test_invalid_argument_json_is_sent_as_empty_input(chat_once: ChatOnce,
                                                            fake: FakeAnthropic) -> None:
    """A call whose arguments were not a JSON object still yields a valid tool_use block."""
    fake.enqueue(text_response("ok"))
    provider = anthropic_provider(fake)
    messages = [
        ChatMessage(role="user", content="go"),
        ChatMessage(role="assistant", content="", tool_calls=(
            ToolCall(id="toolu_9", name="read_file", arguments="{broken"),)),
        ChatMessage(role="tool", content="invalid arguments", tool_call_id="toolu_9"),
    ]
    await chat_once(provider, messages, [])
    sent = fake.requests[0].json()["messages"][1]
    assert {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_9", "name": "read_file", "input": {}}]} == sent


async def test_parses_text_and_tool_use_blocks(chat_once: ChatOnce, fake: FakeAnthropic) -> None:
    """Text blocks join into the text; tool_use inputs become JSON-text arguments."""
    fake.enqueue(tool_use_response(text_block("Let me check."),
                                   tool_use_block("read_file", {"path": "README.md"},
                                                  block_id="toolu_a")))
    provider = anthropic_provider(fake)
    response = await chat_once(provider, USER_ONLY, [READ_FILE])
    assert ChatResponse(
        text="Let me check.",
        tool_calls=(ToolCall("toolu_a", "read_file", '{"path": "README.md"}'),),
        finish_reason="tool_use",
        usage={"input_tokens": 12, "output_tokens": 6},
    ) == response


async def test_unknown_block_types_are_ignored(chat_once: ChatOnce, fake: FakeAnthropic) -> None:
    """Blocks we do not use (thinking) do not break parsing."""
    fake.enqueue(FakeResponse(json_body=message([
        {"type": "thinking", "thinking": "hmm", "signature": "sig"}, text_block("answer")])))
    provider = anthropic_provider(fake)
    response = await chat_once(provider, USER_ONLY, [])
    assert ("answer", ()) == (response.text, response.tool_calls)


async def test_overloaded_529_is_retried(chat_once: ChatOnce, fake: FakeAnthropic) -> None:
    """529 overloaded_error is transient: retried, then the answer is used."""
    fake.enqueue(overloaded_response(), text_response("back"))
    provider = anthropic_provider(fake)
    response = await chat_once(provider, USER_ONLY, [])
    assert ("back", 2) == (response.text, len(fake.requests))


async def test_overloaded_until_the_end_names_the_error(chat_error: ChatError,
                                                        fake: FakeAnthropic) -> None:
    """When every attempt is overloaded, the error says so and how often it tried."""
    fake.enqueue(*[overloaded_response() for _ in range(3)])
    provider = anthropic_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "HTTP 529: overloaded_error: Overloaded (gave up after 3 attempts)" == (
        error.message)


async def test_error_body_and_status_400_not_retried(chat_error: ChatError,
                                                     fake: FakeAnthropic) -> None:
    """A 400 invalid_request_error is final and carries the API's message."""
    fake.enqueue(error_response(400, "invalid_request_error", "max_tokens: too large"))
    provider = anthropic_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "HTTP 400: invalid_request_error: max_tokens: too large" == error.message
    assert 1 == len(fake.requests)


async def test_error_object_with_status_200_is_an_error(chat_error: ChatError,
                                                        fake: FakeAnthropic) -> None:
    """A {"type": "error"} body is an error even with status 200."""
    fake.enqueue(FakeResponse(json_body={"type": "error", "error": {
        "type": "api_error", "message": "Internal server error"}}))
    provider = anthropic_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "endpoint returned an error: api_error: Internal server error" == error.message


@pytest.mark.parametrize(("body", "reason"), [
    ({"type": "message", "role": "assistant"}, "no 'content' list"),
    ({"content": [{"type": "tool_use", "id": "t", "name": "x", "input": "[]"}]},
     "'content[0]' 'input' is not an object"),
    ({"content": [{"type": "text"}]}, "'content[0]' has no 'text' string"),
])
async def test_malformed_messages_are_response_errors(chat_error: ChatError,
                                                      fake: FakeAnthropic, body: object,
                                                      reason: str) -> None:
    """Bodies missing required fields give a ProviderResponseError naming the field."""
    fake.enqueue(FakeResponse(json_body=body))
    provider = anthropic_provider(fake)
    error = await chat_error(provider, USER_ONLY, expected=ProviderResponseError)
    assert f"malformed Messages response: {reason}" == error.message


async def test_api_key_never_appears_in_errors_or_repr(chat_error: ChatError,
                                                       fake: FakeAnthropic) -> None:
    """A server echoing the key does not get it into our error text."""
    fake.enqueue(error_response(401, "authentication_error", f"invalid x-api-key {API_KEY}"))
    provider = anthropic_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "HTTP 401: authentication_error: invalid x-api-key [redacted]" == error.message
    for text in (str(error), repr(error), repr(provider)):
        assert API_KEY not in text


async def test_fake_rejects_a_tool_result_without_its_tool_use(chat_error: ChatError,
                                                               fake: FakeAnthropic) -> None:
    """The fake is strict like the real API: an orphan tool_result is a 400."""
    provider = anthropic_provider(fake)
    messages = [ChatMessage(role="user", content="go"),
                ChatMessage(role="tool", content="orphan", tool_call_id="toolu_missing")]
    error = await chat_error(provider, messages)
    assert 400 == error.status_code
    assert "unexpected `tool_use_id`" in error.message
