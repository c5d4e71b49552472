"""Simple derivations of the results' numbers that an honest reply may state.

A reply summarises: it adds up a column, takes a difference or a percentage,
turns cents into dollars, an epoch into a date, UTC into local time. Each of
these is a value the results ground even though its digits appear nowhere.
The derivations are bounded (:data:`MAX_OPERANDS` numbers per turn for the
pairwise ones) so a long result stays within the latency budget, and they are
built only when a value is not grounded directly.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation

from ..claims.numbers import number_readings

MAX_OPERANDS = 48          # pairwise derivations over at most this many distinct numbers
# A number standing alone: not part of a date, a time, a version or an identifier.
_LINE_NUMBER_RE = re.compile(r"(?<![\w.:/-])-?\d+(?:[.,]\d+)*(?![\w:/-]|\.\d)")
_CLOCK_RE = re.compile(r"(?<!\d)([01]?\d|2[0-3]):([0-5]\d)(?!\d)")
_EPOCH_MIN, _EPOCH_MAX = 946_684_800, 4_102_444_800       # 2000-01-01 .. 2100-01-01
_SCALES = (Decimal(100), Decimal(1000), Decimal(10**6), Decimal(1024), Decimal(1024**2),
           Decimal(1024**3), Decimal(10**9), Decimal(60), Decimal(3600))


def _first_reading(raw: str) -> Decimal | None:
    readings = number_readings(raw)
    return readings[0] if readings else None


class Derivations:
    """Values derived from the numbers of the successful results of one turn."""

    def __init__(self, results: Sequence[str]) -> None:
        self.results = results
        self._values: list[Decimal] | None = None
        self._columns: list[Decimal] | None = None

    @property
    def operands(self) -> list[Decimal]:
        if self._values is None:
            seen: dict[Decimal, None] = {}
            for text in self.results:
                for raw in _LINE_NUMBER_RE.findall(text):
                    value = _first_reading(raw)
                    if value is not None and value not in seen:
                        seen[value] = None
                        if len(seen) >= MAX_OPERANDS:
                            break
            self._values = list(seen)
        return self._values

    @property
    def column_sums(self) -> list[Decimal]:
        """Sums of each column of numbers down a result's lines, and its running sums."""
        if self._columns is None:
            sums: list[Decimal] = []
            for text in self.results:
                columns: dict[int, list[Decimal]] = {}
                for line in text.splitlines():
                    for index, raw in enumerate(_LINE_NUMBER_RE.findall(line)):
                        value = _first_reading(raw)
                        if value is not None:
                            columns.setdefault(index, []).append(value)
                for values in columns.values():
                    running = Decimal(0)
                    for value in values[:200]:
                        running += value
                        sums.append(running)
                # one column per key in JSON-like results: the same key on many lines
                sums.extend(_keyed_sums(text))
            self._columns = sums
        return self._columns

    def scaled(self) -> Iterable[Decimal]:
        """Unit scalings of each number: cents to units, bytes to KB/MB/GB, s to min/h."""
        for value in self.operands:
            for scale in _SCALES:
                yield value / scale

    def pairwise(self, percent: bool) -> Iterable[Decimal]:
        values = self.operands
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                yield a + b
                yield abs(a - b)
                if percent:
                    for x, y in ((a, b), (b, a)):
                        if y:
                            yield x / y * 100
                            yield abs(x - y) / y * 100

    def grounds(self, value: Decimal, tolerance: Decimal, *, percent: bool) -> bool:
        def close(candidates: Iterable[Decimal]) -> bool:
            return any(abs(c - value) <= tolerance for c in candidates)
        if close(self.column_sums) or close(self.scaled()):
            return True
        return close(self.pairwise(percent))


def _keyed_sums(text: str) -> list[Decimal]:
    """``"amount": 49810`` on many lines: the sum of every value of one key."""
    by_key: dict[str, Decimal] = {}
    for key, raw in re.findall(r'"(\w+)"\s*:\s*(-?\d+(?:\.\d+)?)', text):
        try:
            by_key[key] = by_key.get(key, Decimal(0)) + Decimal(raw)
        except InvalidOperation:
            continue
    return list(by_key.values())


def clock_minutes(texts: Iterable[str]) -> list[int]:
    """Every ``H:MM`` time of day in the texts, as minutes after midnight."""
    return [int(h) * 60 + int(m) for text in texts for h, m in _CLOCK_RE.findall(text)]


def time_grounded(key: str, times: Sequence[int]) -> bool:
    """A time of day is a result's time moved by whole hours: a time-zone
    conversion or a 12-hour reading of a 24-hour clock."""
    match = _CLOCK_RE.search(key)
    if match is None:
        return False
    minute = int(match.group(2))
    return any(t % 60 == minute for t in times)


def duration_grounded(seconds: Decimal, times: Sequence[int]) -> bool:
    """A duration equal to the gap between two of the results' times of day."""
    minutes = seconds / 60
    distinct = sorted(set(times))[:MAX_OPERANDS]
    return any(abs((b - a) - minutes) <= 1 or abs(24 * 60 - (b - a) - minutes) <= 1
               for i, a in enumerate(distinct) for b in distinct[i + 1:])


def epoch_dates(texts: Iterable[str]) -> set[tuple[int | None, int, int]]:
    """The UTC dates (and the day before and after, for time zones) of epoch seconds."""
    found: set[tuple[int | None, int, int]] = set()
    for text in texts:
        for raw in re.findall(r"(?<!\d)1\d{9}(?:\d{3})?(?!\d)", text):
            seconds = int(raw[:10])
            if not _EPOCH_MIN <= seconds <= _EPOCH_MAX:
                continue
            day = dt.datetime.fromtimestamp(seconds, tz=dt.UTC).date()
            for shift in (-1, 0, 1):
                d = day + dt.timedelta(days=shift)
                found.add((d.year, d.month, d.day))
                found.add((None, d.month, d.day))
    return found
