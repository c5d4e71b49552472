"""The gateway's connection timers: keep-alive between requests, the head deadline within one.

The keep-alive bound outlasts clients' pool expiry, so a client drops an idle connection
before the server closes it (at equal bounds the two race, and the request is lost).

A loop that is busy (or descheduled) can run a connection's keep-alive timer, or its
request-head deadline, in the step in which the client's next request arrived, before it
reads it. Closing then resets a request the client already sent. Those tests send the
next request on a raw loopback socket, wait until its bytes are in the server's socket,
and run the timer's callback before the loop gets a chance to read them.
"""

from __future__ import annotations

import socket
import time
from typing import Any

import anyio
import httpx
import pytest
from gateway_harness import RecordingHandler, running_gateway

from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings, _bytes_waiting
from zeroclaw_daemon.config.channels import GatewayConfig

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def read_status(sock: socket.socket) -> str:
    """The status line of the next response, or what ended the connection instead."""
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return "closed"
            data += chunk
    except ConnectionResetError:
        return "reset"
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return head.split(b"\r\n")[0].decode()


def server_connection(channel: GatewayChannel) -> Any:
    """The gateway's protocol object of the only open connection."""
    assert channel._server is not None
    (connection,) = channel._server.server_state.connections
    return connection


def send_unread(sock: socket.socket, connection: Any) -> None:
    """Send the next request and wait, without yielding to the loop, until it is queued."""
    sock.sendall(REQUEST)
    deadline = time.monotonic() + 2
    while not _bytes_waiting(connection.transport) and time.monotonic() < deadline:
        time.sleep(0.001)


@pytest.mark.parametrize("timer", ["timeout_keep_alive_handler", "_header_deadline_passed"])
async def test_a_timer_does_not_close_a_connection_whose_request_has_arrived(timer: str) -> None:
    """A keep-alive timer or head deadline that fires while the next request sits unread in
    the socket leaves the connection open, and that request is answered (it was reset)."""
    async with running_gateway(RecordingHandler()) as (_, channel):
        with socket.create_connection(channel.bound or ("127.0.0.1", 0), timeout=5) as sock:
            sock.sendall(REQUEST)
            first = await anyio.to_thread.run_sync(read_status, sock)
            connection = server_connection(channel)
            send_unread(sock, connection)
            getattr(connection, timer)()
            second = await anyio.to_thread.run_sync(read_status, sock)
    assert ("HTTP/1.1 200 OK", "HTTP/1.1 200 OK") == (first, second)


async def test_the_keep_alive_timer_still_closes_an_idle_connection() -> None:
    """With nothing received since the last response, the keep-alive timer closes the
    connection as uvicorn does."""
    async with running_gateway(RecordingHandler()) as (_, channel):
        with socket.create_connection(channel.bound or ("127.0.0.1", 0), timeout=5) as sock:
            sock.sendall(REQUEST)
            first = await anyio.to_thread.run_sync(read_status, sock)
            server_connection(channel).timeout_keep_alive_handler()
            after = await anyio.to_thread.run_sync(read_status, sock)
    assert ("HTTP/1.1 200 OK", "closed") == (first, after)


def test_the_default_keep_alive_outlasts_httpx_pool_expiry() -> None:
    """The gateway keeps an idle connection 20 s by default, longer than httpx's pool keeps
    one (5 s), so a default httpx client never reuses a connection the server is closing."""
    keep_alive_s = GatewaySettings.from_section(GatewayConfig(), environ={}).keep_alive_s
    assert (20.0, True) == (keep_alive_s, httpx.Limits().keepalive_expiry < keep_alive_s)


async def test_an_idle_connection_outlives_the_head_deadline() -> None:
    """Idle after a response for longer than header_timeout_s but under keep_alive_s, a
    connection is still open and serves the next request (the head deadline used to close
    it: it was re-armed at each response)."""
    async with running_gateway(RecordingHandler(), header_timeout_s=0.3,
                               keep_alive_s=5.0) as (_, channel):
        with socket.create_connection(channel.bound or ("127.0.0.1", 0), timeout=5) as sock:
            sock.sendall(REQUEST)
            first = await anyio.to_thread.run_sync(read_status, sock)
            await anyio.sleep(0.9)
            sock.sendall(REQUEST)
            second = await anyio.to_thread.run_sync(read_status, sock)
    assert ("HTTP/1.1 200 OK", "HTTP/1.1 200 OK") == (first, second)


async def test_an_idle_connection_is_closed_after_keep_alive_s() -> None:
    """With nothing sent after a response, the connection is closed once keep_alive_s has
    passed, long before the client's 5 s read timeout."""
    async with running_gateway(RecordingHandler(), header_timeout_s=10.0,
                               keep_alive_s=0.3) as (_, channel):
        with socket.create_connection(channel.bound or ("127.0.0.1", 0), timeout=5) as sock:
            sock.sendall(REQUEST)
            first = await anyio.to_thread.run_sync(read_status, sock)
            started = time.monotonic()
            after = await anyio.to_thread.run_sync(read_status, sock)
            waited_s = time.monotonic() - started
    assert ("HTTP/1.1 200 OK", "closed", True) == (first, after, waited_s < 3)


async def test_a_later_request_head_still_has_its_deadline() -> None:
    """A second request whose head stops halfway is cut off header_timeout_s after its
    first byte, although the keep-alive bound is longer."""
    async with running_gateway(RecordingHandler(), header_timeout_s=0.3,
                               keep_alive_s=10.0) as (_, channel):
        with socket.create_connection(channel.bound or ("127.0.0.1", 0), timeout=5) as sock:
            sock.sendall(REQUEST)
            first = await anyio.to_thread.run_sync(read_status, sock)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127")
            started = time.monotonic()
            after = await anyio.to_thread.run_sync(read_status, sock)
            waited_s = time.monotonic() - started
    assert ("HTTP/1.1 200 OK", "closed", True) == (first, after, waited_s < 3)
