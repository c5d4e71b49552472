"""Spanish words of time: days named relative to the turn, parts of the day, present-state
markers, and words scoping a statement to after a moment."""

from __future__ import annotations

import re

# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"\b(?:(?P<today>hoy|esta\s+(?:mañana|tarde|noche))|"
                       r"(?P<tomorrow>mañana(?!\s+(?:por|a\s+las))|pasado\s+mañana)|"
                       r"(?P<yesterday>ayer|anoche))\b", re.IGNORECASE)

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"\b(?:ahora|ya|actualmente)\b")

TIME_SCOPE = re.compile(r"\b(?:desde|después\s+de|a\s+partir\s+de|tras)\b", re.IGNORECASE)

# Parts of the day and their hours (a closed class).
DAYPARTS = {"por la mañana": (5, 12), "por la tarde": (12, 20), "por la noche": (19, 24),
            "esta tarde": (12, 20), "esta noche": (19, 24)}
