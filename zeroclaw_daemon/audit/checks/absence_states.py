"""Absence words that say no absence of results: a listed item's state, a zero cell restated.

"FV4 is empty" is an adjective of state about one item the result lists (a tank, a bin, a
slot), as "FV4 is active" would be; it denies nothing the result holds, however many rows
it has. "0 moves" beside a crane whose ``moves`` cell is 0 restates that cell. Both read
the result's structure and the reply's grammar only, so they hold in every language.
"""

from __future__ import annotations

import re

from ..claims.types import AbsenceClaim
from ..claims.words import stem, text_keywords
from ..evidence.facts import EventFacts
from ..evidence.relation import Relation
from ..evidence.table_sums import zero_columns
from ..evidence.tables import Row
from .base import CheckContext

# The subject right before a state word: one identifier (letters with digits, "FV4",
# "T-3", "B2-07"), then at most a noun of two Han characters written after it ("T3罐").
_ITEM_BEFORE_RE = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*|"
                             r"\d+[A-Za-z][A-Za-z0-9_-]*)\s*[\u4e00-\u9fff]{0,2}\s*$")
# A noun and the number that names one member of its kind ("Tray 3", "bay 12", "la
# bandeja 2"): the subject is that member, as an identifier would be.
_NUMBERED_BEFORE_RE = re.compile(r"(?<![\w-])([^\W\d_]{3,})\s+(\d{1,4}[A-Za-z]?)\s*$")
# An apposition after the subject describes it, set off by parentheses, dashes or commas
# ("Tray 3 (A3 100gsm) is empty", "Tray 3 — A3 — is empty", "Tray 3, the A3 one, is
# empty"): the state is still the subject's. A parenthesis may instead name the member
# ("the A3 tray (tray 3) is empty").
_APPOSITION_TAIL_RE = re.compile(
    r"(?:\((?P<paren>[^()\n]{0,60})\)|(?:\s-|[—–])\s*[^—–\n]{1,60}?\s*(?:-\s|[—–])"
    r"|,\s*[^,\n]{1,40},)\s*$")
# A result that came back empty is said with a verb of returning, never of state: "the
# query for FV4 came back empty" is about the call's result, whatever it names.
_RETURNED_RE = re.compile(r"^(?:came|comes|come)\b", re.IGNORECASE)
_LEAD_RE = re.compile(r"\s*(\d+|[^\W\d_]+)")


def state_of_a_listed_item(context: CheckContext, claim: AbsenceClaim,
                           pool: list[EventFacts]) -> bool:
    """The absence has no noun of its own ("is empty", "está vacío", "是空的") and its
    subject is an identifier a result lists as an item: the item's state, not a denial
    that the result holds anything."""
    if claim.subject or _RETURNED_RE.match(claim.text):
        return False
    span = context.claims.sentence_span(claim.clause)
    start = span[0] if span is not None else 0
    text = context.text
    apposed = _APPOSITION_TAIL_RE.search(text, start, claim.span[0])
    if apposed is None:
        return _names_a_listed_item(text, start, claim.span[0], pool)
    paren = apposed.span("paren")
    # The parenthesis names the member only when it holds nothing else ("(tray 3)", not
    # "(after PJ-2288)").
    return _names_a_listed_item(text, start, apposed.start(), pool) or (
        paren[0] >= 0 and _names_a_listed_item(text, paren[0], paren[1], pool, whole=True))


def _names_a_listed_item(text: str, start: int, end: int, pool: list[EventFacts],
                         whole: bool = False) -> bool:
    """text[start:end] ends with an identifier or a numbered member a result lists (with
    ``whole``, is nothing but that)."""
    first = len(text[start:end]) - len(text[start:end].lstrip())
    before = _ITEM_BEFORE_RE.search(text, start, end)
    if before is None or (whole and before.start() != start + first):
        numbered = _NUMBERED_BEFORE_RE.search(text, start, end)
        if numbered is None or (whole and numbered.start() != start + first):
            tail = _NUMBER_BEFORE_RE.search(text, start, end)
            if tail is None:
                letter = _LETTER_BEFORE_RE.search(text, start, end)
                # "E is empty" of a table whose rows open with their letter ("E  empty -").
                return letter is not None and not whole and any(
                    re.search(r"(?m)^\s*" + letter.group(1) + r"(?:\s|,|\|)", facts.result)
                    for facts in pool)
            return not whole and any(
                ends_a_listed_identifier(facts.result, tail.group(1)) for facts in pool)
        return any(lists_numbered_member(facts, numbered.group(1), numbered.group(2))
                   for facts in pool)
    item = re.compile(r"(?<![\w-])" + re.escape(before.group(1)) + r"(?![\w-])")
    return any(item.search(facts.result) for facts in pool)


