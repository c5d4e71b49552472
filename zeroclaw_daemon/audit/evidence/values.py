"""Whether a stated value is grounded: found in the evidence under any reading, rounding
or unit conversion (``72°F``/``72 °F``, ``1,234``/``1234``, 2 KB / 2048, 22 °C / 72 °F)."""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import number_readings
from .abbreviations import written_short_in
from .clock_derive import (
    delayed_time_grounded,
    duration_grounded,
    elapsed_grounded,
    named_by_an_identifier,
    time_grounded,
)
from .index import Evidence
from .number_index import NumberIndex, approx_tolerance, rounding_unit
from .tables import Row


def value_grounded(claim: ValueClaim, evidence: Evidence) -> bool:
    kind = claim.kind
    lower = evidence.haystack_lower
    if kind is ValueKind.NAME and claim.unit == "full_name":
        return full_name_grounded(claim.raw, evidence.haystack)
    if kind is ValueKind.NAME:
        return claim.key in lower or _written_family_first(claim.raw, evidence.haystack)
    if kind in (ValueKind.VERSION, ValueKind.HASH):
        return claim.key in lower
    if kind is ValueKind.TIME:
        padded = claim.key.zfill(len(claim.key) + (1 if claim.key.index(":") == 1 else 0))
        return (claim.key in lower or padded in lower
                or time_grounded(claim.key, evidence.clock_minutes, evidence.zoned)
                or delayed_time_grounded(claim.key, evidence.clock_minutes,
                                         evidence.minute_amounts,
                                         slack=5 if claim.approx else 0)
                or elapsed_grounded(claim.key, (f.result for f in evidence.ok))
                or named_by_an_identifier(claim.key, evidence.haystack))
    if kind is ValueKind.DATE:
        if claim.date is None:
            return claim.raw.lower() in lower
        year, month, day = claim.date
        return (year, month, day) in evidence.dates or (year is None and
                                                         (None, month, day) in evidence.dates)
    compact = "".join(claim.raw.lower().split())   # as SPACES_RE.sub("", ...), faster
    if compact and compact in evidence.haystack_compact:
        return True
    numbers = evidence.numbers
    readings = claim.numbers or _suffixed_readings(claim.raw)
    for reading in readings:
        if numbers.grounds(reading, approx=claim.approx):
            return True
        if kind is ValueKind.PERCENT and numbers.grounds(reading / 100, approx=claim.approx):
            return True
        if kind is ValueKind.TEMPERATURE and _converted_temperature(reading, claim.unit, numbers):
            return True
        if kind is ValueKind.MEASURE and converted_measure(reading, claim.unit, numbers,
                                                            approx=claim.approx):
            return True
        if kind is ValueKind.MEASURE and _converted_speed(reading, claim.unit, lower,
                                                          approx=claim.approx,
                                                          evidence=evidence):
            return True
    other = evidence.other_numbers
    if any(other.grounds(reading, approx=claim.approx) for reading in readings):
        return True   # "1 250,50", "1'250.50", "1.2M" in a result
    return _derived(claim, readings, evidence)


def _derived(claim: ValueClaim, readings: tuple[Decimal, ...], evidence: Evidence) -> bool:
    """A sum, difference, percentage or unit scaling of the results' numbers, within the
    precision the reply wrote (half its last digit; 3 % when it says "about")."""
    seconds = _SECONDS.get(claim.unit.lower()) if claim.kind is ValueKind.MEASURE else None
    derivations = evidence.derivations
    targets: list[tuple[Decimal, Decimal]] = []
    for reading in readings:
        if seconds:
            slack = approx_tolerance(reading) * Decimal(seconds[0]) if claim.approx else \
                Decimal(60)
            said = reading * Decimal(seconds[0])
            if duration_grounded(said, evidence.clock_minutes, slack) or any(
                    abs(span - said) <= max(slack, Decimal(30)) for span in evidence.spans_written):
                return True
        exponent = reading.as_tuple().exponent
        tolerance = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0) / 2
        if claim.approx:
            tolerance = max(tolerance, approx_tolerance(reading))
        targets.append((reading, tolerance))
        # "+125 ms" from 0.412 s and 0.287 s: the derivation in the results' unit.
        targets.extend((reading * ratio, tolerance * ratio) for ratio in _unit_ratios(claim))
    if derivations.grounds_any(targets, percent=claim.kind is ValueKind.PERCENT):
        return True
    if _SIGNED_RE.match(claim.raw) and claim.kind is not ValueKind.TEMPERATURE:
        # A signed change ("−8.2%", "-0.04", "−2 h"): the sign is its direction, and its
        # size the change between two of the results' numbers; never a number itself.
        sizes = [(-value, tolerance) for value, tolerance in targets if value < 0]
        if sizes and derivations.grounds_any(
                sizes, percent=False,
                candidates=derivations.changes(claim.kind is ValueKind.PERCENT)):
            return True
    if claim.kind is ValueKind.CURRENCY:
        # Money at a rate: to the unit the amount is written to, never the wider tolerance
        # of "about" (products of any two numbers come close too easily).
        exact = [(r, rounding_unit(r) / 2) for r in readings]
        return derivations.grounds_any(exact, percent=False,
                                       candidates=derivations.converted())
    return False


