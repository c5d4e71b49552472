"""Counts read as something else than a number of listed items, or as two parts of it.

A count far above its listing's length is a quantity ("3,900 rolls" over six product
rows), grounded like any value, and one that no figure grounds is no number of the rows
either, unless it misreads a figure; a count and the one its sentence adds right after it
("4 alarms, plus one recovery line") split the listing in two.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims.types import CountClaim, ValueClaim, ValueKind
from ..claims.words import text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation
from .base import CheckContext
from .record_counts import rows_its_sentence_reads
from .row_readings import swapped_digits
from .values import grounded_or_excused

# How many times a listing's length a count must be to be read as a quantity, not as a
# miscount of the listing: an honest miscount of the items misses by a little.
_QUANTITY_FACTOR = 3
_DATE_OR_TIME_RE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}|\d{1,2}/\d{1,2}/\d{2,4}")


def a_grounded_quantity(context: CheckContext, claim: CountClaim, target: EventFacts) -> bool:
    """"3,900 个" over six product rows, "3,000 张" of 6 reams × 500: a count far above
    the listing's length is a quantity the reply reads or works out, not the number of
    items listed; it is then a figure the turn must ground like any value (a result's
    number, the reply's arithmetic, the user's own figure given back). One no result
    grounds is still compared with the listing."""
    longest = max(target.item_counts, default=0)
    if longest <= 0 or claim.value <= _QUANTITY_FACTOR * longest:
        return False
    if another_rows_cell(context, claim):
        return False   # "on the 4th, $1,572.00 and 87 seats": 87 is another day's figure
    # A date or a clock time the call was asked for ("date": "2026-12-12") holds no
    # quantity: its digits are no figure of the turn.
    day = re.compile(rf"(?<!\d)0*{claim.value}(?!\d)")
    if any(day.search(stamp.group(0)) for facts in context.evidence.ok
           for stamp in _DATE_OR_TIME_RE.finditer(facts.arg_text)):
        return False
    value = ValueClaim(span=claim.span, clause=claim.clause, kind=ValueKind.NUMBER,
                       raw=claim.text, numbers=(Decimal(claim.value),))
    return grounded_or_excused(context, value)


def another_rows_cell(context: CheckContext, claim: CountClaim) -> bool:
    """The count's sentence reads a row by another figure of it, and the count is a cell of
    other rows only, none of which its own words name ("the 36 tins of rice pudding" names
    the row of 36)."""
    read = rows_its_sentence_reads(context, claim)
    wanted = Decimal(claim.value)
    if not read or any(wanted in row.numbers.values() for row in read):
        return False
    holding = [row for rows in context.evidence.derivations.rows for row in rows
               if row.structured and wanted in row.numbers.values()]
    return bool(holding) and not any(
        claim.context & text_keywords(" ".join(row.labels.values())) for row in holding)


def a_quantity_far_above_the_listings(context: CheckContext, claim: CountClaim) -> bool:
    """A count of at least :data:`_QUANTITY_MIN`, over twice the longest listing of the
    turn (or over an empty one), where the results hold figures: the reply counts things
    the rows record ("500 bags of salt" on one order line, "53 pieces" over four loans of
    23, 9, 15 and 6), not the rows; a miscount of a listing misses it by a little. Whether
    that quantity is right, the listing cannot say: unclear evidence, no finding. Still
    checked: a near miss of a result's figure or of a column's sum (a misreading or a
    misadding), a cell of another row than the one its sentence reads, a noun a JSON key
    names (the result states figures of that very thing), and a count over rows of names
    alone ("42 files" over alpha.txt, beta.txt, gamma.txt: nothing there but rows)."""
    evidence = context.evidence
    longest = max((size for facts in evidence.ok for size in facts.item_counts), default=0)
    if claim.value < _QUANTITY_MIN or claim.value <= 2 * longest \
            or not any(number >= 2 for number in evidence.ok_integers):
        return False
    sums = {int(total) for total in evidence.derivations.column_sums
            if total == total.to_integral_value()}
    return not _a_near_miss(claim.value, evidence.ok_integers | sums) \
        and not another_rows_cell(context, claim) and not _a_key_names_it(context, claim)


# The smallest count read as a quantity by :func:`a_quantity_far_above_the_listings`:
# below it, a count twice a short listing ("7 alarms" over three lines) is a miscount.
_QUANTITY_MIN = 12


def _a_near_miss(value: int, figures: frozenset[int] | set[int]) -> bool:
    """A figure is the count give or take two, or with two digits swapped ("1268" of
    "pending_review": 1286, "32 件" of "总数": 23, "27 bolts" of stocks 17 and 9)."""
    return any(value + step in figures for step in (-2, -1, 1, 2)) or any(
        int(form) in figures for form in swapped_digits(Decimal(value)))


def _a_key_names_it(context: CheckContext, claim: CountClaim) -> bool:
    """A JSON key of a result names the counted noun ("visits": {...} for "45 visits")."""
    if not claim.keywords:
        return False
    relation = Relation(claim.keywords)
    return any(relation(facts.key_words) for facts in context.evidence.ok)


# A word that adds a second count to a first in one sentence ("4 alarms, plus one
# recovery line", "4 条报警，外加一条恢复记录", "3 avisos más 1 alarma").
_ADDED_RE = re.compile(r"\b(?:plus|as\s+well\s+as|and\s+another|además\s+de|más)\b|"
                       r"外加|另外|加上|另有|还有", re.IGNORECASE)


def listed_with_an_added_count(context: CheckContext, claim: CountClaim) -> bool:
    """The count and another its sentence adds to it right after ("plus one more") make
    together the number of items a result lists: the reply splits the listing in two."""
    match = _ADDED_RE.search(context.text, claim.span[1], claim.span[1] + _ADDED_REACH)
    if match is None:
        return False
    amount = _ADDED_AMOUNT_RE.match(context.text, match.end())
    if amount is None:
        return False
    word = amount.group(1).lower()
    added = int(word) if word.isdigit() else _SMALL_NUMBER_WORDS.get(word)
    if added is None:
        return False
    total = claim.value + added
    return any(total in facts.item_counts for facts in context.evidence.ok)


_ADDED_REACH = 40
_ADDED_AMOUNT_RE = re.compile(r"\s*(\d{1,3}|one|two|three|a|an|un|una|dos|tres|一|两|二|三)")
_SMALL_NUMBER_WORDS = {"one": 1, "a": 1, "an": 1, "un": 1, "una": 1, "一": 1, "two": 2,
                       "dos": 2, "两": 2, "二": 2, "three": 3, "tres": 3, "三": 3}


