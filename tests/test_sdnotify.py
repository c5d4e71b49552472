"""The sd_notify client: datagram format, abstract sockets, watchdog interval, no-op mode."""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from zeroclaw_daemon.daemon.sdnotify import SdNotifier


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[str, socket.socket]]:
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    yield str(path), sock
    sock.close()


def receive(sock: socket.socket) -> str:
    return sock.recv(4096).decode()


def test_without_notify_socket_every_call_is_a_noop() -> None:
    """No NOTIFY_SOCKET: nothing is sent and nothing raises."""
    notifier = SdNotifier.from_env({})
    sent = (notifier.ready(), notifier.status("x"), notifier.reloading(),
            notifier.stopping(), notifier.watchdog())
    assert (False, False, False, False, False) == sent
    assert notifier.enabled is False


def test_ready_with_status_is_one_datagram(notify_socket: tuple[str, socket.socket]) -> None:
    """READY=1 and STATUS= travel together, one field a line."""
    path, sock = notify_socket
    notifier = SdNotifier.from_env({"NOTIFY_SOCKET": path})
    assert notifier.ready(status="Ready: gateway listening on 127.0.0.1:1234")
    assert "READY=1\nSTATUS=Ready: gateway listening on 127.0.0.1:1234" == receive(sock)


def test_status_text_cannot_inject_fields(notify_socket: tuple[str, socket.socket]) -> None:
    """A newline inside a status becomes a space, so it cannot add a READY=1 line."""
    path, sock = notify_socket
    SdNotifier(path).status("bad\nREADY=1")
    assert "STATUS=bad READY=1" == receive(sock)


def test_reloading_carries_monotonic_usec(notify_socket: tuple[str, socket.socket]) -> None:
    """RELOADING=1 comes with MONOTONIC_USEC, the CLOCK_MONOTONIC time in microseconds."""
    path, sock = notify_socket
    before = time.monotonic_ns() // 1000
    SdNotifier(path).reloading()
    after = time.monotonic_ns() // 1000
    lines = receive(sock).split("\n")
    assert "RELOADING=1" == lines[0]
    key, _, value = lines[1].partition("=")
    assert "MONOTONIC_USEC" == key
    assert before <= int(value) <= after


def test_stopping_and_watchdog(notify_socket: tuple[str, socket.socket]) -> None:
    """STOPPING=1 and WATCHDOG=1 are sent as written."""
    path, sock = notify_socket
    notifier = SdNotifier(path)
    notifier.stopping()
    notifier.watchdog()
    assert ["STOPPING=1", "WATCHDOG=1"] == [receive(sock), receive(sock)]


def test_abstract_socket_address() -> None:
    """An address starting with @ names a Linux abstract socket."""
    name = f"zeroclaw-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        assert SdNotifier.from_env({"NOTIFY_SOCKET": "@" + name}).ready()
        assert "READY=1" == receive(sock)


def test_vanished_socket_is_not_an_error(tmp_path: Path) -> None:
    """A socket path nobody listens on makes notify return False, not raise."""
    assert SdNotifier(str(tmp_path / "gone.sock")).ready() is False


@pytest.mark.parametrize(("environ", "expected"), [
    ({"WATCHDOG_USEC": "30000000"}, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),
    ({"WATCHDOG_USEC": "0"}, None),
    ({"WATCHDOG_USEC": "soon"}, None),
    ({}, None),
])
def test_watchdog_interval_is_half_of_watchdog_usec(environ: dict[str, str],
                                                    expected: float | None) -> None:
    """Ping every WATCHDOG_USEC/2, only when the watchdog is meant for this process."""
    assert expected == SdNotifier.from_env(environ).watchdog_interval()
