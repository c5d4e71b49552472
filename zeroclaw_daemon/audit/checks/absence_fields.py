"""A field a result writes with no value: "ship: not scheduled" confirms "no ship date".

A result written as ``key: value`` pairs (a status line, ``key=value``, a JSON string)
may state a field's absence by its value: a none word ("none", "n/a", "TBD", "-", 无,
暂无) or a negated state ("not scheduled", "sin programar", 未安排). An absence whose noun
names that field denies what the result itself says is unset, not items the result
holds. Only a field unset wherever the result writes it counts: one order "not
scheduled" beside two with dates confirms no "no ship dates" for all of them.
"""

from __future__ import annotations

import re

from ..claims.words import text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation

# A key (letters and spaces, after a line start, a pipe, a comma, a brace or a quote),
# its separator and its value up to the next separator of pairs.
_PAIR_RE = re.compile(r"(?:^|(?<=[|,;{\n\t]))\s*[\"']?(?P<key>[^\W\d_][^\W\d]*(?: [^\W\d]+){0,2})"
                      r"[\"']?\s*[:=：]\s*[\"']?(?P<value>[^|,;{}\n\t\"']{1,40})")
# Values that leave a field unset, in the languages results come in.
_UNSET_RE = re.compile(r"^(?:none|null|nil|n/?a|tbd|tba|unset|unscheduled|unassigned|-+|—|"
                       r"not\s+[a-z]+|no\s+[a-z]+|sin\s+[a-záéíóúñ]+|ningun[oa]|pendiente\s+de\s+"
                       r"[a-záéíóúñ]+|无|暂无|没有|未[\u4e00-\u9fff]{1,3})$", re.IGNORECASE)
MAX_PAIRS = 200


def unset_fields(facts: EventFacts) -> frozenset[str]:
    """The keys the result writes with an unset value every time it writes them."""
    unset: set[str] = set()
    set_somewhere: set[str] = set()
    for index, match in enumerate(_PAIR_RE.finditer(facts.result)):
        if index >= MAX_PAIRS:
            break
        key = match.group("key").strip().lower()
        if _UNSET_RE.match(match.group("value").strip()):
            unset.add(key)
        else:
            set_somewhere.add(key)
    return frozenset(unset - set_somewhere)


def names_an_unset_field(facts: EventFacts, relation: Relation) -> bool:
    """The absence's noun names a field the result leaves unset ("no ship date" and
    "ship: not scheduled", "没有发货日期" and "发货：未安排")."""
    if ":" not in facts.result and "=" not in facts.result and "：" not in facts.result:
        return False
    return any(relation(text_keywords(key)) for key in unset_fields(facts))
