"""The figures of aviation weather and notice codes, which a reply decodes for its reader.

A METAR or TAF writes its wind as one group, direction, speed and gust run together
("27014G22KT": from 270° at 14 kt gusting 22), its cloud bases in hundreds of feet
("FEW030": 3,000 ft), a TAF its periods as day and hour pairs ("BECMG 1010/1013": from
10:00 to 13:00), and a NOTAM its validity as year, month, day, hour and minute
("B) 2612051400": 14:00). A reply that reads them writes "270° at 14 kt gusting 22",
"few clouds at 3000 ft", "between 10:00 and 13:00Z": each figure is the code's, though
its digits stand in the result only run together with others.
"""

from __future__ import annotations

import re

# Only text that holds a wind group or a NOTAM field is read for any of the groups: a
# "1010/1013" or "BKN012" elsewhere is no code.
_WIND_RE = re.compile(r"(?<![\w/])(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?(KT|MPS|KMH)\b")
_CLOUD_RE = re.compile(r"(?<![\w/])(?:FEW|SCT|BKN|OVC|VV)(\d{3})(?:CB|TCU)?\b")
_PERIOD_RE = re.compile(r"(?<![\w/])(?:0[1-9]|[12]\d|3[01])([01]\d|2[0-4])/"
                        r"(?:0[1-9]|[12]\d|3[01])([01]\d|2[0-4])(?![\w/])")
_NOTAM_TIME_RE = re.compile(r"\b[BC]\)\s*\d{6}([01]\d|2[0-3])([0-5]\d)\b")


def code_figures(text: str) -> tuple[list[str], list[int]]:
    """(the figures the codes in ``text`` write, as numbers in text; the times of day
    they write, in minutes after midnight). Empty when ``text`` holds no such code."""
    figures: list[str] = []
    minutes: list[int] = []
    winds = _WIND_RE.findall(text)
    notams = _NOTAM_TIME_RE.findall(text)
    if not winds and not notams:
        return figures, minutes
    for direction, speed, gust, _unit in winds:
        if direction != "VRB":
            figures.append(str(int(direction)))
        figures.append(str(int(speed)))
        if gust:
            figures.append(str(int(gust)))
    if winds:
        figures.extend(str(int(base) * 100) for base in _CLOUD_RE.findall(text))
        for start, end in _PERIOD_RE.findall(text):
            minutes.extend(int(hour) % 24 * 60 for hour in (start, end))
    minutes.extend(int(hour) * 60 + int(minute) for hour, minute in notams)
    return figures, minutes
