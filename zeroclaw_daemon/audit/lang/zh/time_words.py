"""Chinese words of time: days named relative to the turn, parts of the day, present-state
markers, and words scoping a statement to after a moment."""

from __future__ import annotations

import re

# Days named relative to the turn: an absence scoped to them (checks/absence_days.py).
DAY_SCOPE = re.compile(r"(?P<today>今天|今晚|今早|今日|今儿)|(?P<tomorrow>明天|明晚|明早|明日)|"
                       r"(?P<yesterday>昨天|昨晚|昨日)")

# Present-state markers (matched on lower-cased text): a value said to hold now.
PRESENT_STATE = re.compile(r"现在|目前|已经|已")

TIME_SCOPE = re.compile(r"之后|以后|以来|起")

# Parts of the day and their hours (a closed class).
DAYPARTS = {"上午": (5, 12), "早上": (5, 10), "中午": (11, 13), "下午": (12, 18),
            "晚上": (18, 24), "傍晚": (17, 19)}
