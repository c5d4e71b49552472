"""The gateway's per-client limiter and client-address rules, with a hand-driven clock."""

from __future__ import annotations

import pytest

from zeroclaw_daemon.channels.gateway_api import GatewayHTTPError, split_tokens
from zeroclaw_daemon.channels.gateway_limits import ClientLimiter, client_address, parse_networks


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_per_minute_limit_answers_429_with_retry_after_and_refills() -> None:
    """Three turns a minute: the fourth is refused with Retry-After 20 s, allowed after it."""
    clock = Clock()
    limiter = ClientLimiter(max_concurrent=10, per_minute=3, clock=clock)
    for _ in range(3):
        limiter.acquire("a")
        limiter.release("a")
    with pytest.raises(GatewayHTTPError) as caught:
        limiter.acquire("a")
    error = caught.value
    assert (429, "rate_limited", "20", "turns_per_minute") == (
        error.status, error.code, error.headers["Retry-After"], error.extra["limit"])
    limiter.acquire("b")  # another client is not affected
    clock.now += 20.0
    limiter.acquire("a")


def test_concurrent_limit_is_released_when_the_turn_ends() -> None:
    """Two turns at once per client: a third is refused at once, then allowed after one ends."""
    limiter = ClientLimiter(max_concurrent=2, per_minute=100, clock=Clock())
    limiter.acquire("a")
    limiter.acquire("a")
    with pytest.raises(GatewayHTTPError) as caught:
        limiter.acquire("a")
    assert ("concurrent_turns", "1") == (caught.value.extra["limit"],
                                         caught.value.headers["Retry-After"])
    limiter.release("a")
    limiter.acquire("a")


async def test_turn_context_releases_on_error() -> None:
    """A turn that raises gives its slot back."""
    limiter = ClientLimiter(max_concurrent=1, per_minute=100, clock=Clock())
    with pytest.raises(RuntimeError):
        async with limiter.turn("a"):
            raise RuntimeError("turn failed")
    async with limiter.turn("a"):
        pass


def test_client_table_is_bounded_and_keeps_busy_clients() -> None:
    """Past max_clients the oldest idle clients are forgotten; one with a turn in flight stays."""
    limiter = ClientLimiter(max_concurrent=1, per_minute=100, max_clients=3, clock=Clock())
    limiter.acquire("busy")
    for index in range(50):
        limiter.acquire(f"c{index}")
        limiter.release(f"c{index}")
    assert len(limiter) == 3
    with pytest.raises(GatewayHTTPError):
        limiter.acquire("busy")  # still counted: its slot was not lost


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "client"), [
    ("203.0.113.7", "198.51.100.1", [], "203.0.113.7"),            # no proxies trusted
    ("203.0.113.7", "198.51.100.1", ["127.0.0.1"], "203.0.113.7"),  # peer is not one
    ("127.0.0.1", "198.51.100.1", ["127.0.0.1"], "198.51.100.1"),
    ("127.0.0.1", "6.6.6.6, 198.51.100.1", ["127.0.0.1"], "198.51.100.1"),  # left is forgeable
    ("127.0.0.1", "198.51.100.1, 10.0.0.2", ["127.0.0.1", "10.0.0.0/8"], "198.51.100.1"),
    ("127.0.0.1", "not-an-ip", ["127.0.0.1"], "127.0.0.1"),
    ("::ffff:127.0.0.1", "198.51.100.1", ["127.0.0.1"], "198.51.100.1"),
])
def test_client_address_believes_forwarded_for_only_from_trusted_proxies(
        peer: str, forwarded: str, trusted: list[str], client: str) -> None:
    """X-Forwarded-For counts only from a trusted peer, read right to left past trusted hops."""
    assert client == client_address(peer, forwarded, parse_networks(trusted))


def test_tokens_are_split_on_commas() -> None:
    """An auth-token variable may list several tokens; blanks are dropped."""
    assert ("a", "b") == split_tokens(" a, ,b ,")
    assert () == split_tokens(None)
