"""OpenAI-compatible Chat Completions (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp server).

``POST {base_url}/chat/completions`` with ``messages`` and ``tools``; the
answer's ``choices[0].message`` gives the text and the tool calls. Anything
that does not have that shape is a :class:`ProviderResponseError` saying what
was missing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import httpx

from zeroclaw_daemon.errors import ProviderError, ProviderResponseError
from zeroclaw_daemon.providers._http import HttpJsonProvider, int_usage
from zeroclaw_daemon.providers._retry import RetryPolicy, error_message_from_body
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall, ToolSpec

DEFAULT_BASE_URL = "https://api.openai.com/v1"
PROVIDER_NAME = "openai"


def message_to_wire(message: ChatMessage) -> dict[str, Any]:
    """One :class:`ChatMessage` as a Chat Completions message object."""
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id or "",
                "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        return {
            "role": "assistant",
            # The spec allows null content beside tool calls; "" confuses some servers.
            "content": message.content or None,
            "tool_calls": [
                {"id": call.id, "type": "function",
                 "function": {"name": call.name, "arguments": call.arguments}}
                for call in message.tool_calls
            ],
        }
    return {"role": message.role, "content": message.content}


def tool_to_wire(tool: ToolSpec) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": tool.name, "description": tool.description, "parameters": dict(tool.parameters)}}


def build_request_body(model: str, messages: Sequence[ChatMessage],
                       tools: Sequence[ToolSpec]) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "messages": [message_to_wire(m) for m in messages]}
    if tools:
        body["tools"] = [tool_to_wire(tool) for tool in tools]
    return body


def _fail(message: str) -> ProviderResponseError:
    return ProviderResponseError(PROVIDER_NAME, f"malformed chat completion: {message}")


def _text_content(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    # Some servers send content as a list of parts ({"type": "text", "text": ...}).
    if isinstance(content, list):
        parts = [part.get("text") for part in content if isinstance(part, dict)]
        return "".join(part for part in parts if isinstance(part, str))
    raise _fail(f"'message.content' is {type(content).__name__}, expected a string")


def _tool_call(index: int, raw: Any) -> ToolCall:
    where = f"'message.tool_calls[{index}]'"
    if not isinstance(raw, dict):
        raise _fail(f"{where} is not an object")
    function = raw.get("function")
    if not isinstance(function, dict):
        raise _fail(f"{where} has no 'function' object")
    name = function.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(f"{where}.function has no 'name'")
    arguments = function.get("arguments", "")
    if arguments is None:
        arguments = ""
    elif not isinstance(arguments, str):
        # Some local servers (older Ollama) send the object itself; keep it as JSON text.
        arguments = json.dumps(arguments, ensure_ascii=False)
    call_id = raw.get("id")
    if not isinstance(call_id, str) or not call_id:
        # llama.cpp and others may omit ids; the loop needs one to pair the result.
        call_id = f"call_{index + 1}"
    return ToolCall(id=call_id, name=name, arguments=arguments)


def parse_response(data: Any) -> ChatResponse:
    """A Chat Completions response body (decoded JSON) as a :class:`ChatResponse`."""
    if not isinstance(data, dict):
        raise _fail(f"body is a JSON {type(data).__name__}, expected an object")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        if "error" in data:
            # Some proxies (OpenRouter) report errors with HTTP 200.
            message = error_message_from_body(json.dumps(data).encode())
            raise ProviderError(PROVIDER_NAME, f"endpoint returned an error: {message}")
        raise _fail("no 'choices'")
    choice = choices[0]
    if not isinstance(choice, dict) or not isinstance(choice.get("message"), dict):
        raise _fail("'choices[0]' has no 'message' object")
    message = choice["message"]
    text = _text_content(message.get("content"))
    if not text and isinstance(message.get("refusal"), str):
        text = message["refusal"]
    raw_calls = message.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raise _fail("'message.tool_calls' is not a list")
    calls = tuple(_tool_call(index, raw) for index, raw in enumerate(raw_calls))
    finish_reason = choice.get("finish_reason")
    usage_raw = data.get("usage")
    usage = int_usage(usage_raw)
    return ChatResponse(text=text, tool_calls=calls,
                        finish_reason=finish_reason if isinstance(finish_reason, str) else None,
                        usage=usage)


class OpenAIProvider(HttpJsonProvider):
    """A chat model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    name = PROVIDER_NAME

    def __init__(self, base_url: str, model: str, api_key: str | None, timeout_s: float,
                 max_retries: int, transport: httpx.AsyncBaseTransport | None = None, *,
                 retry_policy: RetryPolicy | None = None) -> None:
        super().__init__(base_url=base_url, default_base_url=DEFAULT_BASE_URL,
                         path="/chat/completions", model=model, api_key=api_key,
                         timeout_s=timeout_s, max_retries=max_retries, transport=transport,
                         retry_policy=retry_policy)

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        headers: dict[str, str] = {"Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        data = await self._post(build_request_body(self.model, messages, tools), headers)
        return parse_response(data)

