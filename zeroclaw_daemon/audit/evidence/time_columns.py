"""The columns of a table that hold times: an hour of the day ("hour_local", "hora"), a
span of time ("hours", "duracion_min", 工时), and when each row ends (a start and its
minutes)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .tables import MAX_ROWS, Row

# The word for an hour of the day in a column's name, in the languages results are
# written in (a key is often English whatever the reply's language).
_HOUR_WORDS = frozenset({"hour", "hr", "hora", "heure", "stunde", "ora", "hh"})
_NAME_WORD_RE = re.compile(r"[a-z]+")


# Words naming a span of time in a column's name (plural or a unit: an hour of the day is
# "hour", a duration "hours").
_DURATION_WORDS = frozenset({"hours", "hrs", "minutes", "mins", "days", "seconds", "secs",
                             "duration", "elapsed", "horas", "minutos", "dias", "segundos",
                             "duracion", "stunden", "heures", "ore"})
_DURATION_CJK = ("小时", "工时", "时长", "分钟", "天数", "用时", "耗时")


def names_a_duration(name: str) -> bool:
    lowered = name.lower()
    return (any(word in lowered for word in _DURATION_CJK)
            or any(w in _DURATION_WORDS for w in _NAME_WORD_RE.findall(lowered)))


# Words naming a column of minutes a row lasts ("MIN", "duration", "duracion_min", 时长).
_MINUTE_COLUMN_WORDS = frozenset({"min", "mins", "minute", "minutes", "minuto", "minutos",
                                  "duration", "duracion", "duración", "length", "dur"})
# A time of day standing alone in a cell, or a timestamp's time ("2026-12-20T19:30:00").
_CELL_CLOCK_RE = re.compile(r"(?:^|t|\s)([01]?\d|2[0-3]):([0-5]\d)(?::\d\d)?(?![\d])")


_DURATION_NAME_RE = re.compile(r"duration|duraci[oó]n|length|时长", re.IGNORECASE)


def _names_minutes(name: str) -> bool:
    return "时长" in name or "分钟" in name or any(
        w in _MINUTE_COLUMN_WORDS for w in re.findall(r"[a-zá-ú]+", name.lower()))


def row_end_times(rows: Sequence[Row]) -> list[int]:
    """When each row ends, as minutes after midnight: its time of day (a "start" cell,
    "08:30", or a timestamp's time) moved by the minutes its own column of durations
    states ("MIN": 45, "duracion_min": 135). A reply tells a slot's end so ("through to
    about 16:15", "free from 12:05")."""
    found: list[int] = []
    names: dict[str, str] = {}
    for row in rows[:MAX_ROWS]:
        if not row.structured:
            continue
        if not row.numbers:
            names.update((key, label) for key, label in row.labels.items() if key.isdigit())
            continue
        minutes = [(value, names.get(key, key)) for key, value in row.numbers.items()
                   if _names_minutes(names.get(key, key)) and 0 < value <= 720
                   and value == value.to_integral_value()]
        if len(minutes) > 1:
            # Minutes of a break beside the length ("descanso_min", "duracion_min"): the
            # one named a duration is the length.
            minutes = [(v, name) for v, name in minutes if _DURATION_NAME_RE.search(name)]
        if len(minutes) != 1:
            continue   # none, or two that could each be the length
        starts = [match for label in row.labels.values()
                  if (match := _CELL_CLOCK_RE.search(label)) is not None]
        if len(starts) == 1:
            start = int(starts[0].group(1)) * 60 + int(starts[0].group(2))
            found.append((start + int(minutes[0][0])) % 1440)
    return found


def names_an_hour(name: str) -> bool:
    return ("小时" in name or "时段" in name
            or any(w in _HOUR_WORDS for w in _NAME_WORD_RE.findall(name.lower())))
