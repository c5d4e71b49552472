"""Chinese personal names: a result's name written with one character of its given name
changed ("刘洋" said as "刘阳")."""

from __future__ import annotations

import re

from ..evidence.facts import EventFacts
from ..report import FindingType
from .base import CheckContext

_HAN_RE = re.compile(r"[\u3400-\u9fff]")


def check_near_names(context: CheckContext) -> None:
    """A name of a result (a family name of the closed class, then one or two characters
    standing alone as a value) that the reply writes with the same family name and one
    given-name character changed, where no result holds what the reply wrote: a changed
    name, like "Priya Ramesh" for "Priya Raman". Anything not that close is no finding."""
    pack = context.pack
    if pack is None or not pack.surnames or not context.evidence.ok:
        return
    names = {(name, facts) for facts in context.evidence.ok
             for name in _result_names(facts, pack.surnames)}
    if not names:
        return
    haystack = context.evidence.haystack
    known = {name for name, _ in names}
    text = context.text
    flagged: set[int] = set()
    for name, facts in sorted(names, key=lambda pair: pair[0]):
        start = text.find(name[0])
        while start != -1:
            said = text[start:start + len(name)]
            if (start not in flagged and len(said) == len(name) and said != name
                    and all(_HAN_RE.match(c) for c in said)
                    and _NUMERALS.isdisjoint(said) and said[1] not in _TITLES
                    and _FUNCTION_CHARS.isdisjoint(said[1:])
                    and sum(a != b for a, b in zip(said[1:], name[1:], strict=True)) == 1
                    and not any(text.startswith(k, start) for k in known)
                    and said not in haystack):
                flagged.add(start)
                context.add(FindingType.UNGROUNDED_VALUE, (start, start + len(said)),
                            facts.event.call_id,
                            f"{said} appears in no tool result this turn (the "
                            f"{facts.event.tool} result names {name})",
                            "value.name_not_in_results")
            start = text.find(name[0], start + 1)


def _result_names(facts: EventFacts, surnames: frozenset[str]) -> set[str]:
    """The result's values under a key naming a person or a person's name ("displayName",
    "assignee", "负责人") that begin with a family name and hold no numeral: the
    family-name characters are common words too ("高危", "周一")."""
    found: set[str] = set()
    result = facts.result
    for match in _HAN_RUN_RE.finditer(result):
        name = match.group(0)
        if name[0] not in surnames or not _NUMERALS.isdisjoint(name) or name in found:
            continue
        key = _KEY_BEFORE_RE.search(result, max(0, match.start() - 48), match.start())
        if key is not None and _PERSON_KEY_RE.search(key.group("key") or key.group("cjk_key")):
            found.add(name)
    return found


# Two or three Han characters standing alone (a value, a cell): the shape of a name.
_HAN_RUN_RE = re.compile(r"(?<![\u3400-\u9fff])[\u3400-\u9fff]{2,3}(?![\u3400-\u9fff])")
# The key right before a value: "displayName": "刘洋", checked_by 刘晓彤, owner=王海,
# 负责人：陈静.
_KEY_BEFORE_RE = re.compile(
    r"(?:(?P<key>[A-Za-z_][\w.-]{0,39})[\"']?[ \t]*[:=]?|(?P<cjk_key>[\u3400-\u9fff]{1,6})"
    r"[ \t]*[:：])[ \t]*[\"']?$")
# Keys that name a person or a role a person holds (a closed class of roles), or the agent
# of an action ("checked_by", "createdBy").
_PERSON_KEY_RE = re.compile(
    r"(?:^|_)by$|[a-z]By$|name|assign|owner|author|report|user|person|contact|member|creat|approv|review|"
    r"sender|recipient|driver|agent|manager|lead|staff|employee|doctor|teacher|"
    r"人|名|者|员|师", re.IGNORECASE)
_NUMERALS = frozenset("〇零一二三四五六七八九十百千万亿两日天")
# The first character of a title or form of address after a family name ("李总", "王工",
# "张老师", "王经理", "陈先生", "陈某"): a person addressed by role, not a given name.
_TITLES = frozenset("总工经先女老姐哥主局处科院董博医某")
# Function words of one character (adverbs, particles, the copula, prepositions): no
# given name is written with them, so a family-name character before one is a word of its
# own ("整周都在": 周 "week", then 都 "all"), not a changed name.
_FUNCTION_CHARS = frozenset("的了是在都也还就又才把被给对从向说着过吗呢吧啊")
