"""A fake Telegram Bot API (``/bot<token>/<method>``) speaking the real JSON.

Responses follow the Bot API: ``{"ok": true, "result": ...}`` on success and
``{"ok": false, "error_code", "description", "parameters"?}`` on failure.
``getUpdates`` long-polls and honours ``offset`` the way Telegram does (updates
below it are confirmed and forgotten; unconfirmed ones are delivered again).
``sendMessage`` returns the sent Message and rejects empty or over-long text.
Tests inject updates with :meth:`FakeTelegram.add_text_message` and failures
with :meth:`FakeTelegram.fail_next`; every call and sent message is recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.fakes import FakeResponse, serve_app

BOT_USER = {"id": 7000000001, "is_bot": True, "first_name": "ZeroClaw", "username": "zeroclaw_bot"}
MAX_POLL_WAIT_S = 5.0  # the fake never holds a long poll longer than this


def error_body(code: int, description: str, retry_after: int | None = None) -> dict[str, Any]:
    """A Bot API error object."""
    body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
    if retry_after is not None:
        body["parameters"] = {"retry_after": retry_after}
    return body


def too_many_requests(retry_after: int) -> FakeResponse:
    """HTTP 429 exactly as Telegram sends it."""
    return FakeResponse(429, error_body(429, f"Too Many Requests: retry after {retry_after}",
                                        retry_after))


def server_error(status: int = 500) -> FakeResponse:
    """A 5xx error response."""
    return FakeResponse(status, error_body(status, "Internal Server Error"))


@dataclass(frozen=True, slots=True)
class ApiCall:
    """One request the fake received: the method, its parameters, when (monotonic)."""

    method: str
    params: dict[str, Any]
    at: float
    token_ok: bool


@dataclass(frozen=True, slots=True)
class SentMessage:
    """A message the bot delivered (accepted by sendMessage)."""

    chat_id: int
    text: str
    message_id: int
    at: float


class FakeTelegram:
    """Programmable Bot API state; safe to drive from the test thread."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.base_url = ""
        self._lock = threading.Lock()
        self._updates: list[dict[str, Any]] = []
        self._next_update_id = 500_000
        self._next_message_id = 1
        self._failures: dict[str, deque[FakeResponse]] = {}
        self._calls: list[ApiCall] = []
        self._sent: list[SentMessage] = []
        self._closing = False

    # --- programming ------------------------------------------------------------

    def add_text_message(self, *, user_id: int, text: str, chat_id: int | None = None,
                         username: str | None = None, first_name: str = "Ada") -> int:
        """Queue an Update with a text message; returns its update_id."""
        sender: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
        if username is not None:
            sender["username"] = username
        chat_id = user_id if chat_id is None else chat_id
        chat: dict[str, Any] = {"id": chat_id, "type": "private" if chat_id > 0 else "group"}
        if chat_id > 0:
            chat["first_name"] = first_name
        else:
            chat["title"] = "Test group"
        with self._lock:
            update_id = self._next_update_id
            self._next_update_id += 1
            message_id = self._next_message_id
            self._next_message_id += 1
            self._updates.append({
                "update_id": update_id,
                "message": {"message_id": message_id, "from": sender, "chat": chat,
                            "date": int(time.time()), "text": text},
            })
        return update_id

    def fail_next(self, method: str, *responses: FakeResponse) -> None:
        """Answer the next calls of ``method`` with ``responses`` (in order) instead."""
        with self._lock:
            self._failures.setdefault(method, deque()).extend(responses)

    def close(self) -> None:
        """End pending long polls at once (the server is about to stop)."""
        with self._lock:
            self._closing = True

    # --- inspection ---------------------------------------------------------------

    @property
    def calls(self) -> list[ApiCall]:
        with self._lock:
            return list(self._calls)

    def calls_of(self, method: str) -> list[ApiCall]:
        return [call for call in self.calls if call.method == method]

    @property
    def sent(self) -> list[SentMessage]:
        with self._lock:
            return list(self._sent)

    async def wait_for_sent(self, count: int, timeout_s: float = 10.0) -> list[SentMessage]:
        """Wait until at least ``count`` messages were sent; return them all."""
        # Polled: the server thread changes the state, and events do not cross threads.
        with anyio.fail_after(timeout_s):
            while True:
                if len(sent := self.sent) >= count:
                    return sent
                await anyio.sleep(0.02)

    async def wait_for_calls(self, method: str, count: int, timeout_s: float = 10.0
                             ) -> list[ApiCall]:
        """Wait until ``method`` was called at least ``count`` times."""
        with anyio.fail_after(timeout_s):
            while True:
                if len(calls := self.calls_of(method)) >= count:
                    return calls
                await anyio.sleep(0.02)

    # --- the HTTP side ------------------------------------------------------------

    def app(self) -> Starlette:
        return Starlette(routes=[
            Route("/bot{token}/{method}", self._endpoint, methods=["GET", "POST"]),
        ])

    async def _endpoint(self, request: Request) -> Response:
        method = request.path_params["method"]
        params = await _params(request)
        token_ok = request.path_params["token"] == self.token
        with self._lock:
            self._calls.append(ApiCall(method, params, time.monotonic(), token_ok))
            failures = self._failures.get(method)
            planned = failures.popleft() if token_ok and failures else None
        if not token_ok:
            return JSONResponse(error_body(401, "Unauthorized"), status_code=401)
        if planned is not None:
            return Response(planned.body_bytes(), status_code=planned.status,
                            media_type="application/json")
        if method == "getUpdates":
            return await self._get_updates(params)
        if method == "sendMessage":
            return self._send_message(params)
        if method == "getMe":
            return JSONResponse({"ok": True, "result": BOT_USER})
        return JSONResponse(error_body(404, "Not Found"), status_code=404)

    async def _get_updates(self, params: dict[str, Any]) -> Response:
        offset = params.get("offset")
        timeout = min(float(params.get("timeout", 0)), MAX_POLL_WAIT_S)
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if isinstance(offset, int):
                    # Telegram forgets updates below the offset: they are confirmed.
                    self._updates = [u for u in self._updates if u["update_id"] >= offset]
                ready = [dict(u) for u in self._updates]
            if ready or self._closing or time.monotonic() >= deadline:
                return JSONResponse({"ok": True, "result": ready})
            await asyncio.sleep(0.02)

    def _send_message(self, params: dict[str, Any]) -> Response:
        chat_id = params.get("chat_id")
        text = params.get("text")
        if not isinstance(chat_id, int):
            return JSONResponse(error_body(400, "Bad Request: chat not found"), status_code=400)
        if not isinstance(text, str) or not text.strip():
            return JSONResponse(error_body(400, "Bad Request: message text is empty"),
                                status_code=400)
        if len(text.encode("utf-16-le")) // 2 > 4096:
            return JSONResponse(error_body(400, "Bad Request: message is too long"),
                                status_code=400)
        with self._lock:
            message_id = self._next_message_id
            self._next_message_id += 1
            self._sent.append(SentMessage(chat_id, text, message_id, time.monotonic()))
        chat = {"id": chat_id, "type": "private" if chat_id > 0 else "group"}
        return JSONResponse({"ok": True, "result": {
            "message_id": message_id, "from": BOT_USER, "chat": chat,
            "date": int(time.time()), "text": text,
        }})


async def _params(request: Request) -> dict[str, Any]:
    """Bot API parameters: JSON body, form body or query string (all three are allowed)."""
    params: dict[str, Any] = dict(request.query_params)
    body = await request.body()
    content_type = request.headers.get("content-type", "")
    if body and content_type.startswith("application/json"):
        decoded = json_loads(body)
        if isinstance(decoded, dict):
            params.update(decoded)
    elif body:
        form = await request.form()
        params.update({key: value for key, value in form.items() if isinstance(value, str)})
    for key in ("offset", "timeout", "chat_id", "limit"):
        value = params.get(key)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            params[key] = int(value)
    return params


def json_loads(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return None


@contextlib.contextmanager
def serve_fake_telegram(token: str) -> Iterator[FakeTelegram]:
    """Run a :class:`FakeTelegram` on 127.0.0.1; ``base_url`` is set while inside."""
    fake = FakeTelegram(token)
    with serve_app(fake.app()) as base_url:
        fake.base_url = base_url
        try:
            yield fake
        finally:
            fake.close()
