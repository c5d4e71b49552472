"""The OpenAI-compatible API's request contract: what a Chat Completions body may hold,
what it becomes (one turn: the last user message and the history before it), and
OpenAI's error shape ``{"error": {"message", "type", "param", "code"}}``.

Pure: no I/O. The routes that use it are :mod:`.gateway_openai`.

A parameter the daemon cannot honour (``n > 1``, ``logprobs``, client-side ``tools``,
a ``response_format`` other than text, non-text content parts, ``tool`` messages, ...)
and any parameter it does not know are refused with 400, never dropped silently; only
the parameters in :data:`IGNORED_PARAMETERS` (sampling and bookkeeping hints that
cannot change what the audit checks) are accepted and ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.responses import JSONResponse

from ..providers.base import ChatMessage, Role
from ..receipts.render import strip_receipts_block
from .gateway_api import GatewayHTTPError

# Accepted and ignored: they tune sampling, length or the vendor's own bookkeeping; the
# agent's model is the daemon's to configure, and none of them changes what is audited.
IGNORED_PARAMETERS = frozenset({
    "temperature", "top_p", "max_tokens", "max_completion_tokens", "frequency_penalty",
    "presence_penalty", "seed", "stream_options", "metadata", "store", "service_tier",
    "parallel_tool_calls", "prompt_cache_key", "safety_identifier", "reasoning_effort",
    "verbosity",
})
# Accepted only with the value that asks for nothing the daemon cannot do.
_NEUTRAL_VALUES: Mapping[str, tuple[object, ...]] = {
    "n": (None, 1),
    "logprobs": (None, False),
    "top_logprobs": (None,),
    "tools": (None, []),
    "functions": (None, []),
    "tool_choice": (None, "none", "auto"),
    "function_call": (None, "none", "auto"),
    "logit_bias": (None, {}),
    "response_format": (None, {"type": "text"}),
    "modalities": (None, ["text"]),
    "audio": (None,),
    "prediction": (None,),
    "web_search_options": (None,),
    "stop": (None, []),
}
_WHY_REFUSED: Mapping[str, str] = {
    "n": "only one choice (n = 1) is produced",
    "logprobs": "log probabilities are not available",
    "top_logprobs": "log probabilities are not available",
    "tools": "the daemon runs its own tools; client-side tools are not supported",
    "functions": "the daemon runs its own tools; client-side functions are not supported",
    "tool_choice": "the daemon runs its own tools; tool_choice is not supported",
    "function_call": "the daemon runs its own tools; function_call is not supported",
    "logit_bias": "logit_bias is not supported",
    "response_format": "only text replies are produced",
    "modalities": "only text replies are produced",
    "audio": "audio output is not supported",
    "prediction": "predicted outputs are not supported",
    "web_search_options": "web search options are not supported",
    "stop": "stop sequences are not supported (the reply is audited whole)",
}
_USED_PARAMETERS = frozenset({"model", "messages", "stream", "user"})
_HISTORY_ROLES: Mapping[str, Role] = {"system": "system", "developer": "system", "user": "user",
                  "assistant": "assistant"}
_MESSAGE_KEYS = frozenset({"role", "content", "name"})
# Assistant fields that may be present only empty (a reply the daemon itself gave).
_ASSISTANT_EMPTY_KEYS = frozenset({"refusal", "tool_calls", "function_call", "audio"})
MAX_CONVERSATION_ID_CHARS = 256


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """A Chat Completions request as one turn."""

    model: str
    message: str
    history: tuple[ChatMessage, ...]
    stream: bool
    user: str | None


def bad_request(message: str, *, param: str | None = None,
                code: str = "invalid_value") -> GatewayHTTPError:
    return GatewayHTTPError(400, code, message, param=param)


def parse_chat_request(body: Mapping[str, Any], *, served_models: Sequence[str],
                       history_max_messages: int) -> ChatRequest:
    """The turn a request asks for, or the 400 (404 for a model not served) it earns."""
    for name, value in body.items():
        if name in _USED_PARAMETERS or name in IGNORED_PARAMETERS:
            continue
        if name not in _NEUTRAL_VALUES:
            raise bad_request(f"unrecognized request argument: {name}", param=name,
                              code="unknown_parameter")
        if not any(_same(value, neutral) for neutral in _NEUTRAL_VALUES[name]):
            raise bad_request(f"{name}: {_WHY_REFUSED[name]}", param=name,
                              code="unsupported_parameter")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise bad_request("model is required (GET /v1/models lists the served model)",
                          param="model", code="missing_required_parameter")
    if model not in served_models:
        raise GatewayHTTPError(404, "model_not_found",
                               f"the model {model!r} is not served here; served: "
                               + ", ".join(served_models), param="model")
    stream = body.get("stream")
    if stream is not None and not isinstance(stream, bool):
        raise bad_request("stream must be true or false", param="stream")
    user = body.get("user")
    if user is not None and not _is_identifier(user):
        raise bad_request(f"user must be 1-{MAX_CONVERSATION_ID_CHARS} printable characters",
                          param="user")
    message, history = _turn_messages(body.get("messages"))
    return ChatRequest(model=model, message=message,
                       history=_bounded(history, history_max_messages),
                       stream=bool(stream), user=user)


def _same(value: object, neutral: object) -> bool:
    # True == 1 in Python; a JSON true is not the number 1 here.
    return type(value) is type(neutral) and value == neutral


def _is_identifier(value: object) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= MAX_CONVERSATION_ID_CHARS
            and value.isprintable() and bool(value.strip()))


def conversation_identifier(value: str | None) -> str | None:
    """A conversation id from the client (header or ``user``), or None if unusable."""
    return value.strip() if value is not None and _is_identifier(value) else None


def _turn_messages(messages: object) -> tuple[str, list[ChatMessage]]:
    if not isinstance(messages, list) or not messages:
        raise bad_request("messages must be a non-empty array", param="messages",
                          code="missing_required_parameter" if messages is None
                          else "invalid_value")
    parsed = [_message(index, item) for index, item in enumerate(messages)]
    last_role, last_text = parsed[-1]
    if last_role != "user":
        if not any(role == "user" for role, _ in parsed):
            raise bad_request("messages hold no user message", param="messages")
        raise bad_request("the last message must be the user's: the reply answers it "
                          f"(messages[{len(parsed) - 1}] is {last_role!r})",
                          param=f"messages[{len(parsed) - 1}].role")
    if not last_text.strip():
        raise bad_request("the last user message is empty",
                          param=f"messages[{len(parsed) - 1}].content")
    history = [ChatMessage(_HISTORY_ROLES[role],
                           strip_receipts_block(text) if role == "assistant" else text)
               for role, text in parsed[:-1]]
    return last_text, history


def _message(index: int, item: object) -> tuple[str, str]:
    where = f"messages[{index}]"
    if not isinstance(item, dict):
        raise bad_request(f"{where} must be an object", param=where)
    role = item.get("role")
    if not isinstance(role, str) or role not in _HISTORY_ROLES:
        why = (" (the daemon runs its own tools; client-side tool results are refused)"
               if role in ("tool", "function") else "")
        raise bad_request(f"{where}.role {role!r} is not supported{why}; use system, "
                          "developer, user or assistant", param=f"{where}.role")
    for key, value in item.items():
        if key in _MESSAGE_KEYS:
            continue
        if role == "assistant" and key in _ASSISTANT_EMPTY_KEYS:
            if value in (None, []):
                continue
            raise bad_request(f"{where}.{key}: the daemon runs its own tools; assistant "
                              "tool calls from the client are refused",
                              param=f"{where}.{key}", code="unsupported_parameter")
        raise bad_request(f"unrecognized field {where}.{key}", param=f"{where}.{key}",
                          code="unknown_parameter")
    name = item.get("name")
    if name is not None and not isinstance(name, str):
        raise bad_request(f"{where}.name must be a string", param=f"{where}.name")
    return role, _content_text(item.get("content"), f"{where}.content")


def _content_text(content: object, where: str) -> str:
    """A string, or an array of text parts (joined with newlines); nothing else."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        texts = []
        for index, part in enumerate(content):
            if (not isinstance(part, dict) or part.get("type") != "text"
                    or not isinstance(part.get("text"), str) or set(part) != {"type", "text"}):
                kind = part.get("type") if isinstance(part, dict) else None
                raise bad_request(f"{where}[{index}]: only text parts are supported"
                                  + (f", not {kind!r}" if isinstance(kind, str) else ""),
                                  param=f"{where}[{index}]", code="unsupported_parameter")
            texts.append(part["text"])
        return "\n".join(texts)
    raise bad_request(f"{where} must be a string or an array of text parts", param=where)


