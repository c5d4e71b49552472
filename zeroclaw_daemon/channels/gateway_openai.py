"""The OpenAI-compatible chat API on the gateway, for clients that speak only Chat Completions.

``POST /v1/chat/completions`` runs one turn through the same path as ``POST /v1/turns``
(the per-client limits, the daemon's dispatcher, middleware, policy, audit mode,
leak redaction, audit log and metrics): the last user message is the turn's message
and the messages before it are the history the model sees (the client holds the
history, as OpenAI clients do). The client gets the final, audited assistant message;
with ``stream: true`` the audit still runs first and the released text is then sent
as server-sent events in OpenAI's chunk format, ending with ``data: [DONE]``.

The receipts and the audit go in a ``zeroclaw`` extension object on the completion
(on the last chunk when streaming). Receipts are scoped by a conversation id: the
``X-Zeroclaw-Conversation`` header, else the ``user`` field, else one id per client
(``openai:token#N`` by bearer token, ``openai:addr:ADDRESS`` without tokens).

``GET /v1/models`` (and ``/v1/models/{id}``) lists the one model served: the
configured ``[provider] model``, or ``zeroclaw-scripted`` for the scripted model.
Errors use OpenAI's shape (:func:`.openai_request.openai_error`).
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..logs import get_logger
from .base import InboundMessage, OutboundReply
from .gateway_api import DEFAULT_SENDER, LOG_TARGET, GatewayHTTPError, turn_payload
from .openai_request import (
    ChatRequest,
    conversation_identifier,
    openai_error,
    parse_chat_request,
)

if TYPE_CHECKING:
    from ..config import Config
    from .gateway_app import GatewayApp

CONVERSATION_HEADER = "x-zeroclaw-conversation"
# Characters per streamed chunk (cut at word boundaries where a word fits).
STREAM_PIECE_CHARS = 64
_PIECE_RE = re.compile(r"\S+\s*|\s+")


def served_models(config: Config) -> tuple[str, ...]:
    """The model names ``GET /v1/models`` lists and requests must name."""
    return (config.provider.model or f"zeroclaw-{config.provider.kind}",)


class OpenAIRoutes:
    """The OpenAI-compatible routes of one :class:`GatewayApp`."""

    def __init__(self, app: GatewayApp) -> None:
        self.app = app
        self.created = int(time.time())

    def routes(self) -> list[Route]:
        guard = functools.partial(self.app._wrap, auth=True, render=openai_error)
        return [
            Route("/v1/chat/completions", guard(self.chat_completions), methods=["POST"]),
            Route("/v1/models", guard(self.list_models), methods=["GET"]),
            Route("/v1/models/{model:path}", guard(self.get_model), methods=["GET"]),
        ]

    # --- models ---

    def _model_object(self, name: str) -> dict[str, object]:
        return {"id": name, "object": "model", "created": self.created, "owned_by": "zeroclaw"}

    async def list_models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [
            self._model_object(name) for name in served_models(self.app.backend.config)]})

    async def get_model(self, request: Request) -> Response:
        name = str(request.path_params["model"])
        served = served_models(self.app.backend.config)
        if name not in served:
            raise GatewayHTTPError(404, "model_not_found",
                                   f"the model {name!r} is not served here; served: "
                                   + ", ".join(served), param="model")
        return JSONResponse(self._model_object(name))

    # --- chat completions ---

    async def chat_completions(self, request: Request) -> Response:
        async with self.app.turn_slot(request):
            body = await self.app._read_json(request)
            config = self.app.backend.config
            chat = parse_chat_request(body, served_models=served_models(config),
                                      history_max_messages=config.agent.history_max_messages)
            conversation_id = self._conversation_id(request, chat)
            get_logger(LOG_TARGET).debug("Chat completion requested",
                                         conversation=conversation_id, stream=chat.stream,
                                         history=len(chat.history))
            reply = await self.app.run_message(InboundMessage(
                channel="gateway", conversation_id=conversation_id,
                sender=chat.user or DEFAULT_SENDER, text=chat.message, history=chat.history))
        # The turn is over and its reply audited: only released text leaves from here on.
        completion = Completion(chat.model, conversation_id, reply)
        if chat.stream:
            return StreamingResponse(completion.events(), media_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache",
                                              "X-Accel-Buffering": "no"})
        return Response(_dumps(completion.whole()), media_type="application/json")

    @staticmethod
    def _conversation_id(request: Request, chat: ChatRequest) -> str:
        header = request.headers.get(CONVERSATION_HEADER)
        if header is not None:
            conversation_id = conversation_identifier(header)
            if conversation_id is None:
                raise GatewayHTTPError(400, "invalid_conversation_id",
                                       "X-Zeroclaw-Conversation must be 1-256 printable "
                                       "characters")
            return conversation_id
        if chat.user is not None:
            return chat.user.strip()
        return f"openai:{request.state.client_key}"


class Completion:
    """One finished turn as a ``chat.completion`` object or a stream of chunks."""

    def __init__(self, model: str, conversation_id: str, reply: OutboundReply) -> None:
        payload = turn_payload(reply)
        self.content = str(payload.pop("reply"))
        self.extension = {"conversation_id": conversation_id, **payload}
        self.header: dict[str, object] = {"id": f"chatcmpl-{reply.turn_id}",
                                          "created": int(time.time()), "model": model}

    def whole(self) -> dict[str, object]:
        return {**self.header, "object": "chat.completion", "choices": [{
            "index": 0, "message": {"role": "assistant", "content": self.content,
                                    "refusal": None},
            "logprobs": None, "finish_reason": "stop"}], "zeroclaw": self.extension}

    def _chunk(self, delta: Mapping[str, object], finish_reason: str | None = None,
               ) -> dict[str, object]:
        return {**self.header, "object": "chat.completion.chunk", "choices": [{
            "index": 0, "delta": dict(delta), "logprobs": None,
            "finish_reason": finish_reason}]}

    async def events(self) -> AsyncIterator[bytes]:
        yield _event(self._chunk({"role": "assistant", "content": ""}))
        for piece in text_pieces(self.content):
            yield _event(self._chunk({"content": piece}))
        yield _event({**self._chunk({}, "stop"), "zeroclaw": self.extension})
        yield b"data: [DONE]\n\n"


def text_pieces(text: str, size: int = STREAM_PIECE_CHARS) -> list[str]:
    """``text`` in pieces of at most ``size`` characters, cut after whole words where a
    word fits; joined, the pieces are ``text`` exactly."""
    pieces: list[str] = []
    current = ""
    for word in _PIECE_RE.findall(text):
        if len(current) + len(word) > size and current:
            pieces.append(current)
            current = ""
        while len(word) > size:
            pieces.append(word[:size])
            word = word[size:]
        current += word
    if current:
        pieces.append(current)
    return pieces


def _dumps(payload: Mapping[str, object]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


def _event(payload: Mapping[str, object]) -> bytes:
    return b"data: " + _dumps(payload) + b"\n\n"
