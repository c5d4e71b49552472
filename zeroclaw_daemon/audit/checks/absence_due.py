"""An absence of a state that a date makes: "nothing overdue", "no hay nada vencido",
"没有逾期的".

Overdue, expired, lapsed are not written as values when a result lists the items with
the date they fall due ("due_back": "2026-12-01"): the state is that date gone by. An
absence of such a state is false when a row's due date is before the turn's own day (the
day the receipts record, less a day for the reader's zone: strictly before the day
before it), or, when the clause names the day the state comes by ("none of the permits
expire before 8 April"), before that day.

Precision first: the result must have a column named as a due date (a closed class of
key words), and a row with a field of states counts only in a state of an item still out
("open", "on_loan"; a row "returned" or "paid" is no longer due, whatever its date); the
turn must have a day (a receipt), and a result that dates itself ("as_of: 2026-05-20") is
read on its own day; and when the absence's clause names a word of some row's text (a
client, a title), it is about those rows only, so only such a row's date refutes it.
"""

from __future__ import annotations

import datetime as dt
import re

from ..claims.numbers import find_dates
from ..claims.types import AbsenceClaim
from ..claims.words import key_text, stem, text_keywords
from ..evidence.calendar import stated_day, turn_days
from ..evidence.facts import EventFacts
from ..evidence.tables import Row
from .absence_kinds import STATE_KEY_RE, states_denied
from .base import CheckContext

# States an item is in once its date has passed (en, es, zh): a closed class.
_DUE_STATE_RE = re.compile(
    r"(?<![a-z])(?:overdue|past\s+due|expired|lapsed|out\s+of\s+date|"
    # said as what falls due by a day: "none of the permits expire before 8 April"
    r"expires?|expiring|falls?\s+due|go(?:es)?\s+out\s+of\s+date|"
    r"past\s+(?:its|their|the)\s+(?:date|expiry|use[\s-]by|sell[\s-]by|best[\s-]before)|"
    r"vencid[oa]s?|caducad[oa]s?|"
    r"atrasad[oa]s?|retrasad[oa]s?|retraso)(?![a-z])|逾期|过期|超期", re.IGNORECASE)
# Words a column of due dates is named by (keys are written in English or Spanish, or in
# Chinese, whatever the reply's language).
_DUE_KEY_WORDS = frozenset({"due", "expires", "expiry", "expiration", "deadline", "until",
                            "vence", "vencimiento", "caduca", "caducidad", "limite",
                            "límite"})
_DUE_KEY_HAN = ("到期", "截止", "应还", "保质期", "有效期")
# Two words that say a due date only together ("use_by", "best before", "valid until").
_DUE_KEY_PHRASE_RE = re.compile(r"\b(?:use|sell|best)\s+(?:by|before)\b|\bvalid\s+(?:until|to)\b")
# States of an item still out, whose due date decides whether it is late (en, es, zh): a
# closed class.
_OPEN_STATE_RE = re.compile(
    r"^\s*(?:open|outstanding|unpaid|pending|due|overdue|late|active|issued|borrowed|out|"
    r"on[ _-]?loan|lent|unreturned|not[ _-]returned|abiert[oa]|pendiente|impagad[oa]|"
    r"prestad[oa]|en[ _-]pr[eé]stamo|activ[oa]|"
    r"未还|未付|待付|未支付|借出|在借|欠款|逾期|待处理)\s*$",
    re.IGNORECASE)
_KEY_SPLIT_RE = re.compile(r"[^0-9a-záéíóúñ]+")
_NAME_WORD_RE = re.compile(r"\b(?:[A-ZÁÉÍÓÚÑ][\w'’-]*|[\w-]*\d[\w-]*)")
_ISO_DAY_RE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")


def passed_due_date(context: CheckContext, claim: AbsenceClaim,
                    pool: list[EventFacts]) -> tuple[EventFacts, str] | None:
    """The result of a row that refutes the absence and why (its due date passed, or the
    result counts it in the state), or None (see the module docstring)."""
    found = _due_reading(context, claim, pool)
    return found if isinstance(found, tuple) else None


