"""A done form used as a heading over a result's items: a listing of a state, no act."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .action_calls import CallProfile

# After a participle used as a heading: a colon, then the listed items up to the end of
# the sentence, a dash or a blank line; items part at commas, "and", bullets, new lines.
_HEADING_COLON_RE = re.compile(r"[ \t]*[:：][ \t]*")
_LISTING_END_RE = re.compile(r"\n\s*\n|[.!?](?:\s|$)|[。！？]|[ \t][—–-][ \t]")
_LISTED_ITEM_SPLIT_RE = re.compile(r"[,;、，；\n]|\s(?:and|y|e|und|et)\s|和|及")
_ITEM_MARK_RE = re.compile(r"^[\s\-*•·]+")


def heads_a_listing(text: str, span: tuple[int, int], ok: Sequence[CallProfile]) -> bool:
    """"Booked: A04, A07, B02, C11": a done form used as a heading, a colon after it and a
    list of items that a successful call's result holds, one and all, each named (a word
    or an identifier, not a figure: "Applied: 3 added, 1 changed" reports an act's
    outcome). It names the state the listed items are in, as the result shows them; it
    claims no act of the reply's."""
    colon = _HEADING_COLON_RE.match(text, span[1])
    if colon is None or not ok:
        return False
    rest = text[colon.end():colon.end() + 400]
    end = _LISTING_END_RE.search(rest)
    items = [_ITEM_MARK_RE.sub("", piece).strip()
             for piece in _LISTED_ITEM_SPLIT_RE.split(rest[:end.start() if end else None])]
    names = [item.split()[0] for item in items if item]
    return bool(names) and all(
        any(c.isalpha() for c in name) and any(
            re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", p.facts.result) for p in ok)
        for name in names)


# A count right after the verb (its aspect marker between): "已经发出 750 件", "处理了 12 单".
_COUNT_AFTER_VERB_RE = re.compile(r"[ \t]*(?:了|完|好)?[ \t]*(\d{1,3}(?:,\d{3})+|\d+)[ \t]*"
                                  r"(?=[^\W\d_])")


_FIRST_PERSON_RE = re.compile(r"我|咱")


def counts_a_result_figure(text: str, span: tuple[int, int], figures: frozenset[int],
                           clause_start: int) -> bool:
    """"已经发出 750 件" beside a result's "shipped": 750: a done form quantified by a count a
    successful result states tells how many the result records in that state, as a
    participle heading a listing does; it claims no act of the reply's. Said by 我 in its
    clause ("我已经发出 750 件") it is the reply's act all the same."""
    if _FIRST_PERSON_RE.search(text, clause_start, span[0]):
        return False
    match = _COUNT_AFTER_VERB_RE.match(text, span[1])
    return match is not None and int(match.group(1).replace(",", "")) in figures
