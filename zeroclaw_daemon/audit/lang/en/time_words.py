"""English words of time: days named relative to the turn, parts of the day, present-state
markers, and words scoping a statement to after a moment."""

from __future__ import annotations

import re

# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"\b(?:(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))|"
                       r"(?P<tomorrow>tomorrow)|(?P<yesterday>yesterday|last\s+night))\b",
                       re.IGNORECASE)

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"\b(?:now|currently)\b")

TIME_SCOPE = re.compile(r"\b(?:since|after|from)\b", re.IGNORECASE)

# Parts of the day and their hours (a closed class).
DAYPARTS = {"morning": (5, 12), "afternoon": (12, 18), "evening": (17, 23),
            "tonight": (18, 24)}
