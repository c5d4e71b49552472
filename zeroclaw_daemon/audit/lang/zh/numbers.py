"""Chinese numerals: digits and multipliers (七, 十二, 一百零五), values written in number
words (百分之二十五, 三点五万), and how Chinese groups thousands."""

from __future__ import annotations

import re
from decimal import Decimal

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
          "七": 7, "八": 8, "九": 9}
MULTIPLIERS = {"十": 10, "百": 100, "千": 1000, "万": 10_000}


def parse_chinese_number(text: str) -> int | None:
    """``七`` -> 7, ``十二`` -> 12, ``二十三`` -> 23, ``一百零五`` -> 105; digits as digits."""
    cleaned = text.replace(",", "")
    if cleaned.isdigit():
        return int(cleaned)
    total, section, digit = 0, 0, None
    for char in text:
        if char in DIGITS:
            digit = DIGITS[char]
        elif char in MULTIPLIERS:
            multiplier = MULTIPLIERS[char]
            if multiplier == 10_000:
                total = (total + section + (digit or 0)) * multiplier
                section, digit = 0, None
            else:
                section += (1 if digit is None else digit) * multiplier
                digit = None
        else:
            return None
    return total + section + (digit or 0)


_NUMERAL = "零〇一二两三四五六七八九十百千"
# "百分之二十五(点四)", "三点五万", "一百二十万", "两亿": values written in number words.
WORD_VALUE_RE = re.compile(
    r"百分之(?P<pct>[" + _NUMERAL + r"]+)(?:点(?P<pct_dec>[零〇一二三四五六七八九]+))?"
    r"|(?<![" + _NUMERAL + r"\d])(?P<num>[" + _NUMERAL + r"]{1,6})(?:点(?P<num_dec>"
    r"[零〇一二三四五六七八九]+))?(?P<scale>万|亿)")


def find_word_values(text: str) -> list[tuple[int, int, bool, Decimal]]:
    """Percentages and 万/亿 amounts written in Chinese numerals, with their values (the
    precision is the last digit written: 三点五万 is 35000 to the thousand)."""
    found: list[tuple[int, int, bool, Decimal]] = []
    for match in WORD_VALUE_RE.finditer(text):
        whole = match.group("pct") or match.group("num")
        integer = parse_chinese_number(whole)
        if integer is None:
            continue
        decimals = match.group("pct_dec") or match.group("num_dec") or ""
        digits = "".join(str(DIGITS[c]) for c in decimals)
        value = Decimal(f"{integer}.{digits}") if digits else Decimal(integer)
        if match.group("scale"):
            value = value.scaleb(4 if match.group("scale") == "万" else 8)
        found.append((match.start(), match.end(), bool(match.group("pct")), value))
    return found


# Chinese groups thousands with commas (or 万): a dot between digits is a decimal point.
DECIMAL_DOT = True