# A minus sign (ASCII or U+2212) written right before a figure's digits.
_SIGNED_RE = re.compile(r"\s*[-−]\s?\d")


def seconds_in(unit: str) -> Decimal | None:
    """The seconds in one ``unit`` of time ("h": 3600, "分钟": 60), None for any other unit."""
    factors = _SECONDS.get(unit.lower())
    return Decimal(factors[0]) if factors is not None else None


def span_of_time_grounded(seconds: Decimal, evidence: Evidence) -> bool:
    """A span of time written to the minute ("7 h 40 min" is 27600 s): the gap between two
    of the results' times of day, or a result's number or derivation in a unit of time."""
    if duration_grounded(seconds, evidence.clock_minutes):
        return True
    half_minute = Decimal(30)
    targets = [(seconds / Decimal(unit), half_minute / Decimal(unit))
               for unit in (1, 60, 3600)]
    return evidence.derivations.grounds_any(targets, percent=False)


def _unit_ratios(claim: ValueClaim) -> list[Decimal]:
    """For a measure, the factors to the other units of its dimension (ms: 1/1000 to s)."""
    if claim.kind is not ValueKind.MEASURE:
        return []
    unit = claim.unit.lower()
    for table in (_SECONDS, _BYTES):
        if table is _BYTES and _tonnes(claim.unit):
            continue
        factors = table.get(unit)
        if factors is not None:
            others = {Decimal(f) for fs in table.values() for f in fs}
            return [Decimal(factors[0]) / other for other in others
                    if other != Decimal(factors[0])]
    return []


_SUFFIX_RE = re.compile(r"(\d+(?:[.,]\d+)?)\s*([kKmMbB])\b")
_SUFFIX_SCALE = {"k": 1000, "m": 10**6, "b": 10**9}


def _suffixed_readings(raw: str) -> tuple[Decimal, ...]:
    """``$48.2k`` is 48200 written to the hundred: read with the precision it shows."""
    match = _SUFFIX_RE.search(raw)
    if match is None:
        return ()
    scale = _SUFFIX_SCALE[match.group(2).lower()]
    return tuple(r * scale for r in number_readings(match.group(1)))


# Unit -> (dimension, factors to the base unit). Binary and decimal prefixes both count.
_BYTES: dict[str, tuple[Decimal | int, ...]] = {
    "b": (1,), "byte": (1,), "bytes": (1,), "字节": (1,), "k": (1024, 1000), "kb": (1000, 1024),
    "kib": (1024,), "m": (1024**2, 10**6), "mb": (10**6, 1024**2), "mib": (1024**2,),
    "g": (1024**3, 10**9), "gb": (10**9, 1024**3), "gib": (1024**3,),
    "t": (1024**4, 10**12), "tb": (10**12, 1024**4), "tib": (1024**4,),
}


def _tonnes(unit: str) -> bool:
    """A lower-case "t" after a number is the tonne ("78 t"); the byte multiples' single
    letters are written upper case ("2 T", "512 G")."""
    return unit == "t"


