"""The gateway's HTTP application: idempotency and the routes (the contract is gateway_api).

Routes (DESIGN.md section 7): ``POST /v1/turns``, ``POST /v1/receipts/verify``,
``GET /v1/conversations/{id}/followups`` (background-task results, long-poll),
``GET /healthz``, ``GET /metrics``, and the OpenAI-compatible ``POST /v1/chat/completions``
and ``GET /v1/models`` (:mod:`.gateway_openai`). Every error is JSON
``{"error": {"code", "message"}}`` (OpenAI's shape on the OpenAI routes); nothing ever
answers with a traceback.
The server that runs it is :mod:`zeroclaw_daemon.channels.gateway`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

import anyio
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import ProviderError, ShuttingDownError, ZeroclawError
from ..logs import get_logger
from ..receipts import ReceiptError
from .base import FollowupReply, InboundMessage, MessageHandler, OutboundReply
from .gateway_api import (
    DEFAULT_SENDER,
    LOG_TARGET,
    MAX_IDEMPOTENCY_KEY_CHARS,
    GatewayBackend,
    GatewayHTTPError,
    GatewaySettings,
    TurnRequest,
    VerifyReceiptRequest,
    VerifyTextRequest,
    _http_exception,
    _internal_error,
    _reject_constant,
    _validation_error,
    turn_payload,
)
from .gateway_followups import FollowupQueue
from .gateway_health import HealthEndpoint
from .gateway_limits import ClientLimiter, client_address, parse_networks
from .gateway_openai import OpenAIRoutes

Endpoint = Callable[[Request], Awaitable[Response]]
ErrorRenderer = Callable[[GatewayHTTPError], Response]


# --- idempotency ------------------------------------------------------------------------------


@dataclass(slots=True)
class _IdempotentEntry:
    fingerprint: str
    done: anyio.Event = field(default_factory=anyio.Event)
    response: tuple[int, bytes] | None = None


class IdempotencyCache:
    """First response per (Idempotency-Key, conversation), bounded LRU.

    A duplicate that arrives while the first request runs waits for it and
    replays its answer; a first request that fails is forgotten, so a retry runs.
    """

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[tuple[str, str], _IdempotentEntry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def claim(self, key: tuple[str, str], fingerprint: str) -> tuple[_IdempotentEntry, bool]:
        """The entry for ``key`` and whether the caller is its first (leading) request."""
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            return entry, False
        entry = self._entries[key] = _IdempotentEntry(fingerprint)
        while len(self._entries) > self.max_entries:
            # Waiters hold their entry object, so evicting a pending one loses nothing.
            self._entries.popitem(last=False)
        return entry, True

    def forget(self, key: tuple[str, str], entry: _IdempotentEntry) -> None:
        if self._entries.get(key) is entry:
            del self._entries[key]


# --- the app ----------------------------------------------------------------------------------


class GatewayApp:
    """Request handling, independent of the server that feeds it."""

    def __init__(self, settings: GatewaySettings, backend: GatewayBackend,
                 handler: MessageHandler, followups: FollowupQueue | None = None) -> None:
        self.settings = settings
        self.followups = followups if followups is not None else FollowupQueue(
            settings.followup_keep_s)
        self.backend = backend
        self.handler = handler
        self.idempotency = IdempotencyCache(settings.idempotency_cache_entries)
        self._tokens = tuple(token.encode() for token in settings.tokens)
        self._trusted = parse_networks(settings.trusted_proxies)
        self.limits = ClientLimiter(max_concurrent=settings.max_concurrent_turns_per_client,
                                    per_minute=settings.turns_per_minute_per_client)

    def starlette(self) -> Starlette:
        routes = [
            # First: the probe polled most (no two paths overlap, so the order only saves
            # the regex matches of the routes before it). Open and unlimited: no _wrap.
            Route("/healthz", HealthEndpoint(self.backend), methods=["GET"]),
            Route("/v1/turns", self._wrap(self.turns, auth=True), methods=["POST"]),
            Route("/v1/receipts/verify", self._wrap(self.verify, auth=True), methods=["POST"]),
            Route("/v1/conversations/{conversation_id}/followups",
                  self._wrap(self.read_followups, auth=True), methods=["GET"]),
            Route("/metrics", self._wrap(self.metrics, auth=True), methods=["GET"]),
        ]
        if self.settings.openai_api:
            routes += OpenAIRoutes(self).routes()
        return Starlette(routes=routes, exception_handlers={
            HTTPException: _http_exception, Exception: _internal_error})

    def _wrap(self, endpoint: Endpoint, *, auth: bool,
              render: ErrorRenderer | None = None) -> Endpoint:
        """``endpoint`` behind auth and the client key; ``render`` shapes its error answers."""
        async def wrapped(request: Request) -> Response:
            try:
                token_index = self._authorize(request) if auth else None
                request.state.client_key = self._client_key(request, token_index)
                return await endpoint(request)
            except GatewayHTTPError as exc:
                if exc.status == 429:
                    get_logger(LOG_TARGET).info("Gateway client over its limit",
                                                client=request.state.client_key,
                                                address=request.state.client_address,
                                                limit=exc.extra.get("limit"))
                return exc.response() if render is None else render(exc)
            except ClientDisconnect:
                # Nobody is left to read an answer, and a client hanging up is not a
                # server fault: a debug line, not an error with a traceback.
                get_logger(LOG_TARGET).debug("Client disconnected", path=request.url.path)
                return Response(status_code=499)
            except Exception as exc:  # cancellation is a BaseException and passes
                answer = await _internal_error(request, exc)
                return answer if render is None else render(
                    GatewayHTTPError(500, "internal", "internal error"))
        return wrapped

    def _authorize(self, request: Request) -> int | None:
        """The position of the presented token (None when the gateway has none), or 401."""
        if not self._tokens:
            return None
        scheme, _, presented = request.headers.get("authorization", "").partition(" ")
        candidate = presented.strip().encode()
        matched: int | None = None
        for index, token in enumerate(self._tokens):  # every token compared: no early exit
            if hmac.compare_digest(candidate, token) and matched is None:
                matched = index
        if scheme.lower() != "bearer" or matched is None:
            raise GatewayHTTPError(401, "unauthorized", "missing or wrong bearer token",
                                   headers={"WWW-Authenticate": "Bearer"})
        return matched

    def _client_key(self, request: Request, token_index: int | None) -> str:
        """Who the limits count against: the token's position, else the remote address."""
        peer = request.client.host if request.client else None
        address = client_address(peer, request.headers.get("x-forwarded-for"), self._trusted)
        request.state.client_address = address
        return f"token#{token_index + 1}" if token_index is not None else f"addr:{address}"

    def turn_slot(self, request: Request) -> AbstractAsyncContextManager[None]:
        """The per-client limits for a route that runs a turn (429 when over one)::

            async with self.turn_slot(request):
                ...
        """
        return self.limits.turn(request.state.client_key)

    async def _read_json(self, request: Request) -> dict[str, Any]:
        limit = self.settings.max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                raise GatewayHTTPError(400, "bad_request", "invalid Content-Length")
            if int(declared) > limit:
                raise GatewayHTTPError(413, "payload_too_large",
                                       f"body over {limit} bytes", limit=limit)
        mime = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if mime != "application/json" and not (mime.startswith("application/")
                                               and mime.endswith("+json")):
            raise GatewayHTTPError(415, "unsupported_media_type",
                                   "Content-Type must be application/json")
        # Count what really arrives too: chunked bodies carry no Content-Length.
        body = bytearray()
        timeout = self.settings.body_timeout_s
        with anyio.move_on_after(timeout) as reading:
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise GatewayHTTPError(413, "payload_too_large",
                                           f"body over {limit} bytes", limit=limit)
        if reading.cancelled_caught:
            raise GatewayHTTPError(408, "request_timeout",
                                   f"request body not received within {timeout:g} s",
                                   headers={"Connection": "close"})
        try:
            value = json.loads(bytes(body), parse_constant=_reject_constant)
        except (ValueError, RecursionError) as exc:
            raise GatewayHTTPError(400, "invalid_json", "body is not valid JSON") from exc
        if not isinstance(value, dict):
            raise GatewayHTTPError(422, "invalid_request", "body must be a JSON object",
                                   details=[{"path": "", "message": "expected an object",
                                             "type": "dict_type"}])
        return value

    # --- routes ---

    async def turns(self, request: Request) -> Response:
        async with self.turn_slot(request):
            return await self._turns(request)

    async def _turns(self, request: Request) -> Response:
        body = await self._read_json(request)
        try:
            turn = TurnRequest.model_validate(body)
        except ValidationError as exc:
            raise _validation_error(exc) from None
        key = request.headers.get("idempotency-key")
        if key is None:
            status, payload = await self._run_turn(turn)
            return Response(payload, status_code=status, media_type="application/json")
        if not key or len(key) > MAX_IDEMPOTENCY_KEY_CHARS or not key.isprintable():
            raise GatewayHTTPError(400, "bad_idempotency_key",
                                   f"Idempotency-Key must be 1-{MAX_IDEMPOTENCY_KEY_CHARS} "
                                   "printable characters")
        return await self._idempotent_turn(key, turn)

    async def _idempotent_turn(self, key: str, turn: TurnRequest) -> Response:
        fingerprint = hashlib.sha256(json.dumps(
            [turn.message, turn.sender], ensure_ascii=False).encode()).hexdigest()
        cache_key = (key, turn.conversation_id)
        while True:
            entry, leader = self.idempotency.claim(cache_key, fingerprint)
            if entry.fingerprint != fingerprint:
                raise GatewayHTTPError(422, "idempotency_key_reused",
                                       "Idempotency-Key was used with a different request")
            if leader:
                break
            await entry.done.wait()
            if entry.response is not None:
                status, payload = entry.response
                return Response(payload, status_code=status, media_type="application/json",
                                headers={"Idempotent-Replayed": "true"})
            # The first request failed and was forgotten: run this one instead.
        try:
            status, payload = await self._run_turn(turn)
            if status == 200:
                entry.response = (status, payload)
        finally:
            if entry.response is None:
                self.idempotency.forget(cache_key, entry)
            entry.done.set()
        return Response(payload, status_code=status, media_type="application/json")

    async def _run_turn(self, turn: TurnRequest) -> tuple[int, bytes]:
        message = InboundMessage(channel="gateway", conversation_id=turn.conversation_id,
                                 sender=turn.sender or DEFAULT_SENDER, text=turn.message)
        return 200, _dumps(turn_payload(await self.run_message(message)))

    async def run_message(self, message: InboundMessage) -> OutboundReply:
        """One turn through the daemon's handler; its failures as the HTTP errors they mean."""
        try:
            return await self.handler(message)
        except ShuttingDownError as exc:
            raise GatewayHTTPError(503, "shutting_down", str(exc),
                                   headers={"Retry-After": "5"}) from None
        except ProviderError as exc:
            get_logger(LOG_TARGET).error("Model provider failed", provider=exc.provider,
                                         retryable=exc.retryable, status_code=exc.status_code)
            raise GatewayHTTPError(502, "provider_error",
                                   f"the model provider {exc.provider} failed",
                                   retryable=exc.retryable) from None
        except ZeroclawError as exc:
            get_logger(LOG_TARGET).error("Turn failed", error=type(exc).__name__)
            raise GatewayHTTPError(500, "turn_failed", "the turn failed") from None

    async def verify(self, request: Request) -> Response:
        body = await self._read_json(request)
        scope = self.backend.receipt_scope
        try:
            if "receipt" in body:
                form = VerifyReceiptRequest.model_validate(body)
                if scope is None:
                    raise _receipts_disabled()
                try:
                    valid = scope.verify(form.receipt, form.tool, form.args, form.result)
                except ReceiptError:
                    valid = False
                return JSONResponse({"valid": valid})
            text_form = VerifyTextRequest.model_validate(body)
        except ValidationError as exc:
            raise _validation_error(exc) from None
        if scope is None:
            raise _receipts_disabled()
        tokens: list[dict[str, str]] = []
        for verdict in scope.check_tokens(text_form.text, text_form.conversation_id):
            row = {"token": verdict.text, "verdict": verdict.verdict.value}
            if verdict.record is not None:
                row["tool"] = verdict.record.tool
            tokens.append(row)
        return JSONResponse({"tokens": tokens})

    async def read_followups(self, request: Request) -> Response:
        conversation_id = str(request.path_params["conversation_id"])
        raw_wait = request.query_params.get("wait", "0")
        try:
            wait_s = float(raw_wait)
        except ValueError:
            wait_s = -1.0
        if not 0 <= wait_s <= 3600:  # also rejects nan and inf
            raise GatewayHTTPError(400, "bad_request",
                                   "wait must be a number of seconds from 0")
        wait_s = min(wait_s, self.settings.followup_max_wait_s)
        followups = await self.followups.take(conversation_id, wait_s)
        return JSONResponse({"conversation_id": conversation_id,
                             "followups": [followup_payload(f) for f in followups]})

    async def metrics(self, request: Request) -> Response:
        return Response(self.backend.metrics_text(),
                        media_type=self.backend.metrics_content_type())


def _receipts_disabled() -> GatewayHTTPError:
    return GatewayHTTPError(409, "receipts_disabled",
                            "tool receipts are disabled in this daemon's config")


def _dumps(payload: Mapping[str, object]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


def followup_payload(followup: FollowupReply) -> dict[str, object]:
    """One follow-up as ``GET /v1/conversations/{id}/followups`` returns it: the turn
    body of the background sub-turn (its own receipts) plus what links it to its parent."""
    return {**turn_payload(followup.reply), "task_id": followup.task_id,
            "parent_turn_id": followup.parent_turn_id, "status": followup.status,
            "created_at": followup.created_at}
