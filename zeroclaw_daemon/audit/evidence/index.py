"""The turn's evidence as a whole: every event's facts and indexes of the numbers, dates
and URLs they hold. The user's message is kept apart: it grounds only a cited URL."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from decimal import Decimal

from ...receipts.events import ToolEvent, ToolStatus
from ..claims.numbers import (
    HAYSTACK_NUMBER_RE,
    find_dates,
    join_space_groups,
    number_readings,
    scale_after,
)
from ..claims.text import find_urls, normalise_url, url_forms
from ..claims.words import text_keywords
from .aviation_codes import code_figures
from .calendar import days_moved_in_rows, period_bounds
from .clock_derive import ZONE_RE, clock_minutes, epoch_dates, timestamp_neighbour_dates
from .derive import Derivations
from .facts import STANDALONE_INT_RE, EventFacts
from .lazy import lazy
from .number_index import NumberIndex
from .number_labels import COUNT_WORDS
from .records import breakdowns
from .relation import Relation
from .tables import Row, is_mapping, object_row
from .written_forms import (
    LIST_POSITION_RE,
    numbering_columns,
    other_groupings,
    scaled_columns,
    spans_in_seconds,
)

MAX_VALUES_PER_LABEL = 3


# A number stated as minutes: before a minute unit, or under a key of minutes or delay.
_MINUTE_AMOUNT_RE = re.compile(
    r"(?<![\d.:])(\d{1,3})\s*(?:min(?:ute)?s?|minutos?|分钟|分)(?![a-z])"
    r"|(?:min(?:ute)?s?|delay|delayed|late|retraso|延误|晚点)[a-z_]*[\"']?\s*[:=]\s*[\"']?"
    r"(\d{1,3})(?![\d.:])"
    r"|(?<![\d.:])(\d{1,2})\s*(?:h|hrs?|hours?|horas?|小时|個小時|个小时)(?![a-z])", re.IGNORECASE)

# A date written as one run of eight digits, year first, inside an identifier
# ("LY-20261212-1930", "backup_20261201"): the day that call or result is about.
_COMPACT_DATE_RE = re.compile(r"(?<!\d)(20\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)")


# A decimal written inside an identifier, where a dot cannot stand: after a letter, one or
# two digits and one more joined by "_", closed by "_" and a letter or by the identifier's
# end ("bicarbonato_8_4_ml" holds 8.4, "pm2_5" 2.5; never a date's, a version's or a
# time's runs: "backup_2026_12_05", "v1_2_3", "slot_10_30"). A letter of any script:
# a Chinese key writes it alike ("碳酸氢钠_8_4_毫升").
# Read at each "_" between two digits (found with str.find: a scan of the whole text by a
# pattern costs more than the few underscores of a result's keys); the letter before is
# tested after.
_IDENTIFIER_DECIMAL_RE = re.compile(r"(\d{1,2})_(\d)(?=_[^\W\d_]|[^\w]|$)")


def identifier_decimals(text: str) -> list[str]:
    """The decimals written inside identifiers in ``text`` (see above), as "8.4"."""
    found: list[str] = []
    at = text.find("_", 1)
    while at != -1:
        if text[at - 1].isdigit() and text[at + 1:at + 2].isdigit():
            start = at - 2 if at > 1 and text[at - 2].isdigit() else at - 1
            before = text[start - 1] if start else ""
            if before == "_" and start > 1:
                before = text[start - 2]
            match = _IDENTIFIER_DECIMAL_RE.match(text, start)
            if match is not None and match.end(2) == at + 2 and before.isalpha():
                found.append(f"{match.group(1)}.{match.group(2)}")
        at = text.find("_", at + 1)
    return found


class Evidence:
    """The turn's events and the user's message, as lazily built indexes."""

    def __init__(self, events: Sequence[ToolEvent], user_message: str) -> None:
        self.facts = [EventFacts(e) for e in events]
        self.ok = [f for f in self.facts if f.event.status is ToolStatus.OK]
        self.failed = [f for f in self.facts if f.event.status is not ToolStatus.OK]
        self.user_message = user_message

    @lazy
    def user_keys(self) -> frozenset[str]:
        return text_keywords(self.user_message)

    @lazy
    def haystack(self) -> str:
        parts = [f.result for f in self.facts] + [f.arg_text for f in self.facts]
        parts.extend(u for f in self.facts for u in f.event.urls)
        return "\n".join(parts).replace("\\/", "/")

    @lazy
    def haystack_lower(self) -> str:
        return self.haystack.lower()

    @lazy
    def haystack_compact(self) -> str:
        # str.split() parts at exactly the characters ``\s`` matches, and joins faster.
        return "".join(self.haystack_lower.split())

    @lazy
    def numbers(self) -> NumberIndex:
        text = join_space_groups(self.haystack, plain_spaces=False)
        if "_" in text:
            text += "\n" + " ".join(identifier_decimals(text))
        if self.aviation_codes[0]:
            text += "\n" + " ".join(self.aviation_codes[0])
        return NumberIndex(text)

    @lazy
    def aviation_codes(self) -> tuple[list[str], list[int]]:
        """The figures and times of day the results' weather and notice codes write
        (:func:`.aviation_codes.code_figures`)."""
        figures: list[str] = []
        minutes: list[int] = []
        for facts in self.facts:
            result = facts.result
            # Each code holds one of these (a wind group's unit, a NOTAM's B) or C) field):
            # most results are passed over at a substring test.
            if "KT" in result or "MPS" in result or "KMH" in result or "B)" in result \
                    or "C)" in result:
                more, times = code_figures(result)
                figures.extend(more)
                minutes.extend(times)
        return figures, minutes

    @lazy
    def other_numbers(self) -> NumberIndex:
        """The results' numbers written in groupings the index reads otherwise
        (:func:`.written_forms.other_groupings`): read only for a figure the index does
        not ground."""
        scaled = [cell for facts in self.ok for cell in scaled_columns(facts.rows)]
        return NumberIndex(" ".join([*other_groupings(self.haystack), *scaled]))

    @lazy
    def derivations(self) -> Derivations:
        given: list[Decimal] = []
        for match in HAYSTACK_NUMBER_RE.finditer(self.user_message):
            for reading in number_readings(match.group(0))[:1]:
                scale = scale_after(self.user_message, match.end())   # "30 万" is 300000
                given.append(reading.scaleb(scale[0]) if scale is not None else reading)
        return Derivations([f.result for f in self.ok], given)

    @lazy
    def minute_amounts(self) -> list[Decimal]:
        """The numbers the successful results state as minutes ("12 min", "delay_minutes":
        12, "retraso": 12) or whole hours ("run 4 h before"), in minutes: what a time of
        day may be moved by ("scheduled 13:28" and a 12-minute delay give 13:40), not any
        number of the result (a day 15 of a shoot)."""
        return [Decimal(m.group(1) or m.group(2)) if m.group(3) is None
                else Decimal(m.group(3)) * 60
                for f in self.ok for m in _MINUTE_AMOUNT_RE.finditer(f.result)]

    @lazy
    def spans_written(self) -> list[Decimal]:
        """The spans of time the successful results write in two units or as a clock with
        seconds ("1h 30m", "2 h 05 min", "01:30:00"), in seconds: "90 minutes" restates one."""
        return [span for facts in self.ok for span in spans_in_seconds(facts.result)]

    @lazy
    def zoned(self) -> bool:
        """The results write a time zone or an offset: their times may be converted."""
        return any(ZONE_RE.search(f.result) is not None for f in self.facts)

    @lazy
    def clock_minutes(self) -> list[int]:
        """The times of day the results write, a failed call's too (as the haystack holds
        its text: "outside the tide window. Next windows: ...T02:40Z-06:40Z"), and those
        the results' tables work out."""
        return clock_minutes(f.result for f in self.facts) + self.derivations.hour_cells + \
            self.derivations.end_times + self.aviation_codes[1]

    @lazy
    def written_dates(self) -> list[tuple[int | None, int, int]]:
        """The dates the results and calls write, in any spelling, in their order."""
        return [date for _, _, date in find_dates(self.haystack)]

    @lazy
    def dates(self) -> frozenset[tuple[int | None, int, int]]:
        found: set[tuple[int | None, int, int]] = set()
        for year, month, day in self.written_dates:
            found.add((year, month, day))
            found.add((None, month, day))
        found |= epoch_dates(f.result for f in self.ok)
        found |= timestamp_neighbour_dates(self.haystack)
        found |= period_bounds(self.haystack)
        found |= days_moved_in_rows((f.rows, f.header) for f in self.ok)
        for match in _COMPACT_DATE_RE.finditer(self.haystack):
            year, month, day = (int(part) for part in match.groups())
            found.update(((year, month, day), (None, month, day)))
        return frozenset(found)

    @lazy
    def url_forms(self) -> frozenset[str]:
        forms: set[str] = set()
        # A URL the user gave is a source the reply may cite (DESIGN.md section 4); the
        # user's message grounds nothing else.
        for _, _, url in find_urls(f"{self.haystack}\n{self.user_message}"):
            forms.update(url_forms(normalise_url(url)))
        for facts in self.facts:
            forms |= facts.url_forms
        return frozenset(forms)

    @lazy
    def url_hosts(self) -> frozenset[str]:
        return frozenset(form.split("/", 1)[0] for form in self.url_forms)

    @lazy
    def stated_numbers(self) -> list[tuple[int, frozenset[str],
                                          tuple[frozenset[str], frozenset[str]]]]:
        """Every standalone integer of the successful results with the words beside it
        (and those words indexed for :class:`Relation`)."""
        return stated_numbers(self.ok)

    @lazy
    def ok_lower(self) -> tuple[str, list[int]]:
        """The successful results lower-cased, joined by NUL, and where each begins."""
        # Each lower-cased alone: lower-casing may change a text's length ("İ").
        lowered = [f.result_lower for f in self.ok]
        starts: list[int] = []
        at = 0
        for text in lowered:
            starts.append(at)
            at += len(text) + 1
        return "\0".join(lowered), starts

    @lazy
    def breakdowns(self) -> list[tuple[int | float, tuple[frozenset[str], frozenset[str]]]]:
        """The total of every breakdown of a successful result that is a JSON object (see
        :mod:`.records`), with its key's words indexed for :class:`Relation`."""
        return [(total, Relation.forms(text_keywords(key)))
                for f in self.ok
                # Only a result that begins with a brace parses to an object, and only one
                # with a second brace holds an object in it: a breakdown.
                if f.result.count("{") > 1 and f.result.lstrip().startswith("{")
                and is_mapping(f.parsed_json)
                for key, total in breakdowns(f.parsed_json)]

    def only_a_list_position(self, value: int) -> bool:
        """``value`` stands in the successful results only as a numbered list's position
        ("12. Maya L.", "3) rotate keys") or in a column that numbers the rows 1, 2, 3…
        ("dorsal", "#"): a place in the list, no figure of its items."""
        numbers = self._list_positions
        # Near the list's end only: a count one or two short of the last position looks
        # like it quotes that position; "5 rondas" beside a ranking of eight does not.
        positions = numbers.count(value) if numbers and value >= max(numbers) - 2 else 0
        positions += sum(1 for rows in self.derivations.rows
                         for last in numbering_columns(rows) if last - 2 <= value <= last)
        return bool(positions) and self._standing_ints.get(value, 0) <= positions

    @lazy
    def _list_positions(self) -> list[int]:
        """Every numbered list's positions in the successful results, in order."""
        joined = "\0".join(f.result for f in self.ok)
        return [int(m.group(1)) for m in LIST_POSITION_RE.finditer(joined)]

    @lazy
    def _standing_ints(self) -> dict[int, int]:
        """How many times each standalone integer stands in the successful results (see
        :attr:`ok_integers`, which reads them all in this one pass)."""
        joined = "\0".join(f.result for f in self.ok)
        found: dict[int, int] = {}
        for match in STANDALONE_INT_RE.finditer(joined):
            number = int(match.group(0).replace(",", ""))
            found[number] = found.get(number, 0) + 1
        return found

    @lazy
    def object_rows(self) -> list[Row | None]:
        """Per successful result, in order: the row of its own fields when it is a JSON
        object (what :func:`table_rows` reads first from it, without its arrays' rows),
        else None (a text's first line has only numbered columns, no named fields)."""
        return [object_row(f.parsed_json)
                if f.result.lstrip().startswith("{") and is_mapping(f.parsed_json)
                else None for f in self.ok]

    @lazy
    def ok_integers(self) -> frozenset[int]:
        """Every standalone integer of a successful result (see :attr:`EventFacts.numbers`),
        read in one pass over the results joined by NUL: next to a number's digits NUL
        is what a text's edge is to the pattern (none of the characters it looks for), so
        it finds what it finds in each result alone."""
        return frozenset(self._standing_ints)

    def holding(self, probes: frozenset[str]) -> list[EventFacts]:
        """The successful results, in order, that may hold a word a probe was made from:
        one whose lower-cased text holds a probe, or any not ``plain`` (see
        :attr:`EventFacts.plain`: a plain result is ASCII, lower-cased alike alone or
        joined). Each probe is looked for once in all the results joined."""
        text, starts = self.ok_lower
        held: set[int] = set()
        for probe in probes:
            if "\0" in probe:
                return list(self.ok)
            at = text.find(probe)
            while at >= 0:
                index = bisect_right(starts, at) - 1
                held.add(index)
                following = index + 1
                if following == len(starts):
                    break
                at = text.find(probe, starts[following])
        if not held:
            return list(self.not_plain)
        return [f for index, f in enumerate(self.ok) if index in held or not f.plain]

    @lazy
    def not_plain(self) -> list[EventFacts]:
        """The successful results that are not plain (see :meth:`holding`)."""
        return [f for f in self.ok if not f.plain]

    def specific_counts(self, context: frozenset[str]) -> set[int]:
        """Numbers the results state next to one of the claim's words ("31 passed", "2
        files"). Only the results that may hold such a word are read (see
        :func:`relation_probes`): every number labelled with a related word is in one of
        them, so the labels shared by many numbers are counted there alike."""
        relation = Relation(context)
        pool = self.ok if relation.related_forms(_TOTAL_FORMS) else \
            self.holding(relation_probes(context))
        return {value for value, _, forms in stated_numbers(pool)
                if relation.related_forms(forms)}

    def states_beside_a_count_word(self, value: int) -> bool:
        """A result states ``value`` next to a generic count word such as ``total`` or
        ``count`` (and none of the claim's words: asked when it has no specific count)."""
        return value in self.ok_integers and value in self.count_word_numbers

    @lazy
    def count_word_numbers(self) -> frozenset[int]:
        return frozenset(value for value, keys, _ in self.stated_numbers if keys & COUNT_WORDS)


