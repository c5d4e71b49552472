"""Whether a result itself confirms an absence the reply states.

"No incidents" is confirmed, not contradicted, by a result that says the same: a zero
beside a key or word of that name ("incidents: []", "found 0 vulnerabilities"), a table
column or a row whose figures are all zero, a CSV column some row leaves empty, an unset
field, or the reply's own negation written in the result ("[no test files]").
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, key_text, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.json_values import empty_value, json_pairs
from ..evidence.relation import Relation
from ..evidence.table_sums import zero_columns
from .absence_fields import names_an_unset_field
from .row_readings import names_its_row

# "no <noun>" / "0 <noun>" / "zero <noun>" in a result, or Spanish "sin <noun>" /
# "ninguna <noun>" / "no hay <noun>": the result states the absence itself.
_RESULT_NONE_RE = re.compile(r"\b(?:no\s+hay|no|zero|0|sin|ningún|ninguna|ningunos|ningunas)\s+"
                             r"((?:[^\W\d_][\w-]*\s+){0,1}[^\W\d_][\w-]*)", re.IGNORECASE)


# Chinese negations of a verb, any of which writes the same "not done": 没有检出 and 未检出
# say one thing, as do 没有发现 and 无发现.
_CJK_NEGATION_RE = re.compile(r"^(?:都|也|均|并|还)?(?:没有|没|未|无|不)")
_CJK_PREDICATE_MIN = 2


def _negation_restated(said: str, result: str) -> bool:
    """A Chinese absence whose verb the result writes, every time, under a negation of its
    own ("都没有检出" of a result "未检出"): the reply restates the result's value in its own
    negation, whatever the items listed."""
    match = _CJK_NEGATION_RE.match(said.strip())
    if match is None:
        return False
    predicate = said.strip()[match.end():]
    if len(predicate) < _CJK_PREDICATE_MIN or not all("\u4e00" <= c <= "\u9fff"
                                                      for c in predicate):
        return False
    # Every time the result writes the verb, negated: one item "检出" among "未检出" ones
    # is what the absence denies.
    found = False
    at = result.find(predicate)
    while at >= 0:
        if not any(result.endswith(negation, 0, at) for negation in _CJK_NEGATIONS):
            return False
        found = True
        at = result.find(predicate, at + len(predicate))
    return found


_CJK_NEGATIONS = ("未", "没有", "没", "无", "不")


def zero_columns_of(facts: EventFacts) -> set[str]:
    return zero_columns(facts.rows)


def result_confirms(facts: EventFacts, claim: AbsenceClaim, sentence: str) -> bool:
    """The result itself says the thing is absent: it states a zero beside a key or word
    of that name ("incidents: []", "found 0 vulnerabilities", "Failures: 0", "to destroy:
    0"), or holds the reply's own negation ("[no test files]", "does not exist")."""
    said = " ".join(claim.text.lower().split())
    if len(said) >= 6 and said in " ".join(facts.result.lower().split()):
        return True
    if _negation_restated(claim.text, facts.result):
        return True
    if not claim.subject:
        # "二等座没了": the subject stands before the negation, in the clause; only a key
        # the result sets to none or zero is read against it.
        clause = Relation(claim.container)
        # "no record of it" over "records": []: the word the absence negates, whatever
        # its number (a generic word such as "record" is no subject keyword).
        negated = {_singular(w) for w in LATIN_WORD_RE.findall(claim.text)}
        if any(clause(text_keywords(key)) or (len(key) >= 2 and key in sentence)
               or {_singular(w) for w in LATIN_WORD_RE.findall(key)} & negated
               for key in facts.empty_keys):
            return True
        return any(label in sentence for label in zero_rows(facts)) or any(
            name in sentence for name in empty_csv_columns(facts.result))
    relation = Relation(claim.subject)
    # A zero the result states for the noun confirms it, unless the result also states
    # more than zero of it ("0 exceedances" on most days, "1 exceedance" on one).
    stated = {value for value, keys in facts.number_neighbours if relation(keys)}
    counted = bool(stated) and max(stated) > 0
    if 0 in stated and not counted:
        return True
    if any(relation(text_keywords(name)) for name in zero_columns_of(facts)):
        return True   # a table column of that name holds a zero ("Open reqs": 0)
    for said_none in _RESULT_NONE_RE.finditer(facts.result if not counted else ""):
        if relation(text_keywords(said_none.group(1))):
            return True   # the result says "No user with id ...", "[no test files]"
    if (any(relation(text_keywords(key)) for key in facts.empty_keys)
            and not (_set_under_its_name(facts, relation)
                     and not _names_a_row(facts, sentence))) \
            or names_an_unset_field(facts, relation):
        return True   # "ship: not scheduled" under "no ship date is scheduled"
    if any(relation(text_keywords(label)) or label in sentence
           for label in zero_rows(facts, relation)):
        return True
    return any(name in claim.text for name in empty_csv_columns(facts.result))


def _set_under_its_name(facts: EventFacts, relation: Relation) -> bool:
    """The items of a list hold a key of the subject's name, empty in some and set in
    others ("alertas": [{...}] of one unit, [] of the rest): then its empty ones confirm
    no absence, as a zero beside a count of one does not. (An empty key outside such a
    list, "final": {"team_a": null}, is a part of the result of its own.)"""
    lists = [v for _, v in json_pairs(facts.parsed_json) if isinstance(v, list)]
    if isinstance(facts.parsed_json, list):
        lists.append(facts.parsed_json)
    for items in lists:
        seen: dict[str, set[bool]] = {}
        for item in items[:50]:
            if not isinstance(item, dict):
                continue
            for key, value in item.items():
                if isinstance(value, bool) or not relation(text_keywords(key_text(str(key)))):
                    continue
                seen.setdefault(str(key), set()).add(empty_value(value))
        if any(len(states) == 2 for states in seen.values()):
            return True
    return False


def _names_a_row(facts: EventFacts, sentence: str) -> bool:
    """The sentence names one row of the result by a word of its own ("with no HMS errors"
    of the one task it names, "PB-06 has no alerts"): an absence about that row, whose own
    empty key may confirm it. (Naming several, "PB-01 a PB-04 y PB-06", it speaks of them
    all.)"""
    low = sentence.lower()
    rows = facts.rows
    return sum(1 for row in rows if names_its_row(low, row, rows)) == 1



def zero_rows(facts: EventFacts, relation: Relation | None = None) -> list[str]:
    """The names of a result's rows whose every figure is zero ({"item": "late fee",
    "amount": "0.00"}): a row that says its thing is nil, so "no late fee" is confirmed.
    With ``relation`` (the absence's subject), a zero keyed by another measure says nothing
    of it: {"market": "Rastro", "incidents": 0} confirms no incident there, not "no fine
    in the Rastro"."""
    labels: list[str] = []

    def says_the_subject(figure_keys: list[str]) -> bool:
        return relation is None or any(relation(text_keywords(key))
                                       or key.lower() in _MEASURE_KEYS for key in figure_keys)

    def visit(node: object, depth: int) -> None:
        if depth > 4:
            return
        if isinstance(node, list):
            for item in node[:50]:
                visit(item, depth + 1)
        elif isinstance(node, dict):
            names = [v for v in node.values() if isinstance(v, str) and not _FIGURE_RE.match(v)]
            keyed = [(str(k), v) for k, v in node.items() if (isinstance(v, (int, float))
                     and not isinstance(v, bool))
                     or (isinstance(v, str) and _FIGURE_RE.match(v))]
            figures = [v for _, v in keyed]
            if names and figures and all(float(str(f).replace(",", "")) == 0 for f in figures) \
                    and says_the_subject([k for k, _ in keyed]):
                labels.extend(n.strip() for n in names if len(n.strip()) >= 2)
            for value in node.values():
                if isinstance(value, (list, dict)):
                    visit(value, depth + 1)

    visit(facts.parsed_json, 0)
    return labels


_FIGURE_RE = re.compile(r"^\s*-?\d[\d,]*(?:\.\d+)?\s*$")
# Keys of a figure that measure whatever the row names ("amount": 0 of a "late fee").
_MEASURE_KEYS = frozenset({"amount", "count", "total", "qty", "quantity", "value", "n",
                           "number", "sum", "importe", "cantidad", "valor", "monto",
                           "数量", "金额", "总数", "合计"})


def _singular(word: str) -> str:
    """"entries" and "entry", "records" and "record": one noun in either number."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def empty_csv_columns(result: str) -> set[str]:
    """The names of a CSV's columns (two characters or more) that some row leaves empty
    (an unset clock-out time): a field with nothing in it confirms "no <field>"."""
    lines = [line for line in result.strip().splitlines() if line.strip()][:MAX_CSV_LINES]
    if len(lines) < 2 or "," not in lines[0] or any(c.isdigit() for c in lines[0]):
        return set()
    names = [name.strip() for name in lines[0].split(",")]
    found: set[str] = set()
    for line in lines[1:]:
        cells = line.split(",")
        if len(cells) != len(names):
            continue
        found.update(name for name, cell in zip(names, cells, strict=True)
                     if not cell.strip() and len(name) >= 2)
    return found


MAX_CSV_LINES = 200
