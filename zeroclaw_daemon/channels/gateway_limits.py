"""Per-client limits for the gateway's turn-running routes, and who the client is.

A *client* is the bearer token it presented (by its position in the configured
list, never the token itself), or, on a gateway without tokens, its remote
address. The remote address is the socket peer; ``X-Forwarded-For`` is read
only when that peer is one of ``trusted_proxies`` (then the right-most address
in the header that is not itself a trusted proxy is the client).

Each client may run ``max_concurrent`` turns at once and start ``per_minute``
turns a minute (a token bucket: bursts up to ``per_minute``, refilled evenly).
A turn over either limit is answered at once with 429 and ``Retry-After``; it
is never queued, so a client cannot pile up waiting turns. State is kept for at
most ``max_clients`` clients (idle ones are forgotten first).

Use it around any route that runs a turn::

    async with limiter.turn(client_key):
        ...
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from .gateway_api import GatewayHTTPError

IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
DEFAULT_MAX_CLIENTS = 10_000


def parse_networks(entries: Iterable[str]) -> tuple[IpNetwork, ...]:
    """``"10.0.0.1"``, ``"10.0.0.0/8"``, ``"::1"`` -> networks (ValueError names a bad one)."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an IP address or network: {entry!r}") from None
    return tuple(networks)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address


def is_trusted(address: str, trusted: Sequence[IpNetwork]) -> bool:
    ip = _ip(address)
    return ip is not None and any(ip in network for network in trusted)


def client_address(peer: str | None, forwarded_for: str | None,
                   trusted: Sequence[IpNetwork]) -> str:
    """The client's address: the peer, or (from a trusted proxy) what it forwarded."""
    peer = peer or "unknown"
    if not forwarded_for or not trusted or not is_trusted(peer, trusted):
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    # Right to left: each trusted proxy appended the address it received from.
    for hop in reversed(hops):
        if _ip(hop) is None:
            return peer  # a garbled header: do not guess
        if not is_trusted(hop, trusted):
            return str(_ip(hop))
    return str(_ip(hops[0])) if hops else peer


@dataclass(slots=True)
class _ClientState:
    tokens: float
    updated: float
    in_flight: int = 0


class ClientLimiter:
    """Concurrent turns and turns per minute, per client key; over the limit -> 429."""

    def __init__(self, *, max_concurrent: int, per_minute: int,
                 max_clients: int = DEFAULT_MAX_CLIENTS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if max_concurrent < 1 or per_minute < 1 or max_clients < 1:
            raise ValueError("client limits must be at least 1")
        self.max_concurrent = max_concurrent
        self.per_minute = per_minute
        self.max_clients = max_clients
        self._clock = clock
        self._clients: OrderedDict[str, _ClientState] = OrderedDict()

    def __len__(self) -> int:
        return len(self._clients)

    def _state(self, key: str, now: float) -> _ClientState:
        state = self._clients.get(key)
        if state is None:
            state = self._clients[key] = _ClientState(float(self.per_minute), now)
            self._forget_idle()
        else:
            self._clients.move_to_end(key)
            rate = self.per_minute / 60.0
            state.tokens = min(float(self.per_minute), state.tokens + (now - state.updated) * rate)
            state.updated = now
        return state

    def _forget_idle(self) -> None:
        # Oldest first; a client with a turn in flight is kept (its slot must be released).
        for key in list(self._clients):
            if len(self._clients) <= self.max_clients:
                return
            if self._clients[key].in_flight == 0:
                del self._clients[key]

    def acquire(self, key: str) -> None:
        """Take a turn slot for ``key`` or raise the 429 :class:`GatewayHTTPError`."""
        now = self._clock()
        state = self._state(key, now)
        if state.in_flight >= self.max_concurrent:
            raise _too_many(f"at most {self.max_concurrent} concurrent turns per client",
                            retry_after_s=1, limit="concurrent_turns")
        if state.tokens < 1.0:
            wait_s = (1.0 - state.tokens) * 60.0 / self.per_minute
            raise _too_many(f"at most {self.per_minute} turns per minute per client",
                            retry_after_s=max(1, math.ceil(wait_s)), limit="turns_per_minute")
        state.tokens -= 1.0
        state.in_flight += 1

    def release(self, key: str) -> None:
        state = self._clients.get(key)
        if state is not None and state.in_flight > 0:
            state.in_flight -= 1

    @asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        """Hold one of ``key``'s turn slots for the body of the ``async with``."""
        self.acquire(key)
        try:
            yield
        finally:
            self.release(key)


def _too_many(message: str, *, retry_after_s: int, limit: str) -> GatewayHTTPError:
    return GatewayHTTPError(429, "rate_limited", message,
                            headers={"Retry-After": str(retry_after_s)},
                            limit=limit, retry_after_s=retry_after_s)