def due_dates_bear_out(context: CheckContext, claim: AbsenceClaim,
                       pool: list[EventFacts]) -> bool:
    """The absence denies a state a date makes, the results date their rows, and no row
    it is about is due before the turn's day: "没有过期的" over use-by dates all ahead.
    Not when a row writes that state in its field of states ("status": "OVERDUE"): the
    result says so itself, whatever day the clock reads or the dates say."""
    return _due_reading(context, claim, pool) is True \
        and not _written_as_a_state(pool, states_denied(context, claim))


def _written_as_a_state(pool: list[EventFacts], states: frozenset[str]) -> bool:
    """Some row's field of states (status, estado, 状态) holds one of ``states`` (the
    stems of the English words results write the denied state in)."""
    if not states:
        return False
    for facts in pool:
        names = facts.header
        for row in facts.rows:
            for column, text in row.labels.items():
                if STATE_KEY_RE.search(key_text(names.get(column, column))) and \
                        states.intersection(stem(w) for w in _KEY_SPLIT_RE.split(text) if w):
                    return True
    return False


def _due_reading(context: CheckContext, claim: AbsenceClaim,
                 pool: list[EventFacts]) -> tuple[EventFacts, str] | bool | None:
    """A row that refutes the absence (its result and due date), True when rows are
    dated and none does, None when the absence or the results say no due date."""
    clause = context.claims.clauses[claim.clause] if context.claims.clauses else None
    # The state is said with the absence or after it in its clause ("no loans are overdue").
    said = context.text[claim.span[0]:clause.end] if clause is not None else claim.text
    if not _DUE_STATE_RE.search(said):
        return None
    for facts in pool:
        counted = _counted_in_the_state(facts, _item_rows(facts))
        if counted is not None:
            return counted   # "逾期天数 6": the result says so, whatever day the clock reads
    days = turn_days([f.event for f in context.evidence.ok])
    before = min(days) if days else None
    # The rows the clause names by a name of theirs: words it writes with a capital or a
    # digit ("for Ash Lane Builders", "del Sr. Ibáñez"), not a common noun of the items
    # ("ningún seguimiento vencido") that some row's text happens to hold.
    bound = _BOUND_RE.search(said)
    if bound is not None:
        # "expire before 8 April": the state is judged on that day, not on the turn's, and
        # its date names no rows.
        said = said[:bound.start()] + said[bound.end():]
    words = text_keywords(" ".join(_NAME_WORD_RE.findall(said)))
    dated = False
    for facts in pool:
        rows = _item_rows(facts)
        row_words = {stem(w) for row in rows for w in _text_words(row)}
        named = words & row_words
        # A result that dates itself ("as_of: 2026-05-20") tells the state on that day.
        day = stated_day(facts.result, facts.parsed_json) or before
        if day is None:
            continue   # neither the result nor the turn's receipts say what day it is
        limit = _bound_day(bound, day) if bound is not None else None
        for labels, due in _due_cells(facts, rows):
            if named and not named & {stem(w) for w in _text_words(labels)}:
                continue   # the clause is about rows this one is not
            dated = True
            if limit is not None:
                if due < limit:
                    return facts, (f"has an item due on {due.isoformat()}, before "
                                   f"{limit.isoformat()}")
            elif due < day:
                return facts, (f"has an item due on {due.isoformat()}, already past on the "
                               "day the result was read")
    return True if dated else None


