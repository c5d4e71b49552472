"""A count that heads the names of its members: "两位：Amara Osei 和 Priya Nair", "4 berths
fit your boat: P02, P05, P07 and P10", "Two screenings:" over a bulleted line for each.

Such a count is of the members it names (a part of the listing the reply picked out), and
is honest when every name it gives names one distinct item of a result.
"""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from ..claims.words import key_text, text_keywords
from ..evidence.json_values import json_pairs
from ..evidence.relation import Relation
from ..evidence.tables import is_mapping
from .base import CheckContext

# After "<count>:": the enumerated items up to the end of the sentence; each item's name is
# its first words, before a parenthesis or a dash ("H-02（北草地）", "Amara Osei").
_ENUMERATION_END_RE = re.compile(r"[.!?;](?:\s|$)|[。！？；]|\n\s*\n")
_ENUMERATION_SPLIT_RE = re.compile(r"[,、，\n]|\s(?:and|y|e|et|und)\s|和|及|与")
# Names set off by commas right after the count: ", QC03 y QC04," (an apposition).
_APPOSITION_RE = re.compile(r",\s*([^,.;:!?。；！？]+?(?:\s(?:and|y|e|et|und)\s|和|及)"
                            r"[^,.;:!?。；！？]+?)\s*(?:[,，;.。]|$)")
# The colon that closes the count's clause: "4 berths fit your boat:", "两个蜂箱没看到蜂王：".
_CLAUSE_COLON_RE = re.compile(r"[^.!?;:。！？；：\n]{0,60}?[:：]")
_ASIDE_RE = re.compile(r"[（(][^）()（]*[）)]")   # "H-02（北草地，11月28日）": an aside
# The names in parentheses after the count's clause: "4 singles are free (S-02, S-03, S-06,
# S-07)", "三间空着（A2、B1、C4）".
_CLAUSE_ASIDE_RE = re.compile(r"[^.!?;:。！？；：\n()（）]{0,60}?[(（]([^()（）\n]{1,300})[)）]")
_ITEM_NAME_RE = re.compile(r"[\s\-*•·]*([^()（）\[\]:：—–]+)")


def enumerates_its_members(context: CheckContext, claim: CountClaim) -> bool:
    """"两位：Amara Osei 和 Priya Nair", "4 berths fit your boat: P02, P05, P07 and P10":
    a count whose clause ends in a colon (or followed by names set off by commas: "dos
    grúas, QC03 y QC04, con…", or in parentheses: "4 singles are free (S-02, S-03, S-06,
    S-07)") and exactly that many names, each naming items of a result
    no other name names, the count below that result's length (a member may hold several
    items: "four farms" over six days of work at them). The count is of the items it names
    (a part the reply picked out, by a kind or by words the auditor may not read), not of
    the listing.
    A colon may open a bulleted listing instead, one member a line ("两场：\n- 《The Salt
    Road》，A厅，3:30\n- …"): each line names its member first, before its details. On eight
    blind sets, each run at the commit it was first measured on, every count
    followed by that many real names was honest; every injected miscount that listed names
    listed a different number of them."""
    colon = _CLAUSE_COLON_RE.match(context.text, claim.span[1])
    apposition = None if colon is not None else _APPOSITION_RE.match(context.text, claim.span[1])
    aside = None if colon is not None or apposition is not None else \
        _CLAUSE_ASIDE_RE.match(context.text, claim.span[1])
    if colon is None and apposition is None and aside is None:
        return False
    start = colon.end() if colon is not None else claim.span[1] + 1
    rest = _ASIDE_RE.sub("", context.text[start:start + 400])
    if apposition is not None:
        rest = apposition.group(1)
    elif aside is not None:
        rest = aside.group(1)
    names = _bulleted_names(rest) if colon is not None else None
    if names is None:
        end = _ENUMERATION_END_RE.search(rest)
        names = []
        for piece in _ENUMERATION_SPLIT_RE.split(rest[:end.start() if end else None]):
            match = _ITEM_NAME_RE.match(piece)
            name = match.group(1).strip().lower() if match else ""
            if name:
                names.append(name)
    if len(names) != claim.value:
        return False
    for facts in context.evidence.ok:
        kinds = facts.item_kinds
        size = len(facts.units) if kinds is None else kinds.size
        if claim.value >= size or len(facts.units) < size:
            continue
        texts = [unit.lower() for unit in facts.units[-size:]]
        # A member may be several items ("Ruth" wrote twice, "Glenmore Station" has two
        # days): the members' items are then told apart, no item shared by two members.
        named: set[int] = set()
        for name in names:
            holding = {i for i, text in enumerate(texts) if name in text}
            if not holding or holding & named:
                break
            named |= holding
        else:
            return True
    return False