# A number standing for a member whose noun is left out ("la 0.4 está vacía" of AULA-0.4),
# maybe with a noun of two Han characters after it ("0.4 教室").
# A member named by one capital letter ("D is draining, E is empty"), after a list's comma
# or a sentence's start.
_LETTER_BEFORE_RE = re.compile(r"(?:^|[,;:.]\s|\band\s)\s*([A-Z])\s*$")
_NUMBER_BEFORE_RE = re.compile(r"(?<![\w.,-])(\d+(?:\.\d+)*)\s*[\u4e00-\u9fff]{0,2}\s*$")


def ends_a_listed_identifier(result: str, number: str) -> bool:
    """The result lists an identifier ending with the number after a dash or an
    underscore ("AULA-0.4", "bay_12"): the member named by its number alone."""
    return re.search(r"[A-Za-z]\w*[-_]" + re.escape(number) + r"(?![\w.])", result) is not None


def lists_numbered_member(facts: EventFacts, noun: str, number: str) -> bool:
    """The result lists a member of the noun's kind under that number, among others: a
    key of an object named by the noun ("trays": {"3": ...}), or the noun's field or
    column in a row ({"tray": 3}, "tray,paper" then "3,A3"). The top level of a result
    is the call's own subject ({"queue": 2, "jobs": [...]}), never one member of it."""
    relation = Relation({stem(noun)})
    wanted = number.lower()

    def visit(node: object, depth: int, in_list: bool) -> bool:
        if depth > 4:
            return False
        if isinstance(node, list):
            return any(visit(item, depth + 1, True) for item in node[:MAX_MEMBERS])
        if not isinstance(node, dict):
            return False
        for key, value in list(node.items())[:MAX_MEMBERS]:
            if not relation(text_keywords(str(key))):
                continue
            if isinstance(value, dict) and wanted in {str(k).lower() for k in value}:
                return True
            if in_list and not isinstance(value, (dict, list, bool)) and \
                    str(value).lower() == wanted:
                return True
        children = list(node.values())[:MAX_MEMBERS]
        return any(visit(child, depth + 1, in_list) for child in children
                   if isinstance(child, (dict, list)))

    data = facts.parsed_json
    if data is not None:
        return visit(data, 0, False)
    rows = facts.rows
    if len(rows) < 2 or not rows[0].structured or rows[0].numbers:
        return False
    columns = [index for index, label in rows[0].labels.items()
               if relation(text_keywords(label))]
    return any(row.labels.get(index) == wanted or str(row.numbers.get(index, "")) == wanted
               for row in rows[1:] for index in columns)


MAX_MEMBERS = 200


# A name right before a state word: capitalised words (with the lower-case particles of
# place names between them: "Tirso de Molina"), or a run of Han characters ("北仓").
_NAME_BEFORE_RE = re.compile(
    r"(?<![\w-])((?:[A-ZÁÉÍÓÚÑ][\w\u00C0-\u024F'-]*)(?:\s+(?:(?:de|del|la|las|los|of|the)\s+)?"
    r"[A-ZÁÉÍÓÚÑ][\w\u00C0-\u024F'-]*){0,3})\s*$|([\u4e00-\u9fff]{2,8})\s*$")
_MIN_ROWS = 2


