"""OpenAIProvider against a fake Chat Completions server on loopback (real sockets).

The fake is first checked against the official ``openai`` SDK, so the provider
is tested against the real wire format, not against our own idea of it.
"""

from __future__ import annotations

from collections.abc import Iterator

import openai
import pytest

from tests.fakes import ChatError, ChatOnce, FakeResponse, fast_retries
from tests.fakes.openai_server import (
    FakeOpenAI,
    completion,
    error_response,
    rate_limited_response,
    text_response,
    tool_call,
    tool_calls_response,
)
from tests.fakes.providers import OPENAI_KEY, openai_provider
from zeroclaw_daemon.errors import ProviderResponseError
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall, ToolSpec
from zeroclaw_daemon.providers.openai import OpenAIProvider

API_KEY = OPENAI_KEY
LIST_DIR = ToolSpec(name="list_dir", description="List a directory.",
                    parameters={"type": "object", "properties": {"path": {"type": "string"}}})


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    """A fresh fake OpenAI server for each test."""
    with FakeOpenAI.serve() as server:
        yield server


USER_ONLY = [ChatMessage(role="user", content="hi")]


# --- the fake speaks the real format ----------------------------------------------------

def test_official_sdk_parses_the_fake_text_response(fake: FakeOpenAI) -> None:
    """openai.OpenAI reads the fake's text completion as a normal response."""
    fake.enqueue(text_response("hello from the fake"))
    client = openai.OpenAI(base_url=fake.base_url, api_key="x", max_retries=0)
    try:
        result = client.chat.completions.create(
            model="gpt-test", messages=[{"role": "user", "content": "hi"}])
    finally:
        client.close()
    assert "hello from the fake" == result.choices[0].message.content
    assert "stop" == result.choices[0].finish_reason
    assert result.usage is not None and 18 == result.usage.total_tokens


def test_official_sdk_parses_the_fake_tool_calls(fake: FakeOpenAI) -> None:
    """openai.OpenAI reads the fake's tool_calls (function name, JSON-text arguments)."""
    fake.enqueue(tool_calls_response(tool_call("list_dir", {"path": "."}, call_id="call_abc")))
    client = openai.OpenAI(base_url=fake.base_url, api_key="x", max_retries=0)
    try:
        result = client.chat.completions.create(
            model="gpt-test", messages=[{"role": "user", "content": "list"}],
            tools=[{"type": "function", "function": {
                "name": "list_dir", "description": "d", "parameters": {"type": "object"}}}])
    finally:
        client.close()
    calls = result.choices[0].message.tool_calls
    assert calls is not None and 1 == len(calls)
    call = calls[0]
    assert ("call_abc", "list_dir", '{"path": "."}') == (
        call.id, call.function.name, call.function.arguments)  # type: ignore[union-attr]
    assert "tool_calls" == result.choices[0].finish_reason


def test_official_sdk_reads_the_fake_error_format(fake: FakeOpenAI) -> None:
    """openai.OpenAI maps the fake's 429 error body to RateLimitError with its message."""
    fake.enqueue(rate_limited_response("1"))
    client = openai.OpenAI(base_url=fake.base_url, api_key="x", max_retries=0)
    try:
        with pytest.raises(openai.RateLimitError) as caught:
            client.chat.completions.create(
                model="gpt-test", messages=[{"role": "user", "content": "hi"}])
    finally:
        client.close()
    assert "rate_limit_exceeded" == caught.value.code


# --- request shape ------------------------------------------------------------------------

