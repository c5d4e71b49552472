"""What excuses a count by the figures a result or the reply states beside it: a total the
result names for the counted noun, the difference or sum of two stated counts, a column's
total, the whole a part is taken from, a count quoted from a failure's message, a figure one
item's fields hold."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..claims.types import CountClaim
from ..claims.words import stem, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation
from ..evidence.table_sums import column_totals
from .base import CheckContext
from .row_readings import names_its_row

# "Tests:  2 failed, 86 passed, 88 total" and "Total Objects: 6": a whole list's size
# under the name of what it counts.
_TOTAL_AFTER_KEY_RE = re.compile(r"^\s*([A-Za-z][A-Za-z ]{0,30}?)\s*:.*?\b(\d+)\s+total\b",
                                 re.IGNORECASE | re.MULTILINE)
_TOTAL_KEY_RE = re.compile(r"^\s*total\s+([A-Za-z][A-Za-z ]{0,30}?)\s*[:=]\s*(\d+)\b",
                           re.IGNORECASE | re.MULTILINE)


def stated_totals(context: CheckContext, claim: CountClaim) -> set[int]:
    """Sizes a result states for the counted noun itself (its head word: "test suites"
    is not "Tests"): a count equal to one of them is consistent."""
    pack = context.pack
    words = claim.noun.split()
    if not words:
        return set()
    head = words[0] if pack is not None and pack.count_rules is not None and \
        pack.count_rules.noun_first else words[-1]
    relation = Relation({stem(head)})
    found: set[int] = set()
    for facts in context.evidence.ok:
        for regex in (_TOTAL_AFTER_KEY_RE, _TOTAL_KEY_RE):
            for match in regex.finditer(facts.result):
                if relation({stem(w) for w in match.group(1).split()}):
                    found.add(int(match.group(2)))
    return found


def net_of_two_counts(context: CheckContext, claim: CountClaim) -> bool:
    """The count, with two other counts of its sentence, makes a sum ("65 tests: 58 unit
    tests plus 7 doctests", "新增 120 行、删除 34 行，净增 86 行"), and two of the three are
    quoted from the results: a number a result holds, or the total of one of its columns
    ("共490个车位，已占用279个，还剩211个" over a table of levels and their spaces)."""
    claims = context.claims
    sentence = claims.sentence_of(claim.clause)
    others = [c.value for c in claims.counts
              if c is not claim and claims.sentence_of(c.clause) == sentence]
    if len(others) < 2:
        return False
    totals = set(context.evidence.derivations.table_totals)

    def quoted(value: int) -> bool:
        return value in context.evidence.ok_integers or value in totals

    # Each pair is found from one of its members and the claim (b = value - a, b = a -
    # value, b = a + value), so a sentence of k counts costs k steps per claim, not k².
    value = claim.value
    seen: dict[int, int] = {}
    for a in others:
        seen[a] = seen.get(a, 0) + 1
    for a in seen:
        for b in (value - a, a - value, a + value):
            if b not in seen or (b == a and seen[a] < 2):
                continue
            if sum(map(quoted, (value, a, b))) >= 2:
                return True
    return False


def part_of_a_whole(context: CheckContext, claim: CountClaim) -> bool:
    """"Hoy hay cinco cargos: cuatro cobrados…": a smaller count after one of the whole
    list in its sentence is a part of that breakdown (after "76 个通过", a sibling count,
    "3 个没过" is still checked); so is each count of a sentence whose counts add up to the
    whole list ("3 are failing, the other 212 pass")."""
    claims = context.claims
    sentence = claims.sentence_of(claim.clause)
    wholes = {c.value for c in claims.counts if c.value > claim.value
              and c.span[1] <= claim.span[0]   # the whole is stated first, then its parts
              and claims.sentence_of(c.clause) == sentence}
    # The whole is the size of a list, not a figure of a named field ("signups": 412 and
    # "refunds": 31 are two counts side by side: 38 refunds is no part of 412 signups).
    if wholes and any(w in f.item_counts and not a_field_value(f, w)
                      for f in context.evidence.ok for w in wholes):
        return True
    # "3 are failing, the other 212 pass": the sentence's counts, the first no larger
    # than the rest (not a whole then its parts), add up to the whole list.
    siblings = [c.value for c in claims.counts if claims.sentence_of(c.clause) == sentence]
    siblings += _quantified_numbers(context, claim)
    return (len(siblings) > 1 and siblings[0] <= max(siblings[1:])
            and any(sum(siblings) in f.item_counts for f in context.evidence.ok))


_NUMBER_AFTER_RE = re.compile(r"\s+(\w+)")


def _quantified_numbers(context: CheckContext, claim: CountClaim) -> list[int]:
    """Numbers right after a subset quantifier in the claim's sentence, with or without a
    noun ("the remaining five", "the other 212")."""
    pack = context.pack
    span = context.claims.sentence_span(claim.clause)
    if pack is None or pack.subset is None or pack.count_rules is None or span is None:
        return []
    words = pack.count_rules.number_words
    counted = [c.span for c in context.claims.counts]
    if not _spaced_numbers(context.text, span, counted, words):
        return []
    found: list[int] = []
    for match in pack.subset.finditer(context.text, span[0], span[1]):
        after = _NUMBER_AFTER_RE.match(context.text, match.end())
        if after is None or any(s <= after.start(1) < e for s, e in counted):
            continue   # a count claim of its own is a sibling already
        token = after.group(1).lower()
        value = int(token) if token.isdigit() else words.get(token)
        if value is not None:
            found.append(value)
    return found


# A word after white space (found at the space's last character: a run of spaces is
# never backtracked into).
_SPACED_WORD_RE = re.compile(r"\s(\w+)")
_SPACES_RE = re.compile(r"\s*")
_WORD_CHARS_RE = re.compile(r"\w")
_WORD_TAIL_RE = re.compile(r"\w*")


def _spaced_numbers(text: str, span: tuple[int, int], counted: list[tuple[int, int]],
                    words: Mapping[str, int]) -> bool:
    """Whether a word that is digits or a number word, and that no count claim holds,
    follows white space that begins in the sentence: what :func:`_quantified_numbers`
    reads after a quantifier, which ends in the sentence. Without one, its scan for
    quantifiers (a long alternation tried at every character) would find nothing.

    The words are read from the sentence and the word after its end, with the word
    characters of each count claim blotted out (a word that begins in a claim is then
    no word); a claim that begins inside a word leaves the answer to the scan."""
    spaces = _SPACES_RE.match(text, span[1])
    limit = spaces.end() if spaces is not None else span[1]
    tail = _WORD_TAIL_RE.match(text, limit)
    end = tail.end() if tail is not None else limit
    pieces: list[str] = []
    at = span[0]
    for start, stop in sorted(counted):
        if stop <= at or start >= end:
            continue
        if start > at and _WORD_CHARS_RE.match(text, start - 1) and \
                _WORD_CHARS_RE.match(text, start):
            return True
        start, stop = max(start, at), min(stop, end)
        pieces += [text[at:start], _WORD_CHARS_RE.sub("\0", text[start:stop])]
        at = stop
    pieces.append(text[at:end])
    lowered = list(map(str.lower, _SPACED_WORD_RE.findall("".join(pieces))))
    return any(map(str.isdigit, lowered)) or not words.keys().isdisjoint(lowered)


def quoted_from_a_failure(context: CheckContext, claim: CountClaim) -> bool:
    """A failed call's own message states the count beside the same noun ("timed out
    after 5s (3 retries)"): the reply quotes what the tool said, it counts no listing."""
    if not context.evidence.failed:
        return False
    relation = Relation(claim.context or claim.keywords)
    return any(value == claim.value and relation(keys)
               for facts in context.evidence.failed
               for value, keys in facts.number_neighbours)


def a_named_column_total(context: CheckContext, claim: CountClaim) -> bool:
    """The counted noun names a number column (a key, a header) and the count is that
    column's total: "4,360 seeds in total" over rows of 3,120, 740 and 500 seeds."""
    words = claim.noun.split()
    if not words:
        return False
    relation = Relation({stem(w) for w in words})
    for rows in context.evidence.derivations.rows:
        for _, name, total in column_totals(rows):
            names = text_keywords(name)
            if total == claim.value and names and all(relation({n}) for n in names):
                return True
    return False


def sum_of_two(value: int, counts: set[int]) -> bool:
    return any(value - a in counts for a in counts if value - a != a)


def a_field_value(facts: EventFacts, wanted: int) -> bool:
    """A JSON object of the result (top level or one down) states ``wanted`` under a key."""
    data = facts.parsed_json
    if not isinstance(data, dict):
        return False
    nested = [v for v in data.values() if isinstance(v, dict)]
    return any(is_number(v, wanted) for obj in [data, *nested] for v in obj.values())


def is_number(value: object, wanted: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == wanted
    return isinstance(value, str) and value.strip() == str(wanted)



def a_range_it_spans(context: CheckContext, claim: CountClaim) -> bool:
    """The count is how many numbers a range its sentence writes spans, both ends in
    ("rings 1403–1411, so 9 rings", "9 rings (1412–1420)"): the reply's arithmetic over
    the numbers it names, which are checked where they stand."""
    span = context.claims.sentence_span(claim.clause)
    if span is None:
        return False
    return any(0 < int(m.group(2)) - int(m.group(1)) < _MAX_RANGE
               and int(m.group(2)) - int(m.group(1)) + 1 == claim.value
               for m in _RANGE_RE.finditer(context.text, *span))


_RANGE_RE = re.compile(r"(?=\d)(?<![\w.,:/-])(\d{1,6})\s?[–—-]\s?(\d{1,6})(?![\w:/-]|[.,]\d)")
_MAX_RANGE = 1000


def a_remainder_of_stated_figures(context: CheckContext, claim: CountClaim,
                                  specific: set[int] | frozenset[int]) -> bool:
    """A count said to remain ("quedan 3 plazas de 12", "3 places left") that is a figure
    the result states for its noun less another figure the result states (12 places, 9
    enrolled): what is left, worked out, not a miscount of the places."""
    remainder = context.pack.remainder if context.pack is not None else None
    if remainder is None or remainder.search(context.sentence_text(claim.clause)) is None:
        return False
    integers = context.evidence.ok_integers
    return any(0 < stated - claim.value in integers for stated in specific)


def a_cell_of_its_named_row(context: CheckContext, claim: CountClaim,
                            items_named: bool = True) -> bool:
    """The count is a figure of the one row its sentence names ("las 10 cajas de velas
    llegaron" over the row "Velas de cera (caja 24),10,10,0"): that row's quantity, read
    off it, not a count of the result's items nor of a noun another line counts. With
    ``items_named`` False, not when the counted noun is a word of a tool's name: that noun
    names the listing's items ("42 open issues" over sentry_list_issues' one issue, whose
    event count is 42), which the count is then of."""
    if not items_named and claim.keywords & {stem(w) for f in context.evidence.ok
                                             for w in f.name_words}:
        return False
    sentence = context.sentence_text(claim.clause).lower()
    nouns = Relation(claim.keywords) if claim.keywords else None
    for table in context.evidence.derivations.rows:
        rows = [row for row in table if row.structured and row.numbers and row.labels]
        named = [row for row in rows if names_its_row(sentence, row, rows)]
        if len(named) != 1 and nouns is not None:
            # A sentence naming several rows ("two drawbands, a segment spring and a set of
            # feed rollers"): the row the counted noun itself names, when only one does.
            named = [row for row in rows
                     if nouns(text_keywords(" ".join(row.labels.values())))]
        if len(named) == 1 and claim.value in named[0].numbers.values():
            return True
    return False



def a_difference_of_its_record(context: CheckContext, claim: CountClaim) -> bool:
    """A count said to be left or free ("quedan 9 entradas", "13 plazas libres", "剩 3 个")
    that is one figure of a result's record less another of the same record (a session's
    250 seats less its 241 sold): what is left, worked out from that record's own cells,
    not a count of the result's items."""
    left_over = context.pack.left_over if context.pack is not None else None
    if left_over is None or left_over.search(context.sentence_text(claim.clause)) is None:
        return False
    value = claim.value
    for table in context.evidence.derivations.rows:
        for row in table:
            if not row.structured or len(row.numbers) < 2:
                continue
            cells = list(row.numbers.values())
            if any(a - b == value for a in cells for b in cells if a > b > 0):
                return True
    return False

