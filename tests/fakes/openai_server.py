"""A fake OpenAI-compatible Chat Completions server (``POST /v1/chat/completions``).

Responses follow the documented wire format: a ``chat.completion`` object with
``choices[].message`` (``content``, ``tool_calls`` of type ``function`` whose
``arguments`` is a JSON *string*), ``finish_reason`` and ``usage``; errors are
``{"error": {"message", "type", "param", "code"}}``. Requests are checked the
way the real endpoint checks them (400 ``invalid_request_error`` otherwise).
"""

from __future__ import annotations

import json
import time
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


def tool_call(name: str, arguments: str | Mapping[str, Any], call_id: str | None = None
              ) -> dict[str, Any]:
    """One entry of ``message.tool_calls``; ``arguments`` is sent as JSON text, as OpenAI does."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": call_id or _new_id("call_"), "type": "function",
            "function": {"name": name, "arguments": text}}


def completion(content: str | None = None, tool_calls: Sequence[Mapping[str, Any]] = (),
               model: str = "fake-model", finish_reason: str | None = None) -> dict[str, Any]:
    """A ``chat.completion`` object with one choice."""
    message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
    if tool_calls:
        message["tool_calls"] = [dict(call) for call in tool_calls]
    return {
        "id": _new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{
            "index": 0,
            "message": message,
            "logprobs": None,
            "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop"),
        }],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        "system_fingerprint": "fp_fake",
    }


def error_body(message: str, type_: str = "server_error", code: str | None = None
               ) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


# --- ready-made responses -----------------------------------------------------------------

def text_response(content: str) -> FakeResponse:
    return FakeResponse(json_body=completion(content))


def tool_calls_response(*calls: Mapping[str, Any], content: str | None = None) -> FakeResponse:
    return FakeResponse(json_body=completion(content, tool_calls=calls))


def error_response(status: int, message: str, *, retry_after: str | None = None,
                   type_: str = "server_error", code: str | None = None) -> FakeResponse:
    headers = {"retry-after": retry_after} if retry_after is not None else {}
    return FakeResponse(status=status, json_body=error_body(message, type_, code),
                        headers=headers)


def rate_limited_response(retry_after: str) -> FakeResponse:
    return error_response(429, "Rate limit reached for requests", retry_after=retry_after,
                          type_="requests", code="rate_limit_exceeded")


def truncated_json_response() -> FakeResponse:
    whole = json.dumps(completion("this body is cut off")).encode()
    return FakeResponse(raw_body=whole[: len(whole) // 2])


def hang_response(seconds: float) -> FakeResponse:
    return FakeResponse(json_body=completion("too late"), hang_s=seconds)


def closed_mid_body_response() -> FakeResponse:
    return FakeResponse(json_body=completion("never fully sent"), close_mid_body=True)


# --- request checks, as the real endpoint makes them ------------------------------------

def _request_problem(body: Any) -> str | None:
    if not isinstance(body, dict):
        return "We could not parse the JSON body of your request."
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "you must provide a model parameter"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "'messages' must be a non-empty array"
    for index, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role not in ("system", "developer", "user", "assistant", "tool"):
            return f"Invalid value for 'messages[{index}].role'"
        if role == "tool" and not isinstance(message.get("tool_call_id"), str):
            return f"Missing required parameter: 'messages[{index}].tool_call_id'."
        if role == "assistant":
            for call in message.get("tool_calls") or []:
                function = call.get("function") if isinstance(call, dict) else None
                if (not isinstance(call, dict) or call.get("type") != "function"
                        or not isinstance(function, dict)
                        or not isinstance(function.get("arguments"), str)):
                    return f"Invalid 'messages[{index}].tool_calls'"
        elif not isinstance(message.get("content"), str):
            return f"Invalid type for 'messages[{index}].content'"
    for index, tool in enumerate(body.get("tools") or []):
        if not isinstance(tool, dict) or tool.get("type") != "function" \
                or not isinstance(tool.get("function", {}).get("name"), str):
            return f"Invalid 'tools[{index}]'"
    return None


class FakeOpenAI(ScriptedFake):
    """The fake server's control surface: ``base_url``, ``enqueue(...)``, ``requests``."""

    BASE_PATH = "/v1"

    def __init__(self) -> None:
        self.endpoint = ScriptedEndpoint(
            when_empty=error_response(500, "fake: no response queued"))
        self.app = Starlette(routes=[
            Route("/v1/chat/completions", self._chat, methods=["POST"]),
        ])

    async def _chat(self, request: Request) -> Response:
        recorded = await self.endpoint.record(request)
        try:
            body = recorded.json()
        except ValueError:
            body = None
        problem = _request_problem(body)
        if problem is not None:
            planned = error_response(400, problem, type_="invalid_request_error")
        else:
            planned = self.endpoint.next_response()
        return await self.endpoint.answer(planned)