def _bounded(history: list[ChatMessage], max_messages: int) -> tuple[ChatMessage, ...]:
    """The client's instructions (system messages) and the newest ``max_messages`` of the
    rest: the same bound ``agent.history_max_messages`` puts on the daemon's own history."""
    others = [index for index, message in enumerate(history) if message.role != "system"]
    dropped = set(others[:max(0, len(others) - max_messages)])
    return tuple(message for index, message in enumerate(history) if index not in dropped)


# --- errors -------------------------------------------------------------------------------------

# Gateway error codes under the names OpenAI's own API gives the same condition.
_OPENAI_CODES = {"unauthorized": "invalid_api_key", "rate_limited": "rate_limit_exceeded",
                 "invalid_request": "invalid_value"}


def openai_error(exc: GatewayHTTPError) -> JSONResponse:
    """A gateway error in OpenAI's shape (what its SDKs parse into their exceptions)."""
    # 422 (a body that is JSON but not an object) is a plain bad request to OpenAI clients.
    status = 400 if exc.status == 422 else exc.status
    if status == 429:
        kind = "requests"
    elif status >= 500:
        kind = "server_error"
    else:
        kind = "invalid_request_error"
    param = exc.extra.get("param")
    return JSONResponse({"error": {"message": exc.message, "type": kind,
                                   "param": param if isinstance(param, str) else None,
                                   "code": _OPENAI_CODES.get(exc.code, exc.code)}},
                        status_code=status, headers=exc.headers)
