"""Fake peers for tests: real HTTP servers on 127.0.0.1 speaking the vendors' wire formats.

:func:`serve_app` runs any ASGI app on an embedded uvicorn server in a thread,
on a socket bound to an ephemeral loopback port, so both sync clients (the
official ``openai`` SDK) and async code under test talk to it over a real
socket. :class:`ScriptedEndpoint` is the programmable part shared by the fakes:
a queue of :class:`FakeResponse` and a record of every request received.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

import anyio
import uvicorn
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from zeroclaw_daemon.backoff import BackoffPolicy
from zeroclaw_daemon.errors import ProviderError
from zeroclaw_daemon.providers._retry import RetryPolicy
from zeroclaw_daemon.providers.base import ChatResponse

START_TIMEOUT_S = 10.0
# The conftest fixture ``chat_once``: one provider.chat(...), then aclose.
ChatOnce = Callable[..., Awaitable[ChatResponse]]
# The conftest fixture ``chat_error``: the ProviderError one provider.chat(...) must raise.
ChatError = Callable[..., Awaitable[ProviderError]]
STOP_TIMEOUT_S = 10.0


@contextlib.contextmanager
def serve_app(app: ASGIApp) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (ephemeral port) in a thread; yield ``http://127.0.0.1:PORT``."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    # log_config=None and no log_level: uvicorn must not reconfigure the test
    # process's stdlib loggers (it would hide uvicorn.error from later tests).
    config = uvicorn.Config(app, log_config=None, log_level=None, access_log=False,
                            lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                              name=f"fake-server-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("fake server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(STOP_TIMEOUT_S)
        sock.close()


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """One request as the fake received it (header names lower-cased)."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass(frozen=True, slots=True)
class FakeResponse:
    """What the fake answers with. Exactly one of ``json_body``/``raw_body`` is normally set.

    ``hang_s``: sleep this long before answering (to outlast a client timeout).
    ``close_mid_body``: announce the full length, send half of it, drop the connection.
    """

    status: int = 200
    json_body: Any = None
    raw_body: bytes | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    hang_s: float = 0.0
    close_mid_body: bool = False

    def body_bytes(self) -> bytes:
        if self.raw_body is not None:
            return self.raw_body
        return json.dumps(self.json_body).encode()


class _HalfBodyThenClose(Response):
    """Sends the headers and half the body, then returns: uvicorn drops the connection."""

    def __init__(self, status: int, body: bytes) -> None:
        super().__init__(content=body, status_code=status, media_type="application/json")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": self.status_code,
                    "headers": self.raw_headers})
        await send({"type": "http.response.body", "body": self.body[: len(self.body) // 2],
                    "more_body": True})


class ScriptedEndpoint:
    """A queue of responses to give, and the requests received (thread-safe)."""

    def __init__(self, when_empty: FakeResponse) -> None:
        self._lock = threading.Lock()
        self._queue: deque[FakeResponse] = deque()
        self._requests: list[RecordedRequest] = []
        self._when_empty = when_empty

    def enqueue(self, *responses: FakeResponse) -> None:
        with self._lock:
            self._queue.extend(responses)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    async def record(self, request: Request) -> RecordedRequest:
        recorded = RecordedRequest(
            method=request.method, path=request.url.path,
            headers={key.lower(): value for key, value in request.headers.items()},
            body=await request.body())
        with self._lock:
            self._requests.append(recorded)
        return recorded

    def next_response(self) -> FakeResponse:
        with self._lock:
            return self._queue.popleft() if self._queue else self._when_empty

    async def answer(self, planned: FakeResponse) -> Response:
        if planned.hang_s:
            await asyncio.sleep(planned.hang_s)
        body = planned.body_bytes()
        if planned.close_mid_body:
            return _HalfBodyThenClose(planned.status, body)
        return Response(content=body, status_code=planned.status,
                        headers=dict(planned.headers), media_type="application/json")


def fast_retries(max_retries: int = 2) -> RetryPolicy:
    """A provider retry policy with ``max_retries`` and 5-20 ms delays, for tests."""
    return RetryPolicy(max_retries=max_retries,
                       backoff=BackoffPolicy(initial_s=0.01, max_s=0.02, jitter=0.5))


class ScriptedFake:
    """The control surface the model-API fakes share: ``base_url``, ``enqueue``, ``requests``.

    A subclass sets ``endpoint`` and ``app`` in ``__init__``; ``BASE_PATH`` is what the
    client appends to the server's root (``/v1`` for OpenAI-compatible clients).
    """

    BASE_PATH: ClassVar[str] = ""
    endpoint: ScriptedEndpoint
    app: ASGIApp
    base_url: str = ""

    def enqueue(self, *responses: FakeResponse) -> None:
        self.endpoint.enqueue(*responses)

    @property
    def requests(self) -> list[RecordedRequest]:
        return self.endpoint.requests

    @classmethod
    @contextlib.contextmanager
    def serve(cls) -> Iterator[Self]:
        fake = cls()
        with serve_app(fake.app) as url:
            fake.base_url = url + cls.BASE_PATH
            yield fake


@contextlib.asynccontextmanager
async def running_channel(channel: Any, handler: Any) -> AsyncIterator[None]:
    """Run ``channel.run(handler)`` in a task for the body of the ``async with``; cancel it
    at the end (also on failure)."""
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, handler)
        try:
            yield
        finally:
            task_group.cancel_scope.cancel()
