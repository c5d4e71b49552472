"""Simple derivations of the results' numbers that an honest reply may state.

A reply summarises: it adds up a column, takes a difference or a percentage,
turns cents into dollars. Each of these is a value the results ground even
though its digits appear nowhere (an epoch read as a date, UTC as local time
and the other readings of a clock are :mod:`.clock_derive`).
The derivations are bounded (:data:`MAX_OPERANDS` numbers per turn for the
pairwise ones) so a long result stays within the latency budget, and they are
built only when a value is not grounded directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from itertools import combinations

from ..claims.numbers import UNIT_WORDS
from .quotients import record_quotients
from .table_sums import (
    column_values,
    group_counts,
    group_sums,
    is_total_row,
    line_totals,
    series_totals,
    unit_totals,
    zero_columns,
)
from .tables import MAX_ROWS, Row, line_numbers, table_rows
from .time_columns import names_a_duration, names_an_hour, row_end_times

MAX_GIVEN = 8             # figures taken from the user's message
MAX_OPERANDS = 48          # pairwise derivations over at most this many distinct numbers
MAX_BREAKDOWN = 8          # parts of one breakdown whose subsets are summed (247 sums at most)
MAX_ACROSS = 6             # number columns of one table whose totals are added across
MAX_BREAKDOWN_ROWS = 4     # rows read for breakdowns: a table's rows are summed by column
_FLOAT_SCALES = (100.0, 1000.0, 1e6, 1024.0, 1024.0**2, 1024.0**3, 1e9, 60.0, 3600.0)


class Derivations:
    """Values derived from the numbers of the successful results of one turn."""

    def __init__(self, results: Sequence[str], given: Sequence[Decimal] = ()) -> None:
        self.results = results
        # The user's own figures ("my 5,000 € budget", "€2,500 in dollars"): never evidence
        # by themselves, but a result's number applied to one is a derivation of the result.
        # Only amounts (100 or more): a day of the month or a count the user names would
        # make too many sums and differences by chance.
        self.given = [g for g in given if abs(g) >= 100][:MAX_GIVEN]
        self._rows: list[list[Row]] | None = None
        self._values: list[tuple[Decimal, str]] | None = None
        self._sums: list[Decimal] | None = None
        self._totals: list[Decimal] = []
        self._floats: list[tuple[float, str]] | None = None
        self._breakdowns: list[float] | None = None
        self._quotients: list[float] | None = None
        self._line_totals: list[float] | None = None

    @property
    def rows(self) -> list[list[Row]]:
        if self._rows is None:
            self._rows = [table_rows(text) for text in self.results]
        return self._rows

    @property
    def operands(self) -> list[Decimal]:
        return [value for value, _ in self.unit_operands]

    @property
    def unit_operands(self) -> list[tuple[Decimal, str]]:
        """The results' distinct numbers, each with the unit written after it."""
        if self._values is None:
            seen: dict[tuple[Decimal, str], None] = {}
            for text in self.results:
                seen.update(dict.fromkeys(line_numbers(text)))
                if len(seen) >= MAX_OPERANDS:
                    break
            self._values = list(seen)[:MAX_OPERANDS]
        return self._values

    @property
    def column_sums(self) -> list[Decimal]:
        """Sums down each column: running from the top and from the bottom ("the rest add
        up to ..."), with the column's mean and median; per group of rows of one kind (see
        :func:`.table_sums.group_sums`); and across a row's series of columns
        (:func:`.table_sums.series_totals`)."""
        if self._sums is None:
            sums: list[Decimal] = []
            for rows in self.rows:
                # A TOTAL row sums the rows above it: no term of their running sums.
                body = [row for row in rows if not is_total_row(row)]
                totals: list[Decimal] = []
                for values in column_values(body):
                    if len(values) < 2:
                        continue
                    sums.extend(_running(values))
                    sums.extend(_running(values[::-1]))
                    totals.append(sums[-1])
                    sums.append(sums[-1] / min(len(values), MAX_ROWS))   # the column's mean
                    sums.append(_median(values))
                self._totals.extend(totals)
                sums.extend(_across_columns(totals, sum(1 for row in body if row.numbers)))
                sums.extend(group_sums(rows))
                sums.extend(series_totals(rows))   # a row's games or quarters: total, mean
            for text in self.results:                 # "14 min", "22 min": all the minutes
                sums.extend(unit_totals(text))
            self._sums = sums
        return self._sums

    @property
    def record_quotients(self) -> list[float]:
        """One number of a record over another, or over a figure the user gave (see
        :mod:`.quotients`): built once per turn, for the figures a reply says are per
        something."""
        if self._quotients is None:
            self._quotients = record_quotients(self.rows, self.given)
        return self._quotients

    @property
    def group_counts(self) -> dict[str, int]:
        """How many rows of each kind the results hold (see :func:`.table_sums.group_counts`)."""
        return {label: n for rows in self.rows for label, n in group_counts(rows).items()}

    @property
    def table_totals(self) -> list[Decimal]:
        """The sum of each whole column of a table (JSON rows, CSV): what a quantity such
        as "10,053 signups" adds up from. Plain lines' positional columns do not count."""
        return [sum(values, Decimal(0)) for rows in self.rows
                for values in column_values([r for r in rows if r.structured])
                if len(values) > 1]

    @property
    def breakdown_sums(self) -> list[float]:
        """Sums of three or more parts of one breakdown (a JSON object's numbers under one
        key, in one unit, 3 to :data:`MAX_BREAKDOWN` of them): "satisfied or better: 142" of
        a survey's answers. Parts are of one unit: a record's figures in metres, kilograms
        and plain counts ("burden_m", "total_charge_kg", "holes") add up to nothing. Pairs
        are among the pairwise sums already."""
        if self._breakdowns is None:
            found: list[float] = []
            for rows in self.rows:
                for row in rows[:MAX_BREAKDOWN_ROWS]:
                    groups: dict[tuple[str, str], list[float]] = {}
                    for key, value in row.numbers.items():
                        if "." in key:
                            parent, name = key.rsplit(".", 1)
                            groups.setdefault((parent, _key_unit(name)), []).append(float(value))
                    for parts in groups.values():
                        if 3 <= len(parts) <= MAX_BREAKDOWN:
                            found.extend(sum(combo) for size in range(3, len(parts) + 1)
                                         for combo in combinations(parts, size))
            self._breakdowns = found
        return self._breakdowns

    @property
    def numeric_columns(self) -> set[str]:
        """The names of the columns (JSON keys, CSV headers) that hold numbers."""
        return {name for rows in self.rows for row in rows if row.structured
                for name in row.numbers}

    @property
    def end_times(self) -> list[int]:
        """:func:`.time_columns.row_end_times` of every result."""
        return [minute for rows in self.rows for minute in row_end_times(rows)]

    @property
    def hour_cells(self) -> list[int]:
        """The hours of a column named an hour ("hour_local": 02, "hora,mm"), as minutes
        after midnight: a row of hour 02 is the 02:00 hour, and a reply writes it so."""
        found: list[int] = []
        for rows in self.rows:
            names: dict[str, str] = {}
            for row in rows:
                names.update((key, label) for key, label in row.labels.items()
                             if key.isdigit() and not row.numbers)   # a header row
                for key, value in row.numbers.items():
                    name = names.get(key, key)
                    if (0 <= value <= 23 and value == value.to_integral_value()
                            and names_an_hour(name)):
                        found.append(int(value) * 60)
        return found

    @property
    def durations(self) -> list[Decimal]:
        """The numbers of a column or key named for a span of time ("hours": 11.5,
        "minutes", "工时", "horas"): what an amount per hour or per day is divided by."""
        found: list[Decimal] = []
        for rows in self.rows:
            names: dict[str, str] = {}
            for row in rows:
                names.update((key, label) for key, label in row.labels.items()
                             if key.isdigit() and not row.numbers)   # a header row
                for key, value in row.numbers.items():
                    if value > 0 and names_a_duration(names.get(key, key)):
                        found.append(value)
        return found[:MAX_OPERANDS]

    @property
    def zero_columns(self) -> set[str]:
        return {name for rows in self.rows for name in zero_columns(rows)}

    @property
    def floats(self) -> list[tuple[float, str]]:
        """The operands as floats: derivations are compared within a tolerance, and float
        arithmetic is many times faster than Decimal on the thousands of candidates."""
        if self._floats is None:
            self._floats = [(float(v), unit) for v, unit in self.unit_operands]
        return self._floats

    def candidates(self, percent: bool) -> Iterator[float]:
        """Every derived value, cheapest first (see the module docstring)."""
        sums = [float(v) for v in self.column_sums]
        values = [v for v, _ in self.floats]
        yield from sums
        yield from self.breakdown_sums
        for value in values:                       # cents, KB/MB/GB, minutes, hours
            for scale in _FLOAT_SCALES:
                yield value / scale
        for value in sums[:MAX_OPERANDS * 8]:      # a sum in cents read in units
            for scale in _FLOAT_SCALES[:5]:
                yield value / scale
        if percent:                                # shares of a column's total
            for total in map(float, self._totals):
                if total:
                    for value in values + sums[:MAX_OPERANDS * 4]:
                        yield value / total * 100
        yield from self.given_candidates()
        rates = [v for v in values if 0 < v < 1]   # percentage points between two rates
        for i, a in enumerate(rates):
            for b in rates[i + 1:]:
                yield abs(a - b) * 100
        pairs = self.floats                        # two numbers of one unit
        for i, (a, unit) in enumerate(pairs):
            for b, other_unit in pairs[i + 1:]:
                if unit != other_unit:
                    continue
                yield a + b
                yield abs(a - b)
                if percent:
                    for x, y in ((a, b), (b, a)):
                        if y:
                            yield x / y * 100
                            yield abs(x - y) / y * 100

    def changes(self, percent: bool) -> Iterator[float]:
        """The size of a change between two numbers of one unit: their difference, and with
        ``percent`` the difference relative to either, and the points between two rates.
        A signed change ("−8.2%", "-0.04") is one of these with its direction written."""
        rates = [v for v, _ in self.floats if 0 < v < 1]
        for i, a in enumerate(rates):
            for b in rates[i + 1:]:
                yield abs(a - b) * 100
        pairs = self.floats
        for i, (a, unit) in enumerate(pairs):
            for b, other_unit in pairs[i + 1:]:
                if unit != other_unit:
                    continue
                yield abs(a - b)
                if percent:
                    for y in (a, b):
                        if y:
                            yield abs(a - b) / y * 100

    def given_candidates(self) -> Iterator[float]:
        """A result's number applied to a figure the user gave: the sum, the difference,
        the product (€2,500 at a rate of 1.0842), the quotient, and the one as a percentage
        of the other (3,812.40 of a 5,000 budget is 76 %)."""
        for given in map(float, self.given):
            for value, _ in self.floats:
                if value in (0.0, 1.0):
                    continue
                yield given + value
                yield abs(given - value)
                yield given * value
                yield given / value
                yield value / given * 100
                yield abs(given - value) / given * 100

    def converted(self) -> Iterator[float]:
        """Two results' numbers multiplied or divided: an amount at a rate (18,400 ¥ at
        162.9 ¥ per € is 112.95 €); an amount with a rate, a fraction below one, added
        or taken off (97 € with a vat_rate of 0.21 is 117.37 €; 240 with a 0.15 discount
        is 204): a tax, a tip or a surcharge, a discount or a deduction; and a table's
        quantities times its prices, summed (:func:`.table_sums.line_totals`)."""
        values = [v for v, _ in self.floats if v not in (0.0, 1.0)]
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                yield a * b
                if b:
                    yield a / b
                if a:
                    yield b / a
        rates = [v for v in values if 0 < v < 1]
        for amount in values:
            for rate in rates:
                yield amount * (1 + rate)
                yield amount * (1 - rate)
        if self._line_totals is None:   # a quantity times a price, over a table's rows
            self._line_totals = [float(t) for rows in self.rows for t in line_totals(rows)]
        yield from self._line_totals

    def grounds_any(self, targets: Sequence[tuple[Decimal, Decimal]], *, percent: bool,
                    candidates: Iterable[float] | None = None) -> bool:
        """Whether any derived value lies within its tolerance of any target, in one pass."""
        wanted = [(float(value), float(tolerance)) for value, tolerance in targets]
        if not wanted:
            return False
        for candidate in candidates if candidates is not None else self.candidates(percent):
            for value, tolerance in wanted:
                if abs(candidate - value) <= tolerance:
                    return True
        return False

    def grounds(self, value: Decimal, tolerance: Decimal, *, percent: bool) -> bool:
        return self.grounds_any([(value, tolerance)], percent=percent)