async def test_request_carries_messages_tools_and_bearer_key(chat_once: ChatOnce,
                                                             fake: FakeOpenAI) -> None:
    """Messages (incl. tool calls and tool results), tools and auth map to the wire format."""
    fake.enqueue(text_response("done"))
    provider = openai_provider(fake)
    messages = [
        ChatMessage(role="system", content="be careful"),
        ChatMessage(role="user", content="list files"),
        ChatMessage(role="assistant", content="",
                    tool_calls=(ToolCall(id="call_1", name="list_dir", arguments='{"path":"."}'),)),
        ChatMessage(role="tool", content="a.txt\n\n[receipt: zc-receipt-1-x]",
                    tool_call_id="call_1", name="list_dir"),
    ]
    await chat_once(provider, messages, [LIST_DIR])
    (request,) = fake.requests
    assert ("POST", "/v1/chat/completions") == (request.method, request.path)
    assert f"Bearer {API_KEY}" == request.headers["authorization"]
    assert {
        "model": "gpt-test",
        "messages": [
            {"role": "system", "content": "be careful"},
            {"role": "user", "content": "list files"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "list_dir", "arguments": '{"path":"."}'}}]},
            {"role": "tool", "tool_call_id": "call_1",
             "content": "a.txt\n\n[receipt: zc-receipt-1-x]"},
        ],
        "tools": [{"type": "function", "function": {
            "name": "list_dir", "description": "List a directory.",
            "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}],
    } == request.json()


async def test_no_tools_and_no_key_are_omitted(chat_once: ChatOnce, fake: FakeOpenAI) -> None:
    """Without tools there is no "tools" key; without a key no Authorization header."""
    fake.enqueue(text_response("ok"))
    provider = openai_provider(fake, api_key=None)
    await chat_once(provider, USER_ONLY, [])
    (request,) = fake.requests
    assert "authorization" not in request.headers
    assert "tools" not in request.json()


# --- parsing ------------------------------------------------------------------------------

async def test_parses_text_and_tool_calls(chat_once: ChatOnce, fake: FakeOpenAI) -> None:
    """Text, tool calls, finish reason and usage come back as a ChatResponse."""
    fake.enqueue(tool_calls_response(
        tool_call("list_dir", {"path": "."}, call_id="call_a"),
        tool_call("read_file", '{"path": "README.md"}', call_id="call_b"),
        content="Let me look."))
    provider = openai_provider(fake)
    response = await chat_once(provider, USER_ONLY, [LIST_DIR])
    assert ChatResponse(
        text="Let me look.",
        tool_calls=(ToolCall("call_a", "list_dir", '{"path": "."}'),
                    ToolCall("call_b", "read_file", '{"path": "README.md"}')),
        finish_reason="tool_calls",
        usage={"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
    ) == response


async def test_invalid_arguments_and_unknown_tools_pass_through(chat_once: ChatOnce,
                                                                fake: FakeOpenAI) -> None:
    """Bad JSON arguments and unknown tool names reach the loop untouched (it rejects them)."""
    fake.enqueue(tool_calls_response(tool_call("no_such_tool", '{"path": ', call_id="call_x")))
    provider = openai_provider(fake)
    response = await chat_once(provider, USER_ONLY, [LIST_DIR])
    assert (ToolCall("call_x", "no_such_tool", '{"path": '),) == response.tool_calls


async def test_object_arguments_from_local_servers_become_json_text(chat_once: ChatOnce,
                                                                    fake: FakeOpenAI) -> None:
    """Servers that send arguments as an object (older Ollama) still give JSON text."""
    body = completion(None, tool_calls=[{"id": "c1", "type": "function",
                                         "function": {"name": "list_dir",
                                                      "arguments": {"path": "."}}}])
    fake.enqueue(FakeResponse(json_body=body))
    provider = openai_provider(fake)
    response = await chat_once(provider, USER_ONLY, [])
    assert (ToolCall("c1", "list_dir", '{"path": "."}'),) == response.tool_calls


@pytest.mark.parametrize(("body", "reason"), [
    ({"id": "x", "object": "chat.completion", "choices": []}, "no 'choices'"),
    ({"choices": [{"index": 0}]}, "'choices[0]' has no 'message' object"),
    ({"choices": [{"message": {"role": "assistant", "content": None,
                               "tool_calls": [{"id": "c", "type": "function",
                                               "function": {"arguments": "{}"}}]}}]},
     "'message.tool_calls[0]'.function has no 'name'"),
    ([1, 2, 3], "body is a JSON list, expected an object"),
])
async def test_missing_fields_are_response_errors(chat_error: ChatError,
                                                  fake: FakeOpenAI, body: object,
                                                  reason: str) -> None:
    """A JSON body without the expected fields is a ProviderResponseError saying what is missing."""
    fake.enqueue(FakeResponse(json_body=body))
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY, expected=ProviderResponseError)
    assert f"openai: malformed chat completion: {reason}" == str(error)


async def test_error_object_with_status_200_is_an_error(chat_error: ChatError,
                                                        fake: FakeOpenAI) -> None:
    """Proxies that report errors with HTTP 200 still produce a ProviderError."""
    fake.enqueue(FakeResponse(json_body={"error": {"message": "upstream failed",
                                                   "code": 502}}))
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "endpoint returned an error: upstream failed" == error.message


# --- retries ------------------------------------------------------------------------------

async def test_retries_a_500_then_succeeds(chat_once: ChatOnce, fake: FakeOpenAI) -> None:
    """A 500 is retried and the next answer is used."""
    fake.enqueue(error_response(500, "The server had an error"), text_response("recovered"))
    provider = openai_provider(fake)
    response = await chat_once(provider, USER_ONLY, [])
    assert "recovered" == response.text
    assert 2 == len(fake.requests)


async def test_retry_after_beyond_the_cap_fails_now(chat_error: ChatError,
                                                    fake: FakeOpenAI) -> None:
    """A server asking for an hour gets an immediate honest error, not a hung turn."""
    fake.enqueue(rate_limited_response("3600"))
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert (429, 3600.0) == (error.status_code, error.retry_after)
    assert "the endpoint asks to wait 3600 s" in error.message
    assert 1 == len(fake.requests)


async def test_client_errors_are_not_retried(chat_error: ChatError, fake: FakeOpenAI) -> None:
    """A 400 is final: one request, the server's message in the error."""
    fake.enqueue(error_response(400, "Invalid 'messages[0]'", type_="invalid_request_error"))
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "HTTP 400: invalid_request_error: Invalid 'messages[0]'" == error.message
    assert (False, 1) == (error.retryable, len(fake.requests))


async def test_gives_up_after_max_retries(chat_error: ChatError, fake: FakeOpenAI) -> None:
    """Three 503s with max_retries=2 end in an error naming the attempts."""
    fake.enqueue(*[error_response(503, "busy") for _ in range(3)])
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "HTTP 503: server_error: busy (gave up after 3 attempts)" == error.message
    assert 3 == len(fake.requests)


async def test_connection_refused_is_a_provider_error(chat_error: ChatError,
                                                      fake: FakeOpenAI) -> None:
    """Nothing listening: a retryable ProviderError after the retries, no traceback soup."""
    provider = OpenAIProvider(base_url="http://127.0.0.1:9/v1", model="m", api_key=API_KEY,
                              timeout_s=2.0, max_retries=1, retry_policy=fast_retries(1))
    error = await chat_error(provider, USER_ONLY)
    assert error.message.startswith("connection to the endpoint failed")
    assert error.retryable


async def test_api_key_never_appears_in_errors_or_repr(chat_error: ChatError,
                                                       fake: FakeOpenAI) -> None:
    """Even when the server echoes the key back, the error text and reprs do not hold it."""
    fake.enqueue(error_response(401, f"Incorrect API key provided: {API_KEY}.",
                                type_="invalid_request_error", code="invalid_api_key"))
    provider = openai_provider(fake)
    error = await chat_error(provider, USER_ONLY)
    assert "Incorrect API key provided: [redacted]." in error.message
    for text in (str(error), repr(error), error.message, repr(provider)):
        assert API_KEY not in text