def state_of_a_named_row(context: CheckContext, claim: AbsenceClaim,
                         pool: list[EventFacts]) -> bool:
    """"Callao está vacía", "北仓是空的": the absence has no noun of its own, its subject
    is a name that labels exactly one row of a result of several rows, and that row holds
    a 0: the state of that listed item, which its own cell bears out, not a denial that
    the result holds anything. A row without a 0 (or a name no row bears) is checked as
    before."""
    if claim.subject or _RETURNED_RE.match(claim.text):
        return False
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    start = clause.start if clause is not None else 0
    before = _NAME_BEFORE_RE.search(context.text, start, claim.span[0])
    if before is None:
        return False
    if before.group(1):
        name = before.group(1).lower()
        names = [re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)")]
    else:
        run = before.group(2)
        # The name is the run's end: "目前北仓" names 北仓, so every tail of two or more.
        names = [re.compile(r"^" + re.escape(run[i:]) + r"$") for i in range(len(run) - 1)]
    for facts in pool:
        rows = facts.rows
        if len(rows) < _MIN_ROWS:
            continue
        for pattern in names:
            holding = [row for row in rows
                       if any(pattern.search(label) for label in row.labels.values())]
            if len(holding) == 1:
                return any(value == 0 for value in holding[0].numbers.values())
    return False


# What a cell holds when its item has nothing there: blank, a dash, null, none, n/a.
_EMPTY_CELLS = frozenset(("", "-", "—", "–", "--", "null", "none", "n/a", "na", "ninguno",
                          "ninguna", "无", "暂无", "空"))


def lacks_a_listed_field(context: CheckContext, claim: AbsenceClaim,
                         pool: list[EventFacts]) -> bool:
    """"La SVA-12 no tiene enfermero asignado": the absence names a noun and its subject is
    an item one row lists (an identifier or a name right before it), whose cell in the
    column the noun names is empty: a property of that item the row bears out, not a
    denial that the result holds items. Any other cell is checked as before."""
    if not claim.subject:
        return False
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    start = clause.start if clause is not None else 0
    text = context.text
    before = _ITEM_BEFORE_RE.search(text, start, claim.span[0]) or \
        _NAME_BEFORE_RE.search(text, start, claim.span[0])
    relation = Relation(claim.subject)
    if before is None:
        items = _coordinated_items_before(text, start, claim.span[0])
        return bool(items) and all(_lacks_the_field(item, relation, pool) for item in items)
    item = (before.group(1) or before.group(before.lastindex or 1) or "").lower()
    return _lacks_the_field(item, relation, pool)


# Identifiers the absence is said of, coordinated ("L1 and L4", "P-01, P-03 y P-07", "L1、L4")
# and maybe emphasised, then a verb of having, a word of "both/all" or a colon heading the
# absence: "**L1 and L4** have no faults on record", "L1, L4: no faults".
_IDENT = r"\*{0,2}(?:[A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*|\d+[A-Za-z][A-Za-z0-9_-]*)\*{0,2}"
_COORDINATED_BEFORE_RE = re.compile(
    r"(?<![\w.-])(?P<items>" + _IDENT + r"(?:\s*(?:,|、|，)\s*(?:and\s+|y\s+|e\s+)?" + _IDENT
    + r"|\s+(?:and|y|e|&)\s+" + _IDENT + r"|\s*(?:和|与|及)\s*" + _IDENT + r")*)"
    r"\s*(?:\b(?:have|has|had|both|all|each|tienen|tenían|ambas|ambos|todas|todos)\b|都|也|均|:)?"
    r"\s*$")
_ITEM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def _coordinated_items_before(text: str, start: int, end: int) -> list[str]:
    match = _COORDINATED_BEFORE_RE.search(text, start, end)
    if match is None:
        return []
    return [m.group(0).lower() for m in _ITEM_RE.finditer(match.group("items"))
            if any(c.isdigit() for c in m.group(0))]