_MILLI = (Decimal("0.001"),)
_SECONDS: dict[str, tuple[Decimal | int, ...]] = {
    "ms": _MILLI, "msec": _MILLI, "millisecond": _MILLI, "milliseconds": _MILLI, "毫秒": _MILLI,
    "s": (1,), "sec": (1,), "secs": (1,), "second": (1,), "seconds": (1,), "秒": (1,),
    "秒钟": (1,), "segundo": (1,), "segundos": (1,), "min": (60,), "mins": (60,),
    "minute": (60,), "minutes": (60,), "分钟": (60,), "minuto": (60,), "minutos": (60,),
    "h": (3600,), "hr": (3600,), "hrs": (3600,), "hour": (3600,), "hours": (3600,),
    "小时": (3600,), "hora": (3600,), "horas": (3600,), "day": (86400,), "days": (86400,),
    "天": (86400,), "día": (86400,), "días": (86400,),
}
# A speed converts only from a number the result labels with its unit ("wind_kph": 31,
# "12 mph", "gust_ms": 12.5, "8 m/s"): a bare number could be either, and km/h and mph are
# too close to guess. Factors to km/h. A key's "_ms" suffix is metres per second only in
# this table: a reply's speed in mph is never a millisecond figure converted.
_KNOT = Decimal("1.852")
_METRE_PER_SECOND = Decimal("3.6")
_SPEED_UNITS = {"km/h": Decimal(1), "kph": Decimal(1), "kmh": Decimal(1),
                "mph": Decimal("1.609344"), "knots": _KNOT, "knot": _KNOT, "kts": _KNOT,
                "kt": _KNOT, "kn": _KNOT, "nudos": _KNOT, "nudo": _KNOT,
                "m/s": _METRE_PER_SECOND, "mps": _METRE_PER_SECOND,
                # the same speeds in Chinese
                "公里/小时": Decimal(1), "公里每小时": Decimal(1), "公里/时": Decimal(1),
                "千米/小时": Decimal(1), "千米每小时": Decimal(1), "千米/时": Decimal(1),
                "英里/小时": Decimal("1.609344"), "英里每小时": Decimal("1.609344"),
                "英里/时": Decimal("1.609344"), "米/秒": _METRE_PER_SECOND,
                "米每秒": _METRE_PER_SECOND}
_LABELLED_SPEED_RE = re.compile(
    r"(?P<u1>km/h|kph|kmh|mph|knots|kts|kt|kn|m/s|mps|(?<=_)ms)[\"'_a-z]*\s*[:=]?\s*"
    r"(?P<n1>\d+(?:\.\d+)?)"
    r"|(?P<n2>\d+(?:\.\d+)?)\s?(?P<u2>km/h|kph|kmh|mph|knots|kts|kt|kn|m/s|mps)\b")


def is_speed_unit(unit: str) -> bool:
    return unit.lower() in _SPEED_UNITS


def _converted_speed(value: Decimal, unit: str, lower_haystack: str, *, approx: bool,
                     evidence: Evidence) -> bool:
    factor = _SPEED_UNITS.get(unit.lower())
    if factor is None:
        return False
    tolerance = approx_tolerance(value) if approx else rounding_unit(value) / 2
    for match in _LABELLED_SPEED_RE.finditer(lower_haystack):
        label = match.group("u1") or match.group("u2")
        other = _METRE_PER_SECOND if label == "ms" else _SPEED_UNITS[label]
        number = Decimal(match.group("n1") or match.group("n2"))
        if other != factor and abs(number * other / factor - value) <= tolerance:
            return True
    # Read only for a speed nothing above grounds (rare): no index is kept.
    return any(other != factor and abs(number * other / factor - value) <= tolerance
               for facts in evidence.ok
               for number, other in column_speeds(facts.rows, facts.header))


# The words of a column or key path that name a speed's unit ("max_ms", "wind_ms.gust_max",
# "speed kph"): the numbers under it are speeds in that unit.
_COLUMN_SPEED_UNITS = {"ms": _METRE_PER_SECOND, "mps": _METRE_PER_SECOND, "kmh": Decimal(1),
                       "kph": Decimal(1), "mph": Decimal("1.609344"), "kt": _KNOT,
                       "kts": _KNOT, "knots": _KNOT}
_NAME_PART_RE = re.compile(r"[._\s/-]+")


def column_speeds(rows: list[Row], header: dict[str, str]) -> list[tuple[Decimal, Decimal]]:
    """(number, factor to km/h) of every cell of ``rows`` under a column or key path whose
    name holds a speed unit as a word of its own."""
    found: list[tuple[Decimal, Decimal]] = []
    for row in rows:
        for column, number in row.numbers.items():
            name = header.get(column, column).lower()
            for part in _NAME_PART_RE.split(name):
                factor = _COLUMN_SPEED_UNITS.get(part)
                if factor is not None:
                    found.append((number, factor))
                    break
    return found


