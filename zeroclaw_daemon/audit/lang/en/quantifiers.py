"""English quantifiers: universal, negative, residual and subset ones, the words of what
remains or is left over, bound words before a number, and nouns of kinds."""

from __future__ import annotations

import re

# Residual determiners: "no other warnings" excepts what the reply already named.
RESIDUAL = re.compile(r"\b(?:others?|another|else)\b", re.IGNORECASE)

# A universal quantifier over items ("every bay", "all the rooms") and the words that
# except some of them ("except", "but", "apart from"), or leave "all" no quantifier ("no
# signal at all"): a sentence holding one is no universal (checks/universal_states.py).
UNIVERSAL = re.compile(r"\b(?:every|all|each)\b", re.IGNORECASE)
EXCEPTION = re.compile(r"\b(?:except|but|apart\s+from|other\s+than|besides|save)\b|"
                       r"\bnot\s+(?:every|all)\b|\bat\s+all\b", re.IGNORECASE)

# What remains denied ("none left", "nothing remaining"): every item is taken.
REMAINDER = re.compile(r"\b(?:left|remaining|remains?)\b", re.IGNORECASE)

# What is left or free of a capacity ("3 places left", "9 seats free", "2 spare").
LEFT_OVER = re.compile(r"\b(?:left|remaining|remains?|free|spare|available|unsold|unbooked)\b",
                       re.IGNORECASE)

# Negative quantifiers, and bound words right before a number (lower-cased text).
# "No," answering a question is no quantifier.
NONE_QUANTIFIER = re.compile(
    r"\b(?:none|no(?!\s*[,.!])|neither|nothing|not\s+(?:a\s+single|one|any))\b")
BOUND_BEFORE = re.compile(r"\b(?:below|under|beneath|above|over|more\s+than|less\s+than|"
                          r"fewer\s+than|greater\s+than|exceed(?:s|ed|ing)?)\s*(?:the\s+)?$")

# A span of time after "last"/"first" ("in the last month", "over the last 30 days") is a
# window the whole answer is about, not "the last N" of a listing.
_SPAN_OF_TIME = (r"(?!\s+(?:(?:\d+|few|couple\s+of|two|three|four|five|six|seven|ten|twelve)\s+)?"
                 r"(?:hours?|days?|nights?|weeks?|fortnight|months?|quarters?|years?)\b)")

# Nouns of kinds: a count of them is of distinct items, never a figure column's sum.
KIND_NOUNS = re.compile(r"(?:kinds?|types?|sorts?|varieties|variety|styles?|categories|category)\b",
                        re.IGNORECASE)

SUBSET = re.compile(
    r"\b(?:of\s+(?:them|those|these|the|which|its)|remaining|rest|last" + _SPAN_OF_TIME
    + r"|first" + _SPAN_OF_TIME + r"|top|latest|oldest|"
    r"newest|only|just|among|including|include|includes|out\s+of|other|others|except|besides)\b"
    # A comparative right before the number picks some items out by a quality ("the older
    # 11 episodes", "the cheaper two"): "the" + an "-er" adjective + the number (or the
    # clause's end, when read in the words before a count). Nouns in "-er" are excepted.
    r"|\bthe\s+(?!(?:number|order|user|server|member|customer|owner|chapter|quarter|letter|"
    r"layer|tier|filter|header|folder|cluster|container|worker)\b)[a-z]{2,}er"
    r"(?=\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\s*$)",
    re.IGNORECASE)