# "total", which a label gets when a count word stands before its key ("Total Objects: 6"),
# though the result may not write it there.
_TOTAL_FORMS = Relation.forms({"total"})


def relation_probes(context: Iterable[str]) -> frozenset[str]:
    """What a plain result must hold for a word of it to be related (see
    :class:`Relation`) to one of ``context``'s stems. A result's word is a stem, a prefix
    of the lower-cased word it stands for; a related stem equals it, adds or drops a
    plural ``s``, or shares its first four letters or more. So the result holds the
    stem's first four characters when it has five or more, else the stem itself, or
    without its ``s``."""
    return frozenset(b[:4] if len(b) >= 5 else b[:-1] if b.endswith("s") else b
                     for b in context)


def stated_numbers(pool: Sequence[EventFacts]) -> list[tuple[int, frozenset[str],
                                                            tuple[frozenset[str],
                                                                  frozenset[str]]]]:
    """Every standalone integer of the results of ``pool`` with the words beside it (and
    those words indexed for :class:`Relation`)."""
    # Words beside many different numbers (a log's "request 880013 upstream ...", an id
    # column) label a field of every line, not a count of anything.
    values_by_keys: dict[frozenset[str], set[int]] = {}
    for facts in pool:
        for value, keys in facts.number_neighbours:
            values_by_keys.setdefault(keys, set()).add(value)
    return [(value, keys, forms) for facts in pool
            for value, keys, forms in facts.labelled_numbers
            if len(values_by_keys[keys]) <= MAX_VALUES_PER_LABEL]
