"""The HTTP gateway channel: the app of :mod:`.gateway_app` on an embedded uvicorn server.

The daemon owns the process: uvicorn's signal capture is disabled (the daemon's
anyio signal receiver decides what SIGTERM means), and we bind the listening
socket ourselves so that READY=1 goes out only after the port is bound, and so
that ``listen = "127.0.0.1:0"`` gives a real port we can log and report.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import socket
import struct
import termios
import time
from collections.abc import Iterable, Iterator
from typing import Any

import anyio
import uvicorn
from anyio.abc import TaskStatus
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..config.channels import is_loopback_host
from ..logs import get_logger
from .base import FollowupReply, MessageHandler
from .gateway_api import LOG_TARGET, GatewayBackend, GatewaySettings, parse_listen
from .gateway_app import GatewayApp
from .gateway_followups import FollowupQueue

# What callers import from here; the rest of the contract is in gateway_api.
__all__ = ["GatewayChannel", "GatewaySettings", "bind_socket", "http_protocol", "parse_listen"]


# --- the server -------------------------------------------------------------------------------


# A request head (request line and headers) larger than this is refused with 431.
MAX_REQUEST_HEAD_BYTES = 64 * 1024


class _HeaderDeadline:
    """A deadline and a size bound for each request's head, for either uvicorn protocol.

    uvicorn times out only idle keep-alive connections (``keep_alive_s`` after a
    response), and data arriving cancels that timer: a client that opens a connection
    and sends nothing, or sends its headers a byte at a time, would hold a connection
    (and a file descriptor) forever. A new connection, and each later request from its
    first byte on, gets ``header_timeout_s`` to deliver a complete request head; then it
    is closed. The wait between requests is uvicorn's keep-alive alone: a deadline armed
    at each response would close idle connections at ``header_timeout_s`` whatever
    ``keep_alive_s`` says. h11 bounds the head's size itself; llhttp (httptools) does
    not, so the bytes that arrive before a head completes are counted here.
    """

    header_timeout_s: float = 10.0
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    client: tuple[str, int] | None
    cycle: Any
    _header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self.transport = _CoalescingTransport(transport, self.loop)  # type: ignore[assignment]
        self._head_bytes = 0
        self._arm_header_deadline()

    def data_received(self, data: bytes) -> None:
        if self._header_deadline is None and self._waiting_for_head():
            self._arm_header_deadline()  # the first byte of a request after a response
        super().data_received(data)  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._head_bytes = 0
        self._cancel_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_deadline()
        super().connection_lost(exc)  # type: ignore[misc]

    def _waiting_for_head(self) -> bool:
        cycle = getattr(self, "cycle", None)
        return cycle is None or bool(cycle.response_complete)

    def _arm_header_deadline(self) -> None:
        self._cancel_header_deadline()
        self._header_deadline_deferred = False
        self._header_deadline = self.loop.call_later(self.header_timeout_s,
                                                     self._header_deadline_passed)

    def _cancel_header_deadline(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def timeout_keep_alive_handler(self) -> None:
        # A busy or descheduled loop can run this timer in the same step in which the next
        # request's bytes arrived, before it reads them: closing a socket with unread data
        # sends a reset, and the client loses a request it had already sent (httpx:
        # ReadError). Those bytes are read next; their response re-arms the timer.
        if _bytes_waiting(self.transport):
            return
        super().timeout_keep_alive_handler()  # type: ignore[misc]

    def _header_deadline_passed(self) -> None:
        if self._waiting_for_head() and _bytes_waiting(self.transport) \
                and not self._header_deadline_deferred:
            # As for the keep-alive timer: the head may be there, unread. One more period
            # to read it, once per deadline, so a client cannot hold a connection with it.
            self._header_deadline_deferred = True
            self._header_deadline = self.loop.call_later(self.header_timeout_s,
                                                         self._header_deadline_passed)
            return
        if self._waiting_for_head() and not self.transport.is_closing():
            get_logger(LOG_TARGET).info("Closed a connection that sent no request head in time",
                                        client=_client_text(self.client),
                                        timeout_s=self.header_timeout_s)
            self.transport.close()


class _CoalescingTransport:
    """The connection's transport, sending what one event-loop step writes in one write.

    uvicorn writes a response's status line and headers, then its body, as two
    ``transport.write`` calls, and each is a send() system call that wakes the
    client. Held until the end of the loop step, they leave as one segment (wrk on
    ``/healthz``: +17 % requests/s, -4 % server CPU per request). A
    streamed body still leaves chunk by chunk (each await ends a step), and
    ``close`` sends what is held first. Everything else is the real transport's.
    """

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(bytes(data))

    def writelines(self, chunks: Iterable[bytes | bytearray | memoryview]) -> None:
        for chunk in chunks:
            self.write(chunk)

    def flush(self) -> None:
        if not self._held:
            return
        data = b"".join(self._held) if len(self._held) > 1 else self._held[0]
        self._held.clear()
        if not self._transport.is_closing():
            self._transport.write(data)

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._held.clear()
        self._transport.abort()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _HttpToolsHeadBound(_HeaderDeadline):
    """httptools: count head bytes; past the bound answer 431 and close."""

    def data_received(self, data: bytes) -> None:
        if self._waiting_for_head():
            # Only the head counts: a read often carries the head and the start of the body
            # (a request with a 100 KiB body was refused as a 431 before this).
            end = data.find(b"\r\n\r\n")
            self._head_bytes += len(data) if end < 0 else end + 4
            if self._head_bytes > MAX_REQUEST_HEAD_BYTES:
                if not self.transport.is_closing():
                    self.transport.write(_HEAD_TOO_LARGE)
                    self.transport.close()
                return
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self._head_bytes = 0
        super().on_headers_complete()  # type: ignore[misc]


_HEAD_TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                   b"content-type: application/json\r\nconnection: close\r\n"
                   b"content-length: 79\r\n\r\n"
                   b'{"error": {"code": "headers_too_large", '
                   b'"message": "request head over 64 KiB"}}')


def _bytes_waiting(transport: asyncio.BaseTransport) -> bool:
    """Whether the connection's socket holds received bytes the loop has not read yet."""
    sock = transport.get_extra_info("socket")
    if sock is None or transport.is_closing():
        return False
    try:
        count = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
    except OSError:  # closed under us, or a socket type without FIONREAD
        return False
    return bool(struct.unpack("i", count)[0])


