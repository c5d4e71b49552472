"""Compact fingerprints of evicted receipts: was this token issued, once, and then forgotten?

Once the ledger evicts a record, a token of that age could be either a real receipt
the ledger forgot or a forgery with an old timestamp. Judging every old token
``expired`` would let a forger pick an old timestamp. So each evicted token's MAC
goes into a Bloom filter: an evicted receipt is always found (``expired``);
anything else is ``forged``, except with probability ``false_expired`` per token.

Memory: ``-ln(p) / ln(2)^2`` bits per receipt, 28.8 bits (3.6 bytes) at
p = 1e-6, so 3.6 MB per million evicted receipts and generation. Two generations
of ``capacity`` receipts each are kept: when the newer fills, the older is dropped,
so at least the last ``capacity`` evicted receipts are always remembered and the
filter never fills past its design rate. ``forgotten_through`` is the newest
timestamp of a dropped generation: tokens at or before it cannot be judged.
"""

from __future__ import annotations

import math

DEFAULT_FALSE_EXPIRED = 1e-6


class _Bloom:
    __slots__ = ("bits", "count", "hashes", "newest_ts", "size")

    def __init__(self, size_bits: int, hashes: int) -> None:
        self.size = size_bits
        self.hashes = hashes
        self.bits = bytearray((size_bits + 7) // 8)
        self.count = 0
        self.newest_ts = -1

    def _positions(self, digest: bytes) -> list[int]:
        # The MAC is uniformly random: two 64-bit halves give k indexes by double hashing.
        h1 = int.from_bytes(digest[:8], "little")
        h2 = int.from_bytes(digest[8:16], "little") | 1
        return [(h1 + i * h2) % self.size for i in range(self.hashes)]

    def add(self, digest: bytes, ts: int) -> None:
        for position in self._positions(digest):
            self.bits[position >> 3] |= 1 << (position & 7)
        self.count += 1
        self.newest_ts = max(self.newest_ts, ts)

    def __contains__(self, digest: bytes) -> bool:
        bits = self.bits
        return all(bits[p >> 3] & (1 << (p & 7)) for p in self._positions(digest))


class EvictedFingerprints:
    """Two Bloom generations of ``capacity`` evicted receipts each."""

    def __init__(self, capacity: int, false_expired: float = DEFAULT_FALSE_EXPIRED) -> None:
        if capacity < 1 or not 0 < false_expired < 1:
            raise ValueError("capacity must be >= 1 and false_expired in (0, 1)")
        self.capacity = capacity
        self.false_expired = false_expired
        bits_per_entry = -math.log(false_expired) / math.log(2) ** 2
        self._size_bits = max(64, math.ceil(capacity * bits_per_entry))
        self._hashes = max(1, round(bits_per_entry * math.log(2)))
        self._current = _Bloom(self._size_bits, self._hashes)
        self._previous: _Bloom | None = None
        self.forgotten_through: int | None = None

    @property
    def memory_bytes(self) -> int:
        """Bytes of filter held now (at most two generations)."""
        previous = len(self._previous.bits) if self._previous is not None else 0
        return len(self._current.bits) + previous

    def add(self, digest: bytes, ts: int) -> None:
        if self._current.count >= self.capacity:
            if self._previous is not None and self._previous.newest_ts >= 0:
                newest = self._previous.newest_ts
                self.forgotten_through = max(self.forgotten_through or newest, newest)
            self._previous = self._current
            self._current = _Bloom(self._size_bits, self._hashes)
        self._current.add(digest, ts)

    def __contains__(self, digest: object) -> bool:
        if not isinstance(digest, bytes):
            return False
        return digest in self._current or (self._previous is not None
                                           and digest in self._previous)
