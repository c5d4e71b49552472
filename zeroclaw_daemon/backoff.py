"""Exponential backoff with jitter: the one used by model providers and chat channels.

Pure: no I/O and no clock; callers sleep the delays they are handed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BackoffPolicy:
    """Delay before attempt ``n``: ``initial_s * factor**n`` capped at ``max_s``, then up to
    ``jitter`` of it taken off at random (never above the cap)."""

    initial_s: float = 0.5
    max_s: float = 30.0
    factor: float = 2.0
    # Share of the delay randomised, so many clients do not retry in lock step.
    jitter: float = 0.1

    def __post_init__(self) -> None:
        if self.initial_s <= 0 or self.max_s < self.initial_s or self.factor < 1:
            raise ValueError("backoff needs 0 < initial_s <= max_s and factor >= 1")
        if not 0 <= self.jitter < 1:
            raise ValueError("backoff jitter must be in [0, 1)")

    def delay_s(self, attempt: int, rng: random.Random | None = None) -> float:
        """The delay after ``attempt`` failures so far (0-based), in seconds."""
        ceiling = min(self.max_s, self.initial_s * self.factor ** min(attempt, 64))
        if not self.jitter:
            return ceiling
        draw = rng.random() if rng is not None else random.random()
        return ceiling * (1 - self.jitter * draw)


class Backoff:
    """The delays of one run of attempts; :meth:`reset` after a success."""

    def __init__(self, policy: BackoffPolicy, rng: random.Random | None = None) -> None:
        self._policy = policy
        self._rng = rng
        self._attempt = 0

    @property
    def attempt(self) -> int:
        """How many delays were handed out since the last reset."""
        return self._attempt

    def next_delay(self) -> float:
        """The delay before the next attempt, in seconds (grows until the cap)."""
        delay = self._policy.delay_s(self._attempt, self._rng)
        self._attempt += 1
        return delay

    def reset(self) -> None:
        self._attempt = 0