def _client_text(client: tuple[str, int] | None) -> str:
    return f"{client[0]}:{client[1]}" if client else "unknown"


def http_protocol(header_timeout_s: float) -> type[asyncio.Protocol]:
    """The uvicorn HTTP protocol the gateway serves with: httptools when installed
    (its C parser is most of the gap to a bare app under load), else h11."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools missing: the pure-Python parser still works
        return type("HeaderDeadlineH11", (_HeaderDeadline, H11Protocol),
                    {"header_timeout_s": header_timeout_s})
    return type("HeaderDeadlineHttpTools", (_HttpToolsHeadBound, HttpToolsProtocol),
                {"header_timeout_s": header_timeout_s})


class _EmbeddedServer(uvicorn.Server):
    """uvicorn without its signal handlers, telling us when its listener is serving."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.serving = anyio.Event()

    def install_signal_handlers(self) -> None:
        """uvicorn < 0.29 hook: the daemon owns signals."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        # uvicorn >= 0.29 swaps signal.signal handlers here, which would steal
        # SIGTERM/SIGINT from the daemon's anyio signal receiver.
        yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        self.serving.set()


def bind_socket(host: str, port: int, backlog: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: the kernel picks one)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(backlog)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


class GatewayChannel:
    """The gateway as a daemon channel: ``run`` serves until stopped or cancelled."""

    name = "gateway"

    def __init__(self, settings: GatewaySettings, backend: GatewayBackend, *,
                 listener: socket.socket | None = None) -> None:
        self.settings = settings
        self.backend = backend
        # A socket already bound to settings' address (a reload binds the new address
        # before the old listener closes); served by the first run, else run binds.
        self._listener = listener
        self.bound: tuple[str, int] | None = None
        self._server: _EmbeddedServer | None = None
        self.started_at: float | None = None
        # Outlives a restart of the server: follow-ups wait here for their client.
        self.followups = FollowupQueue(settings.followup_keep_s)

    def __repr__(self) -> str:
        return f"<GatewayChannel {self.settings.host}:{self.settings.port} bound={self.bound}>"

    @property
    def bound_port(self) -> int | None:
        return self.bound[1] if self.bound else None

    def request_stop(self, grace_s: float | None = None) -> None:
        """Stop listening, let in-flight requests finish for up to ``grace_s`` (default:
        ``graceful_shutdown_s``), then cut the rest and return from ``run``."""
        server = self._server
        if server is None:
            return
        if grace_s is not None:
            # uvicorn reads this when its shutdown starts (asyncio.timeout takes floats).
            server.config.timeout_graceful_shutdown = grace_s  # type: ignore[assignment]
        server.should_exit = True

    async def send_followup(self, followup: FollowupReply) -> None:
        """Queue a background result for ``GET /v1/conversations/{id}/followups``."""
        self.followups.put(followup)

    async def run(self, handler: MessageHandler, *,
                  task_status: TaskStatus[tuple[str, int]] = anyio.TASK_STATUS_IGNORED) -> None:
        log = get_logger(LOG_TARGET)
        settings = self.settings
        app = GatewayApp(settings, self.backend, handler, self.followups).starlette()
        config = uvicorn.Config(
            app, log_config=None, lifespan="off", access_log=False, server_header=False,
            http=http_protocol(settings.header_timeout_s), ws="none",
            # uvicorn types it int, but only hands it to loop.call_later.
            timeout_keep_alive=settings.keep_alive_s,  # type: ignore[arg-type]
            proxy_headers=False, backlog=settings.backlog,
            timeout_graceful_shutdown=settings.graceful_shutdown_s,
            h11_max_incomplete_event_size=64 * 1024)
        server = _EmbeddedServer(config)
        sock, self._listener = self._listener, None
        if sock is None:
            sock = bind_socket(settings.host, settings.port, settings.backlog)
        try:
            bound_host, bound_port = sock.getsockname()[:2]
            self._server = server
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._serve, server, sock)
                with anyio.fail_after(30):
                    await server.serving.wait()
                self.bound = (bound_host, bound_port)
                self.started_at = time.monotonic()
                log.info("Gateway listening", host=bound_host, port=bound_port,
                         auth=self._token_state(), tokens=len(settings.tokens))
                if not settings.tokens and not is_loopback_host(settings.host):
                    # Only a config that says allow_unauthenticated = true gets here.
                    log.warning("Gateway has no bearer token and listens beyond loopback: "
                                "anyone who can reach it can drive the agent and its tools",
                                host=bound_host, port=bound_port)
                task_status.started(self.bound)
        finally:
            self._server = None
            self.bound = None
            sock.close()
        log.info("Gateway stopped")

    def _token_state(self) -> str:
        return "bearer" if self.settings.tokens else "none"

    @staticmethod
    async def _serve(server: _EmbeddedServer, sock: socket.socket) -> None:
        try:
            await server.serve(sockets=[sock])
        except anyio.get_cancelled_exc_class():
            # Cancelled mid-serve: uvicorn skips its shutdown, so run it here
            # (bounded, shielded) to close listeners and connections, then re-raise.
            with anyio.CancelScope(shield=True), anyio.move_on_after(
                    server.config.timeout_graceful_shutdown or 5):
                server.force_exit = True
                await server.shutdown(sockets=[sock])
            raise
