"""The kinds a result's items fall into: the values of a field that tells items apart.

A listing's items often carry a field of few values that sorts them (a berth's
``status`` free/occupied/reserved, a log line's level INFO/WARN/ERROR, an
applicant's ``decision``). A count in a reply whose noun or modifier names one of
those values ("2 warnings", "3 free berths") counts the items of that kind, not
the whole listing; this module reads the fields so that such a count can be
compared with the size of its kind.

Fields are read from JSON objects (their string values), from a delimited or
space-aligned table under a header (its text cells by column), and from plain
lines (their leading words by position: a log line's level is its third token).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..claims.words import STEM_CHARS, stem
from .tables import table_rows

MAX_KINDS = 12            # a field with more distinct values names items, it does not sort them
MAX_ITEMS = 400
_LEADING_TOKENS = 6       # a plain line's fields: its first few whitespace-separated tokens
_WORD_RE = re.compile(r"[^\W\d_]{3,}")
_KEY_VALUE_RE = re.compile(r"^[A-Za-z_]+[=:]")
# A short code of letters and digits ("P2", "B12", "v4"): named only by itself.
_CODE_RE = re.compile(r"(?=[^\W_]*[^\W\d_])(?=[^\W_]*\d)[^\W_]{2,6}")


@dataclass(frozen=True, slots=True)
class ItemKinds:
    """How many items a result lists and, per sorting field, the items holding each value."""

    size: int
    fields: Mapping[str, Mapping[str, frozenset[int]]]

    def named_by(self, stems: frozenset[str], words: frozenset[str] = frozenset()
                 ) -> list[tuple[str, str, frozenset[int]]]:
        """The (field, value, items) of every proper kind (held by some items, not all)
        whose value one of ``words`` (or of ``stems``, see :func:`value_named`) names."""
        found: list[tuple[str, str, frozenset[int]]] = []
        for name, values in self.fields.items():
            for value, members in values.items():
                if len(members) < self.size and value_named(value, stems, words):
                    found.append((name, value, members))
        return found

    def sizes(self) -> set[int]:
        """The size of every proper kind."""
        return {len(members) for values in self.fields.values()
                for members in values.values() if len(members) < self.size}

    def category_sizes(self) -> set[int]:
        """The size of every proper kind whose value is no number (a type, a state; not an
        amount that some items happen to share)."""
        return {len(members) for values in self.fields.values()
                for value, members in values.items()
                if len(members) < self.size and not _NUMBER_VALUE_RE.fullmatch(value)}


_NUMBER_VALUE_RE = re.compile(r"[-+]?\d+(?:[.,]\d+)?")


def value_named(value: str, stems: frozenset[str], words: frozenset[str] = frozenset()) -> bool:
    """A one-word value named by a claim's word: one begins the other and the shorter has
    four letters or more ("warn" / "warnings", "admit" / "admitidos", "waitlist" /
    "waitlisted"), or they are equal. Whole words are compared; a stem (``stems``: the
    claim's keywords, synonyms included) only with a value too short to be cut by
    stemming, so that "deliveries" does not name "delivered" (both "delive")."""
    if _CODE_RE.fullmatch(value):
        return value in words   # "3 P2 calls": a priority written as a code
    if words and _HAN_VALUE_RE.fullmatch(value) and han_core(value) in words:
        return True   # 发酵中 named by the predicate 在发酵 (see :func:`han_core`)
    found = _WORD_RE.findall(value)
    if len(found) != 1 or len(found[0]) != len(value.strip()):
        return False
    target = found[0].lower()
    candidates = words | (stems if len(target) < STEM_CHARS else frozenset())
    short_target = stem(target) if len(target) < STEM_CHARS else target
    for word in candidates:
        if word in (target, short_target):
            return True
        short, long = sorted((word, target), key=len)
        if len(short) >= 4 and long.startswith(short):
            return True
    return False


_HAN_VALUE_RE = re.compile(r"[\u4e00-\u9fff]{2,8}")
# Aspect markers around a Chinese verb of state: 已(经) done, (正)在 ongoing before it; 中
# ongoing, 了 done after it. 未/没 negate, and are kept.
_HAN_ASPECT_RE = re.compile(r"^(?:已经|已|正在|在)|(?:中|了)$")


def han_core(words: str) -> str:
    """A Chinese state without its aspect markers: 发酵中, 在发酵 and 已发酵 are all 发酵;
    a noun of state (空罐) is itself."""
    core = _HAN_ASPECT_RE.sub("", words)
    return core if len(core) >= 2 else words


def kind_probes(words: Iterable[str]) -> frozenset[str]:
    """What a result must hold for one of ``words`` to name a kind of its items: each
    word's first four characters. A value :func:`value_named` names is one word of
    letters (or a code) that the word equals, is the stem of, begins, or begins with when
    both have four letters or more: the value begins with those characters (or with all
    of a shorter word). In a plain result (ASCII, no ``\\u`` escape) every value is
    written as it is read, so it stands in the lower-cased result (see
    :meth:`Evidence.holding`)."""
    return frozenset(word[:4] for word in words)


def item_kinds(parsed_json: Any, result: str, item_count: int) -> ItemKinds | None:
    """The sorting fields of a result's items (``item_count`` of them, by the result's own
    reading: a text's header row is no item), or None when it lists fewer than two or its
    lines cannot be matched to its items."""
    if parsed_json is not None:
        items = _json_items(parsed_json)
        if items is None:
            return None
        cells = [{str(k): cell for k, v in item.items()
                  if (cell := _json_cell(v)) is not None}
                 for item in items if isinstance(item, Mapping)]
        if len(cells) != len(items):
            return None
    else:
        cells = _text_cells(result)
        if len(cells) == item_count + 1:
            cells = cells[1:]   # the header names the columns; it is no item
        if len(cells) != item_count:
            return None
    if len(cells) < 2:
        return None
    fields: dict[str, dict[str, set[int]]] = {}
    for index, row in enumerate(cells):
        for name, value in row.items():
            fields.setdefault(name, {}).setdefault(value, set()).add(index)
    sorting = {name: {value: frozenset(members) for value, members in values.items()}
               for name, values in fields.items()
               # Every item has the field, and some value repeats: it sorts them.
               if sum(map(len, values.values())) == len(cells)
               and len(values) < len(cells) and len(values) <= MAX_KINDS}
    return ItemKinds(len(cells), sorting)


def _json_cell(value: Any) -> str | None:
    """A field's value as text: a short string, a whole number, or "" for null (an order
    with no fulfilment is of a kind too); None for anything else."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip().lower() if len(value) <= 40 else None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def _json_items(data: Any) -> list[Any] | None:
    if isinstance(data, list):
        return data[:MAX_ITEMS]
    if isinstance(data, Mapping):
        for value in data.values():
            if isinstance(value, list):
                return value[:MAX_ITEMS]
    return None


def _text_cells(result: str) -> list[dict[str, str]]:
    """A table's cells by column, else each plain line's
    leading word tokens by position (``key=value`` read as its value)."""
    rows = table_rows(result)[:MAX_ITEMS]
    if rows and all(row.structured for row in rows):
        return [{**{k: str(v) for k, v in row.numbers.items()}, **row.labels} for row in rows]
    cells: list[dict[str, str]] = []
    for line in result.splitlines()[:MAX_ITEMS]:
        tokens = line.split()[:_LEADING_TOKENS]
        if not tokens:
            continue
        row: dict[str, str] = {}
        for position, token in enumerate(tokens):
            token = _KEY_VALUE_RE.sub("", token).strip(".,;:()[]\"'").lower()
            if _WORD_RE.fullmatch(token):
                row[f"#{position}"] = token
        cells.append(row)
    return cells


def intersect(groups: Sequence[frozenset[int]]) -> frozenset[int]:
    result = groups[0]
    for group in groups[1:]:
        result &= group
    return result
