"""The systemd notify protocol (sd_notify(3)) in a few lines, without a dependency.

Each message is one datagram of ``KEY=value`` lines sent to ``$NOTIFY_SOCKET``
(a filesystem path, or an abstract socket written with a leading ``@``).
Without ``NOTIFY_SOCKET`` every call is a no-op, so the daemon runs the same
under systemd, in a terminal and in tests.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Mapping


class SdNotifier:
    """Sends READY/RELOADING/STOPPING/WATCHDOG/STATUS to the service manager."""

    def __init__(self, address: str | None, environ: Mapping[str, str] | None = None) -> None:
        # An abstract socket's name starts with a NUL byte; systemd writes it as "@".
        self.address = "\0" + address[1:] if address and address.startswith("@") else address
        self._environ = dict(os.environ if environ is None else environ)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> SdNotifier:
        env = os.environ if environ is None else environ
        return cls(env.get("NOTIFY_SOCKET") or None, env)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, **fields: object) -> bool:
        """Send one datagram ``KEY=value`` per field; False when not sent."""
        if self.address is None or not fields:
            return False
        # A STATUS text is one line: a newline would start a bogus field.
        payload = "\n".join(f"{key}={str(value).replace(chr(10), ' ')}"
                            for key, value in fields.items())
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            try:
                sock.sendto(payload.encode(), self.address)
            except OSError:
                # The manager went away or the socket is full: the daemon keeps serving.
                return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.notify(READY=1, **({"STATUS": status} if status else {}))

    def status(self, text: str) -> bool:
        return self.notify(STATUS=text)

    def reloading(self) -> bool:
        # systemd >= 253 wants the monotonic timestamp to tell this reload from a stale one.
        return self.notify(RELOADING=1, MONOTONIC_USEC=time.monotonic_ns() // 1000)

    def stopping(self, status: str | None = None) -> bool:
        return self.notify(STOPPING=1, **({"STATUS": status} if status else {}))

    def watchdog(self) -> bool:
        return self.notify(WATCHDOG=1)

    def watchdog_interval(self) -> float | None:
        """Seconds between WATCHDOG=1 pings (half of WATCHDOG_USEC), or None if not asked."""
        pid = self._environ.get("WATCHDOG_PID")
        if pid and pid != str(os.getpid()):
            return None  # the watchdog belongs to another process (our parent)
        try:
            usec = int(self._environ.get("WATCHDOG_USEC", ""))
        except ValueError:
            return None
        return usec / 2_000_000 if usec > 0 else None
