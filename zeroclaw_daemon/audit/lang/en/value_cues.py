"""English words right before a value that make it the user's own (checks/user_values.py):
a limit ("before 17:00"), a determiner ("the 06:30 crew call"), a premise ("for a 07:45
launch")."""

from __future__ import annotations

import re

# Words of a limit right before a value, a time's or a quantity's (lower-cased text, its
# emphasis marks set aside): "before 17:00", "by 5pm", "no later than 06:30", "under £500".
LIMIT_BEFORE = re.compile(
    r"\b(?:before|after|by|until|till|til|within|(?:no\s+)?(?:later|earlier)\s+than|"
    r"below|under|beneath|above|over|(?:more|less|fewer|greater)\s+than|at\s+(?:least|most)|"
    r"up\s+to|max(?:imum)?|minimum)\s*(?:the\s+|my\s+|our\s+|your\s+)?$")

# Determiners and a possessive right before a value that modifies the noun after it ("the
# 06:30 crew call", "a £40 voucher", "Tuesday's 06:30 call").
DETERMINER_BEFORE = re.compile(r"(?:\b(?:a|an|the|this|that|my|our|your|their|his|her)|"
                               r"\w['’]s)\s*$")

# A value that is the reply's premise ("for a 07:45 launch", "with an 08:30 start").
PREMISE_BEFORE = re.compile(r"\b(?:for|with)\s+(?:a|an|the|your|our)\s*$")