_DISTANCE: dict[str, tuple[Decimal | int, ...]] = {
    "m": (1,), "metros": (1,), "米": (1,), "km": (1000,), "kilómetros": (1000,),
    "公里": (1000,), "千米": (1000,), "cm": (Decimal("0.01"),), "mm": (Decimal("0.001"),),
    # Imperial lengths: a reply converts for a reader who thinks in them.
    "in": (Decimal("0.0254"),), "inch": (Decimal("0.0254"),), "inches": (Decimal("0.0254"),),
    "ft": (Decimal("0.3048"),), "feet": (Decimal("0.3048"),),
    "mi": (Decimal("1609.344"),), "mile": (Decimal("1609.344"),),
    "miles": (Decimal("1609.344"),),
    # The same lengths by their names in Spanish and Chinese, and the metric ones in words.
    "metro": (1,), "metre": (1,), "metres": (1,), "meter": (1,), "meters": (1,),
    "kilómetro": (1000,), "kilometre": (1000,), "kilometres": (1000,), "kilometer": (1000,),
    "kilometers": (1000,), "centímetro": (Decimal("0.01"),), "centímetros": (Decimal("0.01"),),
    "厘米": (Decimal("0.01"),), "milímetro": (Decimal("0.001"),),
    "milímetros": (Decimal("0.001"),), "毫米": (Decimal("0.001"),),
    "pulgada": (Decimal("0.0254"),), "pulgadas": (Decimal("0.0254"),),
    "英寸": (Decimal("0.0254"),), "英尺": (Decimal("0.3048"),),
    "milla": (Decimal("1609.344"),), "millas": (Decimal("1609.344"),),
    "英里": (Decimal("1609.344"),),
    # The foot and the yard by name: Spanish "pie(s)", "yarda(s)"; Chinese 呎 and 吋 (the
    # foot and inch of Hong Kong and Taiwan). "pies" is also English for a dish, so no
    # pattern reads it as a unit: only a number's next word is looked up here (checks.values).
    "foot": (Decimal("0.3048"),), "pie": (Decimal("0.3048"),), "pies": (Decimal("0.3048"),),
    "呎": (Decimal("0.3048"),), "吋": (Decimal("0.0254"),),
    "yard": (Decimal("0.9144"),), "yards": (Decimal("0.9144"),), "yd": (Decimal("0.9144"),),
    "yarda": (Decimal("0.9144"),), "yardas": (Decimal("0.9144"),),
}
_MASS: dict[str, tuple[Decimal | int, ...]] = {
    "kg": (1,), "公斤": (1,), "千克": (1,), "g": (Decimal("0.001"),),
    "lb": (Decimal("0.45359237"),), "lbs": (Decimal("0.45359237"),),
    "oz": (Decimal("0.028349523125"),),
    "kilo": (1,), "kilos": (1,), "kilogramo": (1,), "kilogramos": (1,), "kilogram": (1,),
    "kilograms": (1,), "gramo": (Decimal("0.001"),), "gramos": (Decimal("0.001"),),
    "gram": (Decimal("0.001"),), "grams": (Decimal("0.001"),), "克": (Decimal("0.001"),),
    "libra": (Decimal("0.45359237"),), "libras": (Decimal("0.45359237"),),
    "pound": (Decimal("0.45359237"),), "pounds": (Decimal("0.45359237"),),
    "磅": (Decimal("0.45359237"),), "onza": (Decimal("0.028349523125"),),
    "onzas": (Decimal("0.028349523125"),), "ounce": (Decimal("0.028349523125"),),
    "ounces": (Decimal("0.028349523125"),), "盎司": (Decimal("0.028349523125"),),
    "t": (1000,), "tonelada": (1000,), "toneladas": (1000,), "tonne": (1000,),
    "tonnes": (1000,), "吨": (1000,), "公吨": (1000,),
}
# Pressures to pascals and volumes to litres: SI and the units replies convert to.
_PRESSURE: dict[str, tuple[Decimal | int, ...]] = {
    "pa": (1,), "hpa": (100,), "mbar": (100,), "kpa": (1000,), "mpa": (10**6,),
    "bar": (10**5,), "psi": (Decimal("6894.757"),), "mmhg": (Decimal("133.322"),),
    "inhg": (Decimal("3386.389"),), "atm": (101325,),
}
_VOLUME: dict[str, tuple[Decimal | int, ...]] = {
    "l": (1,), "litre": (1,), "litres": (1,), "liter": (1,), "liters": (1,), "litro": (1,),
    "litros": (1,), "升": (1,), "公升": (1,), "ml": (Decimal("0.001"),),
    "毫升": (Decimal("0.001"),), "m3": (1000,), "m³": (1000,), "立方米": (1000,),
    "gal": (Decimal("3.785411784"),), "gallon": (Decimal("3.785411784"),),
    "gallons": (Decimal("3.785411784"),), "galón": (Decimal("3.785411784"),),
    "galones": (Decimal("3.785411784"),), "加仑": (Decimal("3.785411784"),),
}
_HECTARE = (10_000,)
_AREA: dict[str, tuple[Decimal | int, ...]] = {
    "m2": (1,), "m²": (1,), "平方米": (1,), "km2": (10**6,), "km²": (10**6,),
    "平方公里": (10**6,), "ha": _HECTARE, "hectárea": _HECTARE, "hectáreas": _HECTARE,
    "hectarea": _HECTARE, "hectareas": _HECTARE, "hectare": _HECTARE, "hectares": _HECTARE,
    "公顷": _HECTARE, "acre": (Decimal("4046.8564224"),), "acres": (Decimal("4046.8564224"),),
    "亩": (Decimal(10_000) / 15,),
}
_DIMENSIONS = (_BYTES, _SECONDS, _DISTANCE, _MASS, _PRESSURE, _VOLUME, _AREA)
_UNIT_KEYS = frozenset(k for table in _DIMENSIONS for k in table)