# A day the state is said to come by ("before 8 April", "by 31 March", "antes del 8 de
# abril", "4 月 8 日前"): a preposition of a limit and a date (en, es; zh after the date).
_BOUND_RE = re.compile(
    r"\b(?:before|by|until|till|antes\s+del?|hasta\s+el)\s+(?:the\s+|el\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+|(?:lunes|martes|miércoles|jueves|"
    r"viernes|sábado|domingo),?\s+)?(?P<date>[^,.;:!?\n]{3,24}?)(?=[,.;:!?\n]|\s+(?:so|and|but|"
    r"y|pero|or|o)\b|$)"
    r"|(?P<zhdate>\d{1,2}\s*月\s*\d{1,2}\s*[日号])\s*(?:之前|以前|前)", re.IGNORECASE)


def _bound_day(bound: re.Match[str], day: dt.date) -> dt.date | None:
    """The day a bound names, in its year or else the first such day from ``day`` on;
    None when its words are no date."""
    text = bound.group("date") or bound.group("zhdate") or ""
    dates = find_dates(text)
    if not dates:
        return None
    year, month, day_of_month = dates[0][2]
    try:
        if year is not None:
            return dt.date(year, month, day_of_month)
        found = dt.date(day.year, month, day_of_month)
        return found if found >= day else dt.date(day.year + 1, month, day_of_month)
    except ValueError:
        return None


def _counted_in_the_state(facts: EventFacts, rows: list[Row]) -> tuple[EventFacts, str] | None:
    """A row with a positive figure in a column the state names ("days_overdue": 3,
    "逾期天数": 6, "dias_vencido"): the result itself counts that row in the state."""
    structured = [r for r in facts.rows if r.structured]
    header = structured[0].labels if structured and facts.parsed_json is None else None
    for row in rows:
        for key, value in row.numbers.items():
            name = header.get(key, key) if header is not None else key
            if value > 0 and _DUE_STATE_RE.search(name.replace("_", " ")):
                return facts, f"counts an item in that state ({name}: {value})"
    return None


def _due_columns(names: dict[str, str]) -> list[str]:
    """The columns (by key) whose name says a due date."""
    found = []
    for key, name in names.items():
        # camelCase and PascalCase keys are words too ("DueDate", "expiresAt").
        low = key_text(name).lower()
        if any(han in low for han in _DUE_KEY_HAN) or \
                _DUE_KEY_WORDS & set(_KEY_SPLIT_RE.split(low)) or _DUE_KEY_PHRASE_RE.search(low):
            found.append(key)
    return found


def _item_rows(facts: EventFacts) -> list[Row]:
    """The result's rows that are items: a JSON result's objects, or a text table's rows
    under its header row."""
    rows = [r for r in facts.rows if r.structured]
    if facts.parsed_json is not None or not rows:
        return rows
    return rows[1:] if not rows[0].numbers else rows


def _due_cells(facts: EventFacts, rows: list[Row]) -> list[tuple[Row, dt.date]]:
    """Each item row with its due date: in a column whose key (a JSON result) or header
    cell (a text table) says a due date."""
    found: list[tuple[Row, dt.date]] = []
    structured = [r for r in facts.rows if r.structured]
    header = structured[0].labels if structured and facts.parsed_json is None else None
    for row in rows:
        names = header if header is not None else {k: k for k in row.labels}
        if not _still_open(row, names):
            continue
        for key in _due_columns(names):
            match = _ISO_DAY_RE.fullmatch(row.labels.get(key, "").strip()[:10])
            if match is None:
                continue
            try:
                found.append((row, dt.date(int(match[1]), int(match[2]), int(match[3]))))
            except ValueError:
                continue
    return found


def _still_open(row: Row, names: dict[str, str]) -> bool:
    """The row has no field of states, or its state says the item is still out (open,
    pending, on loan): a row "paid" or "returned" is no longer due, whatever its date."""
    states = [row.labels.get(key, "") for key, name in names.items()
              if STATE_KEY_RE.search(name)]
    return not states or any(_OPEN_STATE_RE.search(state) for state in states)


def _text_words(row: Row) -> list[str]:
    """The words of a row's text cells that are no dates."""
    return [w for value in row.labels.values() if not _ISO_DAY_RE.search(value)
            for w in re.findall(r"[^\W\d_]{3,}", value)]