# A bulleted listing right after the colon: one member a line, opened by a dash, a star, a
# bullet or an ordinal ("1.", "2)", "3、"); the member's name is the line's first piece,
# before a comma, a parenthesis, a colon or a dash that gives its details, out of the title
# marks and emphasis it may be written in ("《The Salt Road》", "**P07**").
_BULLET_LINE_RE = re.compile(r"[ \t]*(?:[-*•·]|\d{1,2}[.)、])[ \t]+(.+)")
_LINE_NAME_RE = re.compile(r"([^,，、;；()（）\[\]:：—–]+)")
_TITLE_MARKS_RE = re.compile(r"[《》「」『』“”\"*_`]")


def _bulleted_names(rest: str) -> list[str] | None:
    """The names of a bulleted listing or a table that starts on the line after the colon,
    or after one blank line (None when none does): the listing ends at its first line that
    is no bullet; a table's members are its rows below the header, named by their first
    cell."""
    opening = _LISTING_START_RE.match(rest)
    if opening is None:
        return None   # no line break: the colon opens a run-on enumeration
    lines = rest[opening.end():].split("\n")
    if lines[0].lstrip().startswith("|"):
        return _table_names(lines)
    names: list[str] = []
    for line in lines:
        bullet = _BULLET_LINE_RE.fullmatch(line)
        if bullet is None:
            break
        match = _LINE_NAME_RE.match(_TITLE_MARKS_RE.sub("", bullet.group(1)))
        name = match.group(1).strip().lower() if match else ""
        if not name:
            return None
        names.append(name)
    return names or None


# What opens a listing after the colon: the line break, and at most one blank line.
_LISTING_START_RE = re.compile(r"[ \t]*\n(?:[ \t]*\n)?")
_TABLE_RULE_RE = re.compile(r"\s*\|?[\s:|-]*-[\s:|-]*")


def _table_names(lines: list[str]) -> list[str] | None:
    """The first cells of a markdown table's rows below its header and rule line."""
    if len(lines) < 3 or not _TABLE_RULE_RE.fullmatch(lines[1]):
        return None
    names: list[str] = []
    for line in lines[2:]:
        if not line.lstrip().startswith("|"):
            break
        cell = _TITLE_MARKS_RE.sub("", line.strip().strip("|").split("|", 1)[0]).strip()
        if not cell:
            return None
        names.append(cell.lower())
    return names or None


def members_under_its_key(context: CheckContext, claim: CountClaim) -> bool:
    """A result's JSON key names the counted noun and holds as many members as the count
    ("all four paddles" over "paddles": {"top_e": ..., "top_w": ..., "bottom_e": ...,
    "bottom_w": ...}): a record lists those members under their name, not as rows."""
    if not claim.keywords:
        return False
    relation = Relation(claim.keywords)
    return any((is_mapping(value) or isinstance(value, list)) and len(value) == claim.value
               and relation(text_keywords(key_text(key)))
               for facts in context.evidence.ok if facts.parsed_json is not None
               for key, value in json_pairs(facts.parsed_json))
