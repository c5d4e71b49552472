"""Every number the turn's evidence writes, under each of its readings, and how far a
value written to some precision may be from the number it rounds."""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from ..claims.numbers import number_readings
from .lazy import lazy

# HAYSTACK_NUMBER_RE (``-?\d+(?:[.,]\d+)*``) begun with a sign or a digit: a pattern that
# begins with one character of a class is scanned for it quickly, an optional sign is
# tried at every character (the same matches, about two thirds of the time).
_NUMBER_RE = re.compile(r"[-\d](?:(?<=-)\d+|(?<=\d)\d*)(?:[.,]\d+)*")


def rounding_unit(value: Decimal) -> Decimal:
    """The unit a number is written to: its last decimal place, or for a whole number its
    last non-zero digit ("80" is to the ten, "1.2E+4" to the thousand)."""
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):
        return Decimal(1)
    if exponent >= 0 and value:
        normal = value.normalize().as_tuple().exponent
        exponent = normal if isinstance(normal, int) else exponent
    return Decimal(1).scaleb(exponent)


def approx_tolerance(value: Decimal) -> Decimal:
    """How far an approximate value ("about 80", "just under 2 GB", "约 1.2 万") may be from
    the exact one: half the unit it is written to, or 3 %, whichever is more."""
    return max(rounding_unit(value) / 2, abs(value) * Decimal("0.03"))


class NumberIndex:
    """Every number in the evidence, under each reading, bucketed by integer part."""

    def __init__(self, text: str) -> None:
        exact: set[Decimal] = set()
        for raw in set(_NUMBER_RE.findall(text)):
            if raw.isascii() and raw.isdigit():
                # Plain digits have one reading, themselves (number_readings' first case).
                value = Decimal(raw)
                exact.add(value)
                exact.add(-value)
                continue
            # "DE,3,184.90" in a CSV row is 3 and 184.90 as well as 3,184.90.
            pieces = [raw, *raw.split(",")] if "," in raw else [raw]
            for piece in pieces:
                for reading in number_readings(piece):
                    exact.add(reading)
                    exact.add(-reading)
        self.exact = frozenset(exact)

    @lazy
    def buckets(self) -> dict[int, list[Decimal]]:
        """The numbers by integer part: asked for only when a value is not one of them
        (a rounding, a tolerance, a range), which any order of a bucket answers alike."""
        buckets: dict[int, list[Decimal]] = {}
        for value in self.exact:
            buckets.setdefault(int(value), []).append(value)
        return buckets

    def near(self, value: Decimal, spread: int = 1) -> Iterable[Decimal]:
        base = int(value)
        for key in range(base - spread, base + spread + 1):
            yield from self.buckets.get(key, ())

    def any_between(self, low: Decimal, high: Decimal) -> bool:
        if high - low <= 64:
            return any(low <= c <= high for key in range(int(low) - 1, int(high) + 2)
                       for c in self.buckets.get(key, ()))
        return any(low <= c <= high for c in self.exact)

    def grounds(self, value: Decimal, *, approx: bool = False) -> bool:
        if value in self.exact:
            return True
        exponent = value.as_tuple().exponent
        quantum = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
        if quantum > 1:
            # "2,5 millions" is 2.5E+6: written to the hundred thousand, so any result
            # number within half of that rounds to it.
            half = quantum / 2
            if any(abs(c - value) <= half for c in self.exact):
                return True
        for candidate in self.near(value):
            try:
                if candidate.quantize(quantum) == value:
                    return True  # the reply rounded a precise result: 16.4 -> 16
            except InvalidOperation:
                continue
        if approx and value:
            tolerance = approx_tolerance(value)
            spread = int(tolerance) + 1
            if spread <= 64:
                return any(abs(c - value) <= tolerance for c in self.near(value, spread))
            return any(abs(c - value) <= tolerance for c in self.exact)
        return False