def _lacks_the_field(item: str, relation: Relation, pool: list[EventFacts]) -> bool:
    """One row lists ``item`` and its cell in the column the noun names is empty."""
    for facts in pool:
        rows = facts.rows
        if len(rows) < _MIN_ROWS:
            continue
        data = facts.parsed_json
        header = rows[0].labels if data is None and not rows[0].numbers else None
        body = rows[1:] if header is not None else rows
        holding = [row for row in body if item in row.labels.values()]
        if len(holding) != 1:
            continue
        row = holding[0]
        named = [key for key, label in (header or {}).items()
                 if relation(text_keywords(label))] if header is not None else list({
                     key for other in body for key in (*other.labels, *other.numbers)
                     if relation(text_keywords(key))})
        if named and all((key not in row.numbers and row.labels.get(key, "") in _EMPTY_CELLS)
                         or row.numbers.get(key) == 0 for key in named):
            return True
    return False


def quotes_a_zero_cell(context: CheckContext, claim: AbsenceClaim,
                       pool: list[EventFacts]) -> bool:
    """A count of zero written as a figure or a number word ("0 moves", "cero
    devoluciones") whose noun names a result column holding a 0: the reply restates that
    cell. A table's columns are named by its header row (CSV, TSV, aligned text) or its
    keys (JSON)."""
    rules = context.pack.count_rules if context.pack is not None else None
    lead = _LEAD_RE.match(claim.text)
    first = lead.group(1).lower() if lead is not None else ""
    if not claim.subject or not (first == "0" or (
            rules is not None and rules.number_words.get(first) == 0)):
        return False
    relation = Relation(claim.subject)
    return any(relation(text_keywords(name)) for facts in pool
               for name in zero_cell_columns(facts.rows))


def zero_cell_columns(rows: list[Row]) -> set[str]:
    """The names of the columns where some row of a result's ``rows`` holds a 0."""
    names = zero_columns(rows)
    if rows and rows[0].structured and rows[0].labels and not rows[0].numbers:
        header = rows[0].labels   # a delimited table names its columns in its first row
        names.update(header[key] for row in rows[1:]
                     for key, value in row.numbers.items() if value == 0 and key in header)
    return names


def state_written_as_a_value(claim: AbsenceClaim, pool: list[EventFacts],
                             also: frozenset[str] = frozenset()) -> bool:
    """Whether a result writes the state an absence of state denies ("nothing overdue")
    as an item's value ("status": "overdue", a CSV cell "overdue"), not as a key or a
    header ("pending": [...] of a balance, whose amounts the reply reads instead). The
    state is the claim's last word, or any form of its subject's stems ("ninguna se quedó
    abierta": "abierta", "abierto"), or ``also``: the stems of the words results write it
    in ("rechazado": "reject")."""
    words = re.findall(r"[a-z]+", claim.text.lower())
    if not words:
        return False
    state = words[-1]
    stems = tuple(w for w in (*claim.subject, *also) if len(w) >= _MIN_STATE_STEM)
    # The short words results write the state in ("fail", "flag"): whole words only.
    short = tuple(w for w in also if len(w) < _MIN_STATE_STEM)
    for facts in pool:
        if state not in facts.result_lower and not any(
                w in facts.result_lower for w in (*stems, *short)):
            continue
        data = facts.parsed_json
        if data is not None:
            if _holds_string(data, state, stems, 0):
                return True
            continue
        body = facts.result_lower.split("\n", 1)[1] if "\n" in facts.result_lower else ""
        if re.search(r"(?<![a-z])" + state + r"(?![a-z])", body) or any(
                re.search(r"(?<![a-z])" + re.escape(w), body) for w in stems) or any(
                re.search(r"(?<![a-z])" + re.escape(w) + r"(?![a-z])", body) for w in short):
            return True
    return False


_MIN_STATE_STEM = 5   # shorter stems ("late") are read as whole words only


def _holds_string(node: object, word: str, stems: tuple[str, ...], depth: int) -> bool:
    if isinstance(node, str):
        found = re.findall(r"[a-z]+", node.lower())
        return word in found or any(f.startswith(stems) for f in found)
    if depth > 6:
        return False
    if isinstance(node, dict):
        return any(_holds_string(v, word, stems, depth + 1) for v in node.values())
    if isinstance(node, list):
        return any(_holds_string(v, word, stems, depth + 1) for v in node[:200])
    return False
