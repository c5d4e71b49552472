"""What one tool event offers as evidence: its words, numbers, URLs, items and counts,
each worked out on first use."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ...receipts.events import ToolEvent
from ...receipts.render import count_items
from ..claims.text import defuse_runs, find_urls, normalise_url, url_forms
from ..claims.words import key_text, stem, text_keywords
from .captions import numbered_under_a_caption, rows_under_a_captioned_header, vacant_rows
from .headers import (
    CSV_HEADER_RE,
    HEADER_LINE_RE,
    RULE_LINE_RE,
    TITLE_HEADER_RE,
    header_only,
    is_aligned_header,
    is_csv_header,
    maybe_csv_header,
)
from .json_values import counted_none, empty_value, first_list, json_pairs
from .kinds import ItemKinds, item_kinds
from .lazy import lazy
from .number_labels import COUNT_WORDS, neighbour_words
from .relation import Relation
from .table_sums import TOTAL_ROW_RE
from .tables import Row, header_row, is_mapping, table_rows

_NAME_SPLIT_RE = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")
_ARG_WORD_SPLIT_RE = re.compile(r"[\s\"'`=,;|&()<>\[\]{}]+")
RESULT_SAYS_NOTHING_RE = re.compile(
    r"\b(?:no\s+(?:[\w-]+\s+){0,2}(?:found|matches?|results?|rows?|records?|data|entries|"
    r"items|output|hits)|nothing\s+(?:to\s+\w+|found|matched)|not\s+found|none\s+found|"
    r"0\s+(?:results?|matches?|items?|rows?|records?|hits|entries|files?|issues?|errors?|"
    r"warnings?))\b|^\s*(?:\[\]|\{\}|null|none|0|\(empty\)|\(no output\))?\s*$"
    r"|未找到|没有找到|无结果|sin\s+resultados|no\s+hay|ningún", re.IGNORECASE | re.MULTILINE)
_NOT_ITEM_LINE_RE = re.compile(r"^\s*(?:#|//|[A-Z][A-Z0-9_]*=)")
# A multiplier "x6" (a lone x before the digits, as "×6") states a quantity: "FA x6".
# The first digit is matched before what precedes it is tested: a pattern that begins
# with a digit is scanned for one quickly, one that begins with a look-behind is tried at
# every character (the same matches, about half the time over a turn's results).
STANDALONE_INT_RE = re.compile(
    r"\d(?:(?<![\w:/.#@$€£\\-]\d)|(?<=(?<!\w)[xX]\d))(?:\d{0,2}(?:,\d{3})+|\d*)"
    r"(?![\w:/@-]|[.,]\d)")
# The count of rows a database client prints under them (psql, mysql, sqlite, Oracle).
# A search's count under its hits likewise ("5 messages", "12 results found").
_ROW_COUNT_FOOTER_RE = re.compile(r"\s*\(?(\d+)\s+(?:rows?|messages?|results?|records?|matches|"
                                  r"entries|hits)(?:\s+(?:in\s+set|selected|returned|fetched|"
                                  r"found|total))?\)?(?:\s*\([\d.]+\s*sec\))?\s*$",
                                  re.IGNORECASE)
# A part of a whole before a plural noun: "8/8 analytes", "12/14 checks passed".
_FRACTION_COUNT_RE = re.compile(r"(?<![\w/.])(\d{1,4})/(\d{1,4})\s+[^\W\d_]{3,}s\b")
_LIST_SPLIT_RE = re.compile(r",\s*|\s{2,}|\t")
_ASCII_WORD_RE = re.compile(r"[A-Za-z]+")
SPACES_RE = re.compile(r"\s+")
MAX_SCAN_CHARS = 64_000


def _flatten(value: Any, out: list[str]) -> None:
    # JSON's own types first, by exact type: isinstance(value, Mapping) is an ABC check
    # (~0.5 µs), asked of every event's arguments. Any other type takes the general tests.
    kind = type(value)
    if kind is str:
        out.append(value)
        return
    if kind is dict:
        for item in value.values():
            _flatten(item, out)
        return
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            _flatten(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _flatten(item, out)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        out.append(str(value))


class EventFacts:
    """What one event offers as evidence, computed on first use."""

    def __init__(self, event: ToolEvent) -> None:
        self.event = event
        values: list[str] = []
        _flatten(event.args, values)
        self.arg_text = defuse_runs("\n".join(values))
        self.result = defuse_runs(event.result[:MAX_SCAN_CHARS])

    def arg_values_but(self, keys: frozenset[str]) -> list[str]:
        """The call's argument values, flattened as :attr:`arg_text` is, less those under
        the top-level ``keys`` (lower-cased)."""
        args = self.event.args
        values: list[str] = []
        if isinstance(args, Mapping):
            for key, value in args.items():
                if str(key).lower() not in keys:
                    _flatten(value, values)
        return values

    @lazy
    def result_lower(self) -> str:
        return self.result.lower()

    @lazy
    def rows(self) -> list[Row]:
        """The result's rows (:func:`.tables.table_rows`), read once: checks ask for them
        once per claim, and a 4 KB reply may make dozens of claims over twenty results.
        Shared, so never changed by a reader."""
        data = self.parsed_json
        result = self.result
        # The JSON parsed_json read, when table_rows would read the same: it parses the
        # result with only the white space JSON allows after it, parsed_json with any.
        if isinstance(data, (list, dict)) and len(result.rstrip()) == len(
                result.rstrip(" \t\n\r")):
            return table_rows(result, data)
        return table_rows(result)

    @lazy
    def header(self) -> dict[str, str]:
        """The names of a table's numbered columns, when its first row is all words (an
        aligned or delimited text table); empty otherwise (JSON keys name their columns)."""
        rows = self.rows
        return rows[0].labels if rows and not rows[0].numbers else {}

    @lazy
    def plain(self) -> bool:
        """ASCII with no ``\\u`` escape: every letter of a value read from the result
        (a JSON string, a cell, a token) is written in it as it is, one character each."""
        return self.result.isascii() and "\\u" not in self.result

    @lazy
    def name_words(self) -> frozenset[str]:
        return frozenset(w.lower() for w in _NAME_SPLIT_RE.split(self.event.tool) if w)

    @lazy
    def call_keys(self) -> frozenset[str]:
        name = frozenset(stem(w) for w in self.name_words)
        return name | text_keywords(self.arg_text)

    @lazy
    def arg_tokens(self) -> frozenset[str]:
        return frozenset(t.lower() for t in _ARG_WORD_SPLIT_RE.split(self.arg_text) if t)

    @lazy
    def result_keys(self) -> frozenset[str]:
        return text_keywords(self.result)

    @lazy
    def url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        for _, _, url in find_urls(self.arg_text):
            forms.update(url_forms(normalise_url(url)))
        for url in self.event.urls:
            forms.update(url_forms(normalise_url(url)))
        return frozenset(forms)

    @lazy
    def result_url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        for _, _, url in find_urls(self.result.replace("\\/", "/")):
            forms.update(url_forms(normalise_url(url)))
        return frozenset(forms)

    @lazy
    def parsed_json(self) -> Any:
        stripped = self.result.strip()
        if not stripped or stripped[0] not in "[{":
            return None
        try:
            return json.loads(stripped)
        except (ValueError, RecursionError):
            return None

    @lazy
    def units(self) -> list[str]:
        """The result's items: JSON array entries, else non-empty lines."""
        data = self.parsed_json
        if isinstance(data, list):
            return [json.dumps(item, ensure_ascii=False) for item in data]
        if isinstance(data, dict):
            found = first_list(data, depth=0)
            return [] if found is None else [json.dumps(item, ensure_ascii=False)
                                             for item in found]
        return [line for line in self.result.splitlines() if line.strip()]

    @lazy
    def item_counts(self) -> frozenset[int]:
        """Every count the result supports as "how many items it lists"."""
        counts: set[int] = set()
        default = count_items(self.result)
        if self.event.result_count is not None and self.event.result_count != default:
            counts.add(self.event.result_count)  # the tool's own count, not the line count
        data = self.parsed_json
        if isinstance(data, list):
            counts.add(len(data))
            if header_row(data) is not None:
                counts.add(len(data) - 1)
        elif isinstance(data, dict):
            self._dict_counts(data, counts, depth=0)
        else:
            # Comment lines and settings ("# m h dom", "MAILTO=ops@...") are not items.
            lines = [line for line in self.units if not _NOT_ITEM_LINE_RE.match(line)] \
                or self.units
            footer = _ROW_COUNT_FOOTER_RE.match(lines[-1]) if len(lines) > 1 else None
            if footer is not None:
                # "(17 rows)", "3 rows in set (0.00 sec)": the client's count of the rows
                # above, no row itself.
                counts.add(int(footer.group(1)))
                lines = lines[:-1]
            if len(lines) > 1 and RULE_LINE_RE.match(lines[1]):
                counts.add(len(lines) - 2)  # a table: header, a rule of dashes, rows
            elif lines and (HEADER_LINE_RE.match(lines[0]) or (
                    len(lines) > 1 and TITLE_HEADER_RE.match(lines[0])
                    and any(c.isdigit() for c in lines[1])) or is_aligned_header(lines)):
                counts.add(len(lines) - 1)  # a header row (NAME READY STATUS ...)
            elif len(lines) > 1 and is_csv_header(lines[0], lines[1]):
                counts.add(len(lines) - 1)  # account_id,name,plan: a header, not an item
            elif len(lines) > 1 and maybe_csv_header(lines[0], lines[1]):
                counts.update((len(lines) - 1, len(lines)))  # job,schedule: header or row
            else:
                counts.add(len(lines))
            if len(lines) > 2 and TOTAL_ROW_RE.match(lines[-1]):
                # "合计  1175  19  1156", "TOTAL,4210": the sum of the rows, not one of them.
                counts.update([count - 1 for count in counts if count > 1])
            captioned = rows_under_a_captioned_header(lines)
            if captioned is not None:
                counts.add(captioned)   # a caption line, a header, then the rows
            table = [row for row in self.rows if row.structured]
            if len(table) > 2 and not table[0].numbers and all(
                    row.numbers for row in table[1:]):
                # A header and rows the table reader placed under it, past any caption and
                # footer lines ("total distance: 61.4 km"): the rows are the items.
                counts.add(len(table) - 1)
            numbered = numbered_under_a_caption(lines)
            if numbered:
                counts.add(len(lines) - numbered)   # a caption line, then "1. ...", "2. ..."
            # "8/8 analytes within specification": the result's own count of its items.
            counts.update(int(m.group(2)) for m in _FRACTION_COUNT_RE.finditer(self.result)
                          if int(m.group(1)) <= int(m.group(2)))
            vacant = len(self.vacant_rows)
            if vacant:
                # "6  -  -  -": a slot the table lists with nothing in it (a free bed).
                counts.update([count - vacant for count in counts if count > vacant])
            if len(lines) == 1:
                pieces = [p for p in _LIST_SPLIT_RE.split(lines[0]) if p.strip()]
                if len(pieces) > 1:
                    counts.add(len(pieces))
                colon_list = lines[0].rsplit(":", 1)[-1]
                if "," in colon_list:
                    counts.add(len([p for p in colon_list.split(",") if p.strip()]))
        numbers = self.numbers
        if len(numbers) <= 2:
            counts.update(int(n) for n, _, _ in numbers if n == n.to_integral_value())
        return frozenset(counts)

    @lazy
    def vacant_rows(self) -> list[str]:
        """The first cells of the text table's rows that hold nothing past them
        (:func:`.captions.vacant_rows`)."""
        return [] if self.parsed_json is not None else vacant_rows(self.units)

    def _dict_counts(self, data: Mapping[str, Any], counts: set[int], depth: int) -> None:
        for key, value in data.items():
            if isinstance(value, list):
                counts.add(len(value))
                if header_row(value) is not None:
                    counts.add(len(value) - 1)   # [["Team", "Open reqs"], ["Mobile", 0]...]
            elif isinstance(value, bool):
                continue
            elif isinstance(value, int) and stem(str(key).split("_")[-1]) in COUNT_WORDS:
                counts.add(value)
            elif depth < 2 and is_mapping(value):
                self._dict_counts(value, counts, depth + 1)

    @lazy
    def numbers(self) -> list[tuple[Decimal, int, int]]:
        """Standalone integers of the result: not inside times, dates, names or versions."""
        found: list[tuple[Decimal, int, int]] = []
        for match in STANDALONE_INT_RE.finditer(self.result):
            found.append((Decimal(match.group(0).replace(",", "")), match.start(), match.end()))
        return found

    @lazy
    def integers(self) -> frozenset[int]:
        return frozenset(int(number) for number, _, _ in self.numbers)

    @lazy
    def number_neighbours(self) -> list[tuple[int, frozenset[str]]]:
        """Each standalone integer of the result with the stems of the words beside it
        (:func:`.number_labels.neighbour_words`)."""
        return neighbour_words(self.result, self.numbers)

    @lazy
    def labelled_numbers(self) -> list[tuple[int, frozenset[str],
                                             tuple[frozenset[str], frozenset[str]]]]:
        """The integers of :attr:`number_neighbours` that have words beside them, with
        those words indexed for :class:`Relation`: read by every count claim's pool of
        results, indexed once per result."""
        return [(value, keys, Relation.forms(keys)) for value, keys in self.number_neighbours
                if keys]

    def has_integer(self, value: int) -> bool:
        return value in self.integers

    @lazy
    def item_keys(self) -> list[frozenset[str]]:
        """The keywords of each item: the units without a header row, comments and
        settings (what :attr:`item_counts` counts for a text result)."""
        if self.parsed_json is not None:
            return self.unit_keys
        lines = [line for line in self.units if not _NOT_ITEM_LINE_RE.match(line)] \
            or self.units
        if len(lines) > 1 and (HEADER_LINE_RE.match(lines[0])
                               or TITLE_HEADER_RE.match(lines[0])
                               or CSV_HEADER_RE.match(lines[0])
                               or is_aligned_header(lines)):
            lines = lines[2:] if len(lines) > 2 and RULE_LINE_RE.match(lines[1]) else lines[1:]
        else:
            lines = lines[numbered_under_a_caption(lines):]
        return [text_keywords(line) for line in lines]

    @lazy
    def item_kinds(self) -> ItemKinds | None:
        # The item count is read for a text result only: a JSON result's items are its
        # list's, and its item keys (every unit's keywords) would be worked out for nothing.
        count = len(self.item_keys) if self.parsed_json is None else 0
        return item_kinds(self.parsed_json, self.result, count)

    @lazy
    def unit_keys(self) -> list[frozenset[str]]:
        """The keywords of each item of the result."""
        return [text_keywords(u) for u in self.units]

    def qualified_counts(self, keywords: frozenset[str]) -> set[int]:
        """How many items mention each claim word ("2 TODO comments" among 9 lines)."""
        unit_keys = self.unit_keys
        counts = {sum(1 for keys in unit_keys if kw in keys) for kw in keywords}
        if len(keywords) > 1:
            counts.add(sum(1 for keys in unit_keys if keywords <= keys))
        return counts

    @lazy
    def acronyms(self) -> frozenset[str]:
        words = [w.lower() for w in _ASCII_WORD_RE.findall(self.result[:8000])]
        found: set[str] = set()
        for size in (2, 3, 4, 5):
            for i in range(len(words) - size + 1):
                found.add("".join(w[0] for w in words[i:i + size]))
        return frozenset(found)

    @lazy
    def empty_keys(self) -> tuple[str, ...]:
        """JSON keys whose value is empty, zero or null (``"incidents": []``, ``"errors": 0``,
        ``"team_a": null``: nothing set there)."""
        return tuple(key_text(key) for key, value in json_pairs(self.parsed_json)
                     if empty_value(value))

    @lazy
    def key_words(self) -> frozenset[str]:
        """The keywords of the result's JSON keys, at any depth ("damaged", "walk_in")."""
        return text_keywords(" ".join(key_text(key) for key, _ in json_pairs(self.parsed_json)))

    @lazy
    def empty(self) -> bool:
        stripped = self.result.strip()
        if not stripped or count_items(self.result) == 0 or header_only(stripped):
            return True
        data = self.parsed_json
        if isinstance(data, dict) and data and not self.units and \
                all(not v for v in data.values() if isinstance(v, list) or is_mapping(v)) and \
                any(isinstance(v, list) or is_mapping(v) for v in data.values()):
            return True
        if isinstance(data, dict) and not self.units and counted_none(data):
            return True   # {"searched": {...}, "count": 0, "entries": []}: an echo, no item
        return len(self.units) <= 3 and bool(RESULT_SAYS_NOTHING_RE.search(stripped))
