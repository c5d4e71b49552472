"""Items counted in a state of nothing: "two slots are empty" over rows whose figure is 0.

A count followed in its clause by an absence with no noun of its own ("Two slots are
empty", "3 bins are out", "dos bandejas están vacías") counts the items in that state,
which a result tells by a figure of 0 in their row ("qty": 0). The count is then the
number of such rows, not of all the items, and the absence is the state of those items,
not a denial that the result holds anything. Read from the result's rows and the order
of the reply's claims only, so it holds in every language. A state in other words ("Two
rooms are free all day" over rooms whose "bookings" are []) is a state the result does
not name: a count below the listing equal to the items leaving one field empty is then
unclear evidence, so no finding.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..claims.types import AbsenceClaim, CountClaim
from ..claims.words import LATIN_WORD_RE, fold, stem
from ..evidence.facts import EventFacts
from ..evidence.json_values import first_list
from ..evidence.relation import Relation
from .base import CheckContext


def counted_in_a_zero_state(context: CheckContext, claim: CountClaim) -> bool:
    """An absence without a noun follows the count in its clause, and as many rows of a
    result hold a 0 in one column."""
    claims = context.claims
    if not any(a.clause == claim.clause and not a.subject and a.span[0] >= claim.span[1]
               for a in claims.absences):
        return False
    return any(claim.value in zero_row_counts(facts) for facts in context.evidence.ok)


def state_of_counted_items(context: CheckContext, claim: AbsenceClaim) -> bool:
    """The absence has no noun, a count stands before it in its clause, and as many rows
    of a result hold a 0 in one column."""
    if claim.subject:
        return False
    counts = {c.value for c in context.claims.counts
              if c.clause == claim.clause and c.span[1] <= claim.span[0]}
    opening = _opening_number(context, claim)
    if opening is not None:
        counts.add(opening)   # "Two of the four tanks are empty": the part is the subject
    return bool(counts) and any(counts & zero_row_counts(facts)
                                for facts in context.evidence.ok)


def said_of_counted_items(context: CheckContext, claim: AbsenceClaim) -> bool:
    """A Chinese count stands right before the negation, a classifier and at most a short
    noun after its number ("另外 4 通没接到", "有 4 通电话没接到"): the negation is the state
    of the items counted, not an absence."""
    clauses = context.claims.clauses
    if claim.subject or context.pack is None or not context.pack.cjk or not clauses:
        return False
    before = context.text[clauses[claim.clause].start:claim.span[0]]
    return _COUNTED_BEFORE_RE.search(before) is not None


# A number, a classifier, up to three characters of noun, at the end of the text before
# the negation; not "一个都没" (not even one: an absence).
_COUNTED_BEFORE_RE = re.compile(r"(?:\d+|[一二两三四五六七八九十几]+)\s*"
                                r"[个通单位条张件台辆次份本间家只头匹把支根块箱包]"
                                r"(?:(?![都也])[\u4e00-\u9fff]){0,3}\s*$")


def _opening_number(context: CheckContext, claim: AbsenceClaim) -> int | None:
    """The number, in digits or a number word, that opens the absence's clause."""
    clauses = context.claims.clauses
    rules = context.pack.count_rules if context.pack is not None else None
    if not clauses or claim.clause >= len(clauses):
        return None
    lead = _LEAD_RE.match(context.text, clauses[claim.clause].start, claim.span[0])
    if lead is None:
        return None
    word = lead.group(1).lower()
    if word.isdigit():
        return int(word)
    return rules.number_words.get(word) if rules is not None else None


_LEAD_RE = re.compile(r"\s*(\d+|[^\W\d_]+)")


def zero_row_counts(facts: EventFacts) -> set[int]:
    """For each number column of the result's rows, how many rows hold a 0 there."""
    counted: dict[str, int] = {}
    for row in facts.rows:
        if not row.structured:
            continue
        for column, value in row.numbers.items():
            if value == 0:
                counted[column] = counted.get(column, 0) + 1
    return set(counted.values())


def counted_in_an_unread_empty_state(context: CheckContext, claim: CountClaim) -> bool:
    """A count below a listing of records, whose predicate no item's words hold, equals
    the number of items that leave one field empty (an empty list, 0, null, "")."""
    pack = context.pack
    end = context.text.find("\n", claim.span[1], claim.span[1] + _PREDICATE_CHARS)
    piece = context.text[claim.span[1]:end if end >= 0 else claim.span[1] + _PREDICATE_CHARS]
    piece = _CLAUSE_END_RE.split(piece, maxsplit=1)[0]
    stopwords = pack.stopwords if pack is not None else frozenset()
    said = {stem(w) for w in LATIN_WORD_RE.findall(piece) if fold(w) not in stopwords}
    if not said:
        return False
    # A word of the predicate is held when an item's word begins as it does ("booked" and
    # "bookings"): the result then names the state, and the kinds' rules read it.
    prefixes = tuple({w[:4] for w in said if len(w) >= 4})
    relation = Relation(said)
    for facts in context.evidence.ok:
        data = facts.parsed_json
        items = first_list(data, depth=0) if isinstance(data, Mapping) else data
        if not isinstance(items, list) or not 0 < claim.value < len(items) or \
                not all(isinstance(item, Mapping) for item in items):
            continue
        if any(relation(keys) or (prefixes and any(k.startswith(prefixes) for k in keys))
               for keys in facts.item_keys):
            continue
        empty: dict[str, int] = {}
        for item in items[:_MAX_ITEMS]:
            for key, value in item.items():
                if not isinstance(value, bool) and value in ([], {}, None, "", 0):
                    empty[key] = empty.get(key, 0) + 1
        if claim.value in empty.values():
            return True
    return False


_PREDICATE_CHARS = 40
_MAX_ITEMS = 400
_CLAUSE_END_RE = re.compile(r"[.;:,!?()。；：，！？（）]|\s(?:and|but|or|y|pero|o)\s")
