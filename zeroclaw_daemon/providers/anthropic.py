"""Anthropic Messages API (``POST {base_url}/v1/messages``) with tool_use / tool_result blocks.

Mapping from the neutral messages: system messages become the top-level
``system`` prompt; an assistant's tool calls become ``tool_use`` blocks (with
the arguments parsed back into an object); tool results become ``tool_result``
blocks in a user message, and consecutive messages of one role are merged,
since the API wants user and assistant turns to alternate.
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

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 4096
PROVIDER_NAME = "anthropic"


def _tool_input(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments) if arguments.strip() else {}
    except ValueError:
        value = None
    # The API insists on an object; a call whose arguments were not one was
    # already answered with an "invalid arguments" tool result.
    return value if isinstance(value, dict) else {}


def _blocks(message: ChatMessage) -> tuple[str, list[dict[str, Any]]]:
    if message.role == "tool":
        block: dict[str, Any] = {"type": "tool_result",
                                 "tool_use_id": message.tool_call_id or "",
                                 "content": message.content}
        if message.is_error:
            block["is_error"] = True
        return "user", [block]
    if message.role == "assistant":
        blocks: list[dict[str, Any]] = []
        # The API rejects empty text blocks.
        if message.content.strip():
            blocks.append({"type": "text", "text": message.content})
        blocks.extend({"type": "tool_use", "id": call.id, "name": call.name,
                       "input": _tool_input(call.arguments)} for call in message.tool_calls)
        return "assistant", blocks
    return "user", ([{"type": "text", "text": message.content}] if message.content.strip()
                    else [])


def build_request_body(model: str, max_tokens: int, messages: Sequence[ChatMessage],
                       tools: Sequence[ToolSpec]) -> dict[str, Any]:
    system_parts: list[str] = []
    wire: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            if message.content.strip():
                system_parts.append(message.content)
            continue
        role, blocks = _blocks(message)
        if not blocks:
            continue
        if wire and wire[-1]["role"] == role:
            wire[-1]["content"].extend(blocks)
        else:
            wire.append({"role": role, "content": blocks})
    body: dict[str, Any] = {"model": model, "max_tokens": max_tokens, "messages": wire}
    if system_parts:
        body["system"] = "\n\n".join(system_parts)
    if tools:
        body["tools"] = [{"name": tool.name, "description": tool.description,
                          "input_schema": dict(tool.parameters)} for tool in tools]
    return body


def _fail(message: str) -> ProviderResponseError:
    return ProviderResponseError(PROVIDER_NAME, f"malformed Messages response: {message}")


def parse_response(data: Any) -> ChatResponse:
    """A Messages API response body (decoded JSON) as a :class:`ChatResponse`."""
    if not isinstance(data, dict):
        raise _fail(f"body is a JSON {type(data).__name__}, expected an object")
    if data.get("type") == "error":
        message = error_message_from_body(json.dumps(data).encode())
        raise ProviderError(PROVIDER_NAME, f"endpoint returned an error: {message}")
    content = data.get("content")
    if not isinstance(content, list):
        raise _fail("no 'content' list")
    texts: list[str] = []
    calls: list[ToolCall] = []
    for index, block in enumerate(content):
        where = f"'content[{index}]'"
        if not isinstance(block, dict):
            raise _fail(f"{where} is not an object")
        kind = block.get("type")
        if kind == "text":
            text = block.get("text")
            if not isinstance(text, str):
                raise _fail(f"{where} has no 'text' string")
            texts.append(text)
        elif kind == "tool_use":
            call_id, name, tool_input = block.get("id"), block.get("name"), block.get("input")
            if not isinstance(call_id, str) or not call_id:
                raise _fail(f"{where} has no 'id'")
            if not isinstance(name, str) or not name:
                raise _fail(f"{where} has no 'name'")
            if not isinstance(tool_input, dict):
                raise _fail(f"{where} 'input' is not an object")
            calls.append(ToolCall(id=call_id, name=name,
                                  arguments=json.dumps(tool_input, ensure_ascii=False)))
        # Other block types (thinking, server tools) carry nothing we use.
    stop_reason = data.get("stop_reason")
    usage_raw = data.get("usage")
    usage = int_usage(usage_raw)
    return ChatResponse(text="".join(texts), tool_calls=tuple(calls),
                        finish_reason=stop_reason if isinstance(stop_reason, str) else None,
                        usage=usage)


class AnthropicProvider(HttpJsonProvider):
    """A Claude model behind the Anthropic Messages API."""

    name = PROVIDER_NAME

    def __init__(self, base_url: str = DEFAULT_BASE_URL, model: str = "",
                 api_key: str | None = None, timeout_s: float = 60.0, max_retries: int = 3,
                 max_tokens: int = DEFAULT_MAX_TOKENS,
                 transport: httpx.AsyncBaseTransport | None = None, *,
                 retry_policy: RetryPolicy | None = None) -> None:
        if max_tokens <= 0:
            raise ValueError("max_tokens must be positive")
        super().__init__(base_url=base_url, default_base_url=DEFAULT_BASE_URL,
                         path="/v1/messages", model=model, api_key=api_key,
                         timeout_s=timeout_s, max_retries=max_retries, transport=transport,
                         retry_policy=retry_policy)
        self.max_tokens = int(max_tokens)

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        headers = {"anthropic-version": API_VERSION, "Accept": "application/json"}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        data = await self._post(build_request_body(self.model, self.max_tokens, messages, tools),
                                headers)
        return parse_response(data)