def _key_unit(name: str) -> str:
    """The unit a key's last word names ("depth_m": m, "charge_kg": kg, "fee_usd": usd), or
    "" for a key that names none ("holes", "very_satisfied")."""
    last = name.rsplit("_", 1)[-1].lower() if "_" in name else ""
    return last if last in UNIT_WORDS else ""


def _across_columns(totals: Sequence[Decimal], rows: int) -> list[Decimal]:
    """Two column totals of one table added or taken apart (the morning and the evening
    milkings, the quotes less the deposits paid), and all of them added up with their mean
    per row: a table's few columns only (:data:`MAX_ACROSS`)."""
    if not 2 <= len(totals) <= MAX_ACROSS:
        return []
    found = [value for a, b in combinations(totals, 2) for value in (a + b, abs(a - b))]
    grand = sum(totals, Decimal(0))
    found.append(grand)
    if rows:
        found.append(grand / rows)
    return found


def _median(values: Sequence[Decimal]) -> Decimal:
    """The middle value of a column (the mean of the two middle ones for an even count)."""
    ordered = sorted(values[:MAX_ROWS])
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _running(values: Sequence[Decimal]) -> list[Decimal]:
    out: list[Decimal] = []
    running = Decimal(0)
    for value in values[:MAX_ROWS]:
        running += value
        out.append(running)
    return out
