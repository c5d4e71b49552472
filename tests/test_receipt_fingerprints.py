"""Fingerprints of evicted receipts: evicted reads expired, everything else forged."""

from __future__ import annotations

import hashlib

import pytest

from zeroclaw_daemon.receipts.fingerprints import EvictedFingerprints


def digest(n: int) -> bytes:
    return hashlib.sha256(f"receipt {n}".encode()).digest()


def test_every_added_digest_is_found_and_others_rarely() -> None:
    """No evicted receipt is missed; the false-expired rate stays near its design value."""
    prints = EvictedFingerprints(capacity=2000, false_expired=1e-3)
    for n in range(2000):
        prints.add(digest(n), n)
    assert all(digest(n) in prints for n in range(2000))
    false_hits = sum(digest(n) in prints for n in range(10_000, 30_000))
    assert false_hits <= 20 * 3  # 1e-3 of 20 000 is 20; three times that is a generous bound


def test_generations_bound_memory_and_keep_the_last_capacity() -> None:
    """Past capacity the older generation is dropped: memory is bounded, the newest kept,
    and the dropped generation's newest timestamp becomes the horizon."""
    prints = EvictedFingerprints(capacity=100, false_expired=1e-6)
    for n in range(350):
        prints.add(digest(n), n)
    assert all(digest(n) in prints for n in range(250, 350))
    assert prints.forgotten_through is not None and 99 <= prints.forgotten_through < 250
    assert prints.memory_bytes <= 2 * (100 * 29 // 8 + 16)


def test_memory_per_million_at_one_in_a_million() -> None:
    """At p = 1e-6 a generation of a million receipts takes about 3.6 MB."""
    prints = EvictedFingerprints(capacity=1_000_000, false_expired=1e-6)
    assert 3_500_000 <= prints.memory_bytes <= 3_700_000


@pytest.mark.parametrize(("capacity", "rate"), [(0, 1e-6), (10, 0.0), (10, 1.0)])
def test_bad_parameters_are_refused(capacity: int, rate: float) -> None:
    """A filter that could not meet its contract is not built."""
    with pytest.raises(ValueError):
        EvictedFingerprints(capacity, rate)