def converted_measure(value: Decimal, unit: str, numbers: NumberIndex, *,
                       approx: bool = False) -> bool:
    """2 KB is grounded by a result's 2048 (bytes); 1 day by 86400 (seconds); 19 mph by
    31 km/h; "about 850 ms" by 0.847 s..."""
    key = unit.lower() if unit.lower() in _UNIT_KEYS else unit
    for table in _DIMENSIONS:
        factors = table.get(key)
        if factors is None or (table is _BYTES and _tonnes(unit)):
            continue
        exponent = value.as_tuple().exponent
        half = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0) / 2
        if approx:
            half = max(half, approx_tolerance(value))
        every = {Decimal(f) for fs in table.values() for f in fs}
        for factor in factors:
            low, high = (value - half) * Decimal(factor), (value + half) * Decimal(factor)
            for other in every:   # the result's number may be in any unit of the dimension
                ratio = Decimal(factor) / other
                if table is _BYTES and ratio != 1 and Decimal("0.5") < ratio < 2:
                    continue  # GB read as GiB is a different value, not a conversion
                if numbers.any_between(low / other, high / other):
                    return True
    return False


def in_base_unit(value: Decimal, unit: str) -> tuple[int, Decimal] | None:
    """``value`` in its dimension's base unit (bytes, seconds, metres, kilograms, pascals,
    litres), with which dimension it is (an index), or None for a unit of none."""
    key = unit.lower() if unit.lower() in _UNIT_KEYS else unit
    for index, table in enumerate(_DIMENSIONS):
        factors = table.get(key)
        if factors is not None:
            return index, value * Decimal(factors[0])
    return None


def _converted_temperature(value: Decimal, unit: str, numbers: NumberIndex) -> bool:
    """72 °F is grounded by a result's 22 °C (and the reverse), to the nearest degree."""
    other = (value - 32) * 5 / 9 if unit == "F" else value * 9 / 5 + 32
    return any(abs(c - other) <= Decimal("0.6") for c in numbers.near(other))


def _written_family_first(name: str, haystack: str) -> bool:
    """A name "Pablo Ruiz" that a list writes family name first ("Ruiz Ortega, Pablo")."""
    first, _, last = name.partition(" ")
    if not last or " " in last:
        return False
    return re.search(r"\b" + re.escape(last) + r"(?: [^\W\d_][\w'’-]{1,20}){0,2}, "
                     + re.escape(first) + r"\b", haystack) is not None


def full_name_grounded(name: str, haystack: str) -> bool:
    """A first and last name is wrong only when a result names the same first name with
    another last name ("Priya Ramesh" against "Priya Raman"), and no name of the results
    begun by it holds the last name further on (a name written shorter, "Vajra Albe" of
    "Vajra Barolo Albe"); any other pair (a team, a place, a product) is not a person's
    name the results can check."""
    first, _, last = name.partition(" ")
    if _written_family_first(name, haystack):
        return True
    # The capitalised words that follow the first name: a name written shorter leaves out
    # some ("Vajra Albe" of "G.D. Vajra Barolo Albe"), so its last word is any of them.
    runs = re.findall(r"\b" + re.escape(first) + r"((?: [A-Z][\w.'’-]{1,20}){1,4})", haystack)
    # A word the result writes short is the same word ("School Dist." of "School District").
    return not runs or any(last in re.findall(r"[^\W\d_]+", run) or written_short_in(last, run)
                           for run in runs)
