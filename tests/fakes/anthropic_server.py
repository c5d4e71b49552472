"""A fake Anthropic Messages API server (``POST /v1/messages``).

Responses follow the documented wire format: a ``message`` object whose
``content`` is a list of ``text`` and ``tool_use`` blocks (``input`` is an
*object*), with ``stop_reason`` and ``usage``; errors are
``{"type": "error", "error": {"type", "message"}}`` (529 ``overloaded_error``).
Requests are checked as the real API checks them: ``x-api-key`` and
``anthropic-version`` headers, ``model``/``max_tokens``/``messages``, roles,
and every ``tool_result`` answering a ``tool_use`` of the assistant turn just before.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tests.fakes import FakeResponse, ScriptedEndpoint, ScriptedFake


def _new_id(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:24]}"


def text_block(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def tool_use_block(name: str, tool_input: Mapping[str, Any], block_id: str | None = None
                   ) -> dict[str, Any]:
    return {"type": "tool_use", "id": block_id or _new_id("toolu_"), "name": name,
            "input": dict(tool_input)}


def message(content: Sequence[Mapping[str, Any]], model: str = "claude-fake",
            stop_reason: str | None = None) -> dict[str, Any]:
    has_tool_use = any(block.get("type") == "tool_use" for block in content)
    return {
        "id": _new_id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [dict(block) for block in content],
        "stop_reason": stop_reason or ("tool_use" if has_tool_use else "end_turn"),
        "stop_sequence": None,
        "usage": {"input_tokens": 12, "output_tokens": 6},
    }


def error_body(type_: str, message_text: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": type_, "message": message_text}}


# --- ready-made responses -----------------------------------------------------------------

def text_response(text: str) -> FakeResponse:
    return FakeResponse(json_body=message([text_block(text)]))


def tool_use_response(*blocks: Mapping[str, Any]) -> FakeResponse:
    return FakeResponse(json_body=message(blocks))


def error_response(status: int, type_: str, message_text: str, *,
                   retry_after: str | None = None) -> FakeResponse:
    headers = {"retry-after": retry_after} if retry_after is not None else {}
    return FakeResponse(status=status, json_body=error_body(type_, message_text), headers=headers)


def overloaded_response() -> FakeResponse:
    return error_response(529, "overloaded_error", "Overloaded")


def rate_limited_response(retry_after: str) -> FakeResponse:
    return error_response(429, "rate_limit_error", "Number of requests has exceeded your rate "
                          "limit", retry_after=retry_after)


def truncated_json_response() -> FakeResponse:
    whole = FakeResponse(json_body=message([text_block("this body is cut off")])).body_bytes()
    return FakeResponse(raw_body=whole[: len(whole) // 2])


def hang_response(seconds: float) -> FakeResponse:
    return FakeResponse(json_body=message([text_block("too late")]), hang_s=seconds)


def closed_mid_body_response() -> FakeResponse:
    return FakeResponse(json_body=message([text_block("never fully sent")]),
                        close_mid_body=True)


# --- request checks, as the real API makes them -------------------------------------------

def _blocks(content: Any) -> list[Any]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


def _messages_problem(messages: Any) -> str | None:
    if not isinstance(messages, list) or not messages:
        return "messages: at least one message is required"
    if not isinstance(messages[0], dict) or messages[0].get("role") != "user":
        return "messages: first message must use the \"user\" role"
    previous_tool_uses: set[str] = set()
    for index, item in enumerate(messages):
        if not isinstance(item, dict) or item.get("role") not in ("user", "assistant"):
            return f"messages.{index}.role: Input should be 'user' or 'assistant'"
        content = item.get("content")
        if not isinstance(content, str | list):
            return f"messages.{index}.content: Input should be a valid list"
        blocks = _blocks(content)
        tool_uses: set[str] = set()
        for block_index, block in enumerate(blocks):
            where = f"messages.{index}.content.{block_index}"
            kind = block.get("type") if isinstance(block, dict) else None
            if kind == "text":
                if not isinstance(block.get("text"), str) or not block["text"]:
                    return f"{where}: text content blocks must be non-empty"
            elif kind == "tool_use":
                if item["role"] != "assistant":
                    return f"{where}: tool_use blocks are only allowed in assistant messages"
                if not isinstance(block.get("input"), dict):
                    return f"{where}.input: Input should be a valid dictionary"
                tool_uses.add(str(block.get("id")))
            elif kind == "tool_result":
                if item["role"] != "user":
                    return f"{where}: tool_result blocks are only allowed in user messages"
                if block.get("tool_use_id") not in previous_tool_uses:
                    return (f"{where}: unexpected `tool_use_id` found in `tool_result` blocks: "
                            f"{block.get('tool_use_id')}. Each `tool_result` block must have "
                            "a corresponding `tool_use` block in the previous message.")
                if "is_error" in block and not isinstance(block["is_error"], bool):
                    return f"{where}.is_error: Input should be a valid boolean"
            else:
                return f"{where}.type: unknown content block type"
        previous_tool_uses = tool_uses
    return None


def _request_problem(body: Any) -> str | None:
    if not isinstance(body, dict):
        return "invalid JSON body"
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "model: Field required"
    if not isinstance(body.get("max_tokens"), int) or body["max_tokens"] < 1:
        return "max_tokens: Field required"
    if "system" in body and not isinstance(body["system"], str | list):
        return "system: Input should be a valid string"
    for index, tool in enumerate(body.get("tools") or []):
        if not isinstance(tool, dict) or not isinstance(tool.get("name"), str) \
                or not isinstance(tool.get("input_schema"), dict):
            return f"tools.{index}: invalid tool definition"
    return _messages_problem(body.get("messages"))


class FakeAnthropic(ScriptedFake):
    """The fake server's control surface: ``base_url``, ``enqueue(...)``, ``requests``."""

    def __init__(self) -> None:
        self.endpoint = ScriptedEndpoint(
            when_empty=error_response(500, "api_error", "fake: no response queued"))
        self.app = Starlette(routes=[Route("/v1/messages", self._messages, methods=["POST"])])

    async def _messages(self, request: Request) -> Response:
        recorded = await self.endpoint.record(request)
        if not recorded.headers.get("x-api-key"):
            planned = error_response(401, "authentication_error", "x-api-key header is required")
        elif not recorded.headers.get("anthropic-version"):
            planned = error_response(400, "invalid_request_error",
                                     "anthropic-version: header is required")
        else:
            try:
                body = recorded.json()
            except ValueError:
                body = None
            problem = _request_problem(body)
            planned = (error_response(400, "invalid_request_error", problem)
                       if problem is not None else self.endpoint.next_response())
        return await self.endpoint.answer(planned)
