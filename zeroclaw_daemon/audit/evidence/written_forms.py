"""Figures the results write in forms the number index does not read as they stand.

Numbers grouped otherwise ("1 250,50", "1'250.50") or scaled ("1.2M", "£1.2m"), and a
weather report's cloud bases ("BKN028": 2,800 ft), restated as the index reads them; spans
of time in two units or as a clock with seconds ("1h 30m", "01:30:00"); and a list's
positions: a numbered list ("12. Maya L.") or a column that numbers the rows 1, 2, 3…,
whose numbers are places, no figures of the items.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ..claims.numbers import number_readings
from .tables import Row


def numbering_columns(rows: Sequence[Row]) -> list[int]:
    """The columns of a table whose cells number its rows 1, 2, 3… in order, each as its
    last number."""
    table = [row for row in rows if row.structured and row.numbers]
    if len(table) < 3:
        return []
    found = []
    for key in table[0].numbers:
        cells = [row.numbers.get(key) for row in table]
        if all(cell == n for n, cell in enumerate(cells, start=1)):
            found.append(len(table))
    return found


# A column named with its scale ("scc_k", "revenue (thousands)", "pop_000s", "收入(万元)"):
# each cell is that many of the unit. Only unambiguous scale words: "_m" is a metre or a
# minute as often as a million.
_SCALED_COLUMN_RE = re.compile(
    r"(?:^|[_\s(\[-])(k|thousands?|000s?|mn|millions?|millones|千|万|百万)(?:元|人|件)?[)\]]?$",
    re.IGNORECASE)
_COLUMN_SCALES = {"k": 3, "thousand": 3, "thousands": 3, "000": 3, "000s": 3, "千": 3,
                  "mn": 6, "million": 6, "millions": 6, "millones": 6, "百万": 6, "万": 4}


def scaled_columns(rows: Sequence[Row]) -> list[str]:
    """The cells of the columns a table names with their scale, restated in units
    ("scc_k" 702 as 702000: a reply's "70.2 万")."""
    found: list[str] = []
    # A text table's columns are keyed by position, named by its header row's cells.
    names = rows[0].labels if rows and not rows[0].numbers else {}
    for row in rows:
        for key, value in row.numbers.items():
            match = _SCALED_COLUMN_RE.search(names.get(key, key).strip())
            if match is not None:
                found.append(format(value.scaleb(_COLUMN_SCALES[match.group(1).lower()]), "f"))
    return found


def other_groupings(text: str) -> list[str]:
    """The results' numbers written in ways the index reads otherwise, restated as it reads
    them, beside their own readings: thousands parted by a plain space before a decimal
    comma ("1 250,50" as 1.250,50; a tool's columns may be parted by one space too, so the
    parts stay), by an apostrophe ("1'250.50", Swiss), and a figure with a scale letter
    ("1.2M" as 1200000, "48k" as 48000)."""
    found: list[str] = []
    if " " in text and "," in text:
        found += [m.group(0).replace(" ", ".") for m in _PLAIN_GROUPED_RE.finditer(text)]
    if "'" in text or "’" in text:
        found += [re.sub(r"['’]", ",", m.group(0)) for m in _APOSTROPHE_GROUPED_RE.finditer(text)]
    for match in _SCALED_RE.finditer(text):
        figure = match.group(1) or match.group(3)
        scale = _SCALES[(match.group(2) or match.group(4)).lower()]
        for reading in number_readings(figure)[:1]:
            found.append(str(reading * scale))
    # A weather report's cloud layer gives its base in hundreds of feet ("BKN028": 2,800 ft).
    found += [str(int(m.group(1)) * 100) for m in _CLOUD_LAYER_RE.finditer(text)]
    return found


_PLAIN_GROUPED_RE = re.compile(r"(?=\d)(?<![\d.,])\d{1,3}(?: \d{3})+,\d{1,2}(?!\d)")
_APOSTROPHE_GROUPED_RE = re.compile(r"(?=\d)(?<![\d.,'’])\d{1,3}(?:['’]\d{3})+(?:\.\d+)?(?![\d'’])")
# "1.2M", "48k", "3B"; a lower-case "m" is a million only after a currency sign ("£1.2m"),
# else it may be metres.
_SCALED_RE = re.compile(r"(?=[\d$€£¥])(?:(?<![\w.,])(\d+(?:\.\d+)?)\s?([kKMB])(?![\w])|"
                        r"(?<=[$€£¥])(\d+(?:\.\d+)?)(m|bn)(?![\w]))")
_SCALES = {"k": 1000, "m": 1_000_000, "b": 1_000_000_000, "bn": 1_000_000_000}
# A METAR or TAF cloud group: cover, then the base in hundreds of feet ("SCT035", "OVC008CB").
_CLOUD_LAYER_RE = re.compile(r"(?<![A-Z])(?:FEW|SCT|BKN|OVC|VV)(\d{3})(?:CB|TCU)?(?![\w/])")


# A span in hours and minutes: "1h 30m", "2 h 05 min", "1 hr 30 mins", "3小时20分".
_TWO_UNIT_SPAN_RE = re.compile(r"(?=\d)(?<![\d.:])(\d{1,3})\s*(?:h|hrs?|hours?|horas?|小时)\s*"
                               r"(\d{1,2})\s*(?:m|mins?|minutes?|minutos?|分钟?)(?![a-z])",
                               re.IGNORECASE)
# A clock with seconds, read as elapsed time too ("01:30:00").
_CLOCK_SPAN_RE = re.compile(r"(?=\d)(?<![\d:])(\d{1,3}):([0-5]\d):([0-5]\d)(?![\d:])")
# A numbered list's position at a line's start: "12. Maya L.", " 3) rotate keys".
LIST_POSITION_RE = re.compile(r"(?m)^[ \t]*(\d{1,3})[.)][ \t]")


def spans_in_seconds(text: str) -> list[Decimal]:
    """The spans of time ``text`` writes in two units or as a clock with seconds ("1h 30m",
    "2 h 05 min", "01:30:00"), in seconds."""
    found = [Decimal(int(m.group(1)) * 3600 + int(m.group(2)) * 60)
             for m in _TWO_UNIT_SPAN_RE.finditer(text)]
    for match in _CLOCK_SPAN_RE.finditer(text):
        hours, minutes, seconds = (int(g) for g in match.groups())
        found.append(Decimal(hours * 3600 + minutes * 60 + seconds))
    return found
