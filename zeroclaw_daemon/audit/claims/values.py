"""Specific values in a reply (dates, times, versions, hashes, temperatures, percentages,
prices, measures, numbers), found with one combined pattern at the places a value can begin.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .numbers import (
    BARE_INT_RE,
    CURRENCY_RE,
    DATE_EN_RE,
    DATE_ES_RE,
    DATE_ISO_RE,
    DATE_ZH_RE,
    DECIMAL_RE,
    GROUPED_RE,
    HASH_RE,
    MEASURE_RE,
    MONTHS_EN,
    PERCENT_RE,
    TEMPERATURE_RE,
    TIME_RE,
    VERSION_RE,
    WORD_BEFORE_REVERSED_RE,
    YEAR_MAX,
    YEAR_MIN,
    digit_runs,
    month_number,
)
from .types import Span, ValueKind


def _prefixed(kind: str, source: str) -> str:
    return re.sub(r"\(\?P<(\w+)>", lambda m: f"(?P<{kind}_{m.group(1)}>", source)


# Two numbers of three digits joined by a dash ("beat them 115-111", "300–450"): a score
# or a range, each end a value of its own (a dash must not hide a number a bare one would
# show). A sentence's full stop may follow.
PAIR_RE = re.compile(r"(?<![\w.,#/:@-])(?P<a>\d{3})\s?[-–]\s?(?P<b>\d{3})"
                     r"(?![\w,:/@-]|[.,]\w|\s?%)")

# Every value kind in one alternation, most specific first: at each position
# the first kind that matches wins (a date before its numbers, a version
# before a decimal, a temperature before a bare number).
_VALUE_KINDS: tuple[tuple[str, str], ...] = (
    ("iso", DATE_ISO_RE.pattern), ("den", "(?i:" + DATE_EN_RE.pattern + ")"),
    ("dzh", DATE_ZH_RE.pattern), ("des", "(?i:" + DATE_ES_RE.pattern + ")"),
    ("time", TIME_RE.pattern), ("ver", VERSION_RE.pattern), ("hash", HASH_RE.pattern),
    ("temp", TEMPERATURE_RE.pattern), ("pct", PERCENT_RE.pattern),
    ("cur", CURRENCY_RE.pattern), ("meas", MEASURE_RE.pattern), ("grp", GROUPED_RE.pattern),
    ("dec", DECIMAL_RE.pattern), ("pair", PAIR_RE.pattern), ("int", BARE_INT_RE.pattern),
)
VALUE_RE = re.compile("|".join(f"(?P<{kind}>{_prefixed(kind, source)})"
                               for kind, source in _VALUE_KINDS))


def find_values(text: str, lowered: str | None = None, runs: Sequence[Span] | None = None
                ) -> list[tuple[int, int, ValueKind, str, dict[str, object]]]:
    """Specific values in ``text``, never overlapping, the most specific kind winning.

    Every value holds a digit, so only the windows around runs of digits are
    scanned, with the one combined :data:`VALUE_RE`. ``runs``: the text's
    :func:`~.numbers.digit_runs`, when known.
    """
    del lowered  # month names are matched case-insensitively inside VALUE_RE
    found: list[tuple[int, int, ValueKind, str, dict[str, object]]] = []
    taken_until = 0
    for start in _value_starts(text, digit_runs(text) if runs is None else runs):
        if start < taken_until:
            continue
        match = VALUE_RE.match(text, start)
        if match is None:
            continue
        if match.lastgroup == "pair":
            for side in ("pair_a", "pair_b"):
                found.append((match.start(side), match.end(side), ValueKind.NUMBER,
                              match.group(side), {"num": match.group(side)}))
            taken_until = match.end()
            continue
        item = _value_from(match)
        if item is not None:
            found.append(_after_a_currency_code(text, item))
            taken_until = match.end()
    return found


# An ISO 4217 code written before an amount ("GHS 7,348.20", "CZK 180", "NGN 2.639.460"):
# the amount is money in that currency, as "7,348.20 GHS" or "$7,348.20" would be. Wider
# than the codes numbers.UNIT_WORDS keeps from being a count's noun on purpose: there a code
# is matched folded, and "pen", "php" or "mad" are words too; here only in capitals.
_CODE_BEFORE_RE = re.compile(r"(?<![A-Za-z])([A-Z]{3})\s?$")
_CURRENCY_CODES = frozenset((
    "USD", "EUR", "GBP", "JPY", "CNY", "RMB", "CHF", "SEK", "NOK", "DKK", "ISK", "MXN", "BRL",
    "ARS", "CLP", "COP", "PEN", "INR", "CAD", "AUD", "NZD", "KRW", "HKD", "SGD", "TWD", "THB",
    "MYR", "IDR", "PHP", "VND", "PLN", "CZK", "HUF", "RON", "BGN", "TRY", "ZAR", "GHS", "NGN",
    "KES", "EGP", "MAD", "AED", "SAR", "ILS", "UAH"))


def _after_a_currency_code(text: str, item: tuple[int, int, ValueKind, str, dict[str, object]]
                           ) -> tuple[int, int, ValueKind, str, dict[str, object]]:
    start, end, kind, raw, extra = item
    if kind is not ValueKind.NUMBER:
        return item
    code = _CODE_BEFORE_RE.search(text, max(0, start - 4), start)
    if code is None or code.group(1) not in _CURRENCY_CODES:
        return item
    return start, end, ValueKind.CURRENCY, raw, {**extra, "unit": code.group(1)}


_PRE_VALUE_CHARS = frozenset("-−vV$€£¥￥ 之USR百分")
# The pre-value characters a value can begin with (``US$5``, ``-3``, ``v2``, ``百分之``):
# the others (a space, ``S``, ``之``...) are only stepped over on the way back.
_VALUE_FIRST_CHARS = frozenset("-−v$€£¥￥UR百")
_HEX_CHARS = frozenset("0123456789abcdef")


def _value_starts(text: str, runs: Sequence[Span]) -> list[int]:
    """Where a value may begin, in order: every value holds a digit, and begins at it,
    at a sign, currency or ``v`` just before it, at the start of its hex token, or at
    the month name before a day."""
    starts: set[int] = set()
    add = starts.add
    for digit, _end in runs:
        add(digit)
        if not digit:
            continue
        before = text[digit - 1]
        if before in _PRE_VALUE_CHARS:
            for pos in range(digit - 1, max(digit - 5, -1), -1):
                char = text[pos]
                if char not in _PRE_VALUE_CHARS:
                    break
                if char in _VALUE_FIRST_CHARS:
                    add(pos)
        if before in _HEX_CHARS:
            pos = digit - 1
            while pos > 0 and text[pos - 1] in _HEX_CHARS:
                pos -= 1
            add(pos)
        if before.isspace():   # a month name ends in whitespace before its day
            word = WORD_BEFORE_REVERSED_RE.match(text[max(0, digit - 14):digit][::-1])
            if word is not None:
                word_start = digit - word.end()
                if text[word_start:word_start + 3].lower() in MONTHS_EN:
                    add(word_start)   # only an English month name starts a value with letters
    return sorted(starts)


def _value_from(match: re.Match[str]) -> tuple[int, int, ValueKind, str, dict[str, object]] | None:
    kind = match.lastgroup or ""
    group = match.group
    start, end, raw = match.start(), match.end(), match.group(0)
    if kind in ("iso", "dzh"):
        month, day = int(group(f"{kind}_m")), int(group(f"{kind}_d"))
        year_text = group(f"{kind}_y")
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return None
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, month, day)})
    if kind == "den":
        mon = group("den_mon") or group("den_mon2")
        day_text = group("den_d") or group("den_d2")
        year_text = group("den_y") or group("den_y2")
        named = month_number(mon) if mon else None
        if named is None or not day_text or not 1 <= int(day_text) <= 31:
            return None
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, named, int(day_text))})
    if kind == "des":
        spanish = month_number(group("des_mon") or group("des_mon2"))
        day = int(group("des_d") or group("des_d2"))
        if spanish is None or not 1 <= day <= 31:
            return None
        year_text = group("des_y") or group("des_y2")
        return (start, end, ValueKind.DATE, raw,
                {"date": (int(year_text) if year_text else None, spanish, day)})
    if kind == "time":
        hour, minute = int(group("time_h")), int(group("time_mi"))
        if hour >= 24 or minute >= 60:
            return None
        seconds = group("time_s")
        return (start, end, ValueKind.TIME, raw,
                {"key": f"{hour}:{minute:02d}" + (f":{seconds}" if seconds else "")})
    if kind == "ver":
        return (start, end, ValueKind.VERSION, raw, {"key": raw.lower().lstrip("v")})
    if kind == "hash":
        return (start, end, ValueKind.HASH, raw, {"key": raw})
    if kind == "temp":
        num = group("temp_num")
        unit = (group("temp_u") or "").upper()
        tail = raw[len(num):]
        if not unit:
            unit = "F" if ("F" in tail or "℉" in tail or "华氏" in tail) else "C"
        return (start, end, ValueKind.TEMPERATURE, raw, {"num": num, "unit": unit})
    if kind == "pct":
        return (start, end, ValueKind.PERCENT, raw,
                {"num": group("pct_num") or group("pct_num2"), "unit": "%"})
    if kind == "cur":
        return (start, end, ValueKind.CURRENCY, raw,
                {"num": group("cur_num") or group("cur_num2")})
    if kind == "meas":
        return (start, end, ValueKind.MEASURE, raw,
                {"num": group("meas_num"), "unit": group("meas_unit")})
    if kind == "int" and len(raw) == 4 and YEAR_MIN <= int(raw) <= YEAR_MAX:
        return None  # a year on its own is not a specific value
    return (start, end, ValueKind.NUMBER, raw, {"num": raw})
