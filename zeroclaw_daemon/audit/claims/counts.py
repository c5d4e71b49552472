"""Counts written "<number> <noun>" in Latin-script languages ("5 files", "tres resultados").

A language module gives its :class:`LatinCountRules`: the number pattern, its
number words, and the words that make a number not a count ("the top 3", "3
times", "hace 2 días").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .gate import DIGIT_ENTRY, LETTER_RUN_RE
from .guard import guarded
from .numbers import UNIT_WORDS, YEAR_MAX, YEAR_MIN, number_readings
from .types import RawCount
from .words import fold

if TYPE_CHECKING:
    from .pack import LanguagePack

# The next word, past markdown emphasis around the number or the word ("**10** certificates",
# "3 *open* pumps"): formatting, not words.
LATIN_NEXT_WORD_RE = re.compile(r"(?:\*{1,3}|_{1,3})?\s+(?:\*{1,3}|_{1,3})?"
                                r"([A-Za-z\u00C0-\u024F][\w'’-]*)")


def count_triggers(number_words: Iterable[str]) -> str:
    """The gate triggers of a count pattern (see :mod:`._gate`): a digit, or the longest
    word of each number word ("twenty-one" holds "twenty", "a dozen" holds "dozen")."""
    tokens = {max(LETTER_RUN_RE.findall(word.lower()), key=len) for word in number_words}
    return " ".join([DIGIT_ENTRY, *sorted(tokens)])


def number_words_pattern(words: Iterable[str]) -> str:
    """An alternation of number words as whole words, the longest preferred.

    Written as a trie (``t(?:en|h(?:irt(?:een|y)|ree)|...)``): ``sre`` tries the
    branches of an alternation one by one, so a flat list of a hundred words costs a
    hundred checks at every word of the text, the trie a handful.
    """
    return r"\b(?:" + trie_pattern(words) + r")\b"


def trie_pattern(words: Iterable[str]) -> str:
    """A regex matching exactly ``words``, longest first, factored by common prefixes."""
    root: dict[str, Any] = {}
    for word in set(words):
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items())
                    if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body   # greedy: the longer word first

    return emit(root)


@dataclass(frozen=True, slots=True)
class LatinCountRules:
    """How a Latin-script language writes "<number> <noun>"."""

    count_re: re.Pattern[str]            # group "num"
    number_words: Mapping[str, int]
    skip_before: re.Pattern[str]         # searched in the text just before the number
    noun_first: bool                     # Spanish: noun then adjectives; English: the reverse
    non_count: frozenset[str]
    after_stop: frozenset[str]           # words after the noun that make it not a count
    one_words: frozenset[str]            # "one", "un", "una": counted only after a quantifier
    one_quantifier: re.Pattern[str]
    irregular_plurals: frozenset[str] = frozenset()
    # "all 6 of your holds": a universal quantifier before the number and a partitive
    # after it name the whole list (the number, then the noun after the partitive).
    whole_before: re.Pattern[str] | None = None
    whole_partitive: re.Pattern[str] | None = None
    # ``count_re`` as it is scanned: behind its first-character guard (:mod:`.guard`).
    count_scan: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "count_scan", guarded(self.count_re))


def parse_latin_number(text: str, words: Mapping[str, int]) -> int | None:
    if text.isdecimal():
        return int(text)   # digits alone: their one reading, an integer
    lowered = fold(text)
    if lowered.replace(",", "").replace(".", "").isdigit():
        readings = number_readings(lowered)
        integral = [r for r in readings if r == r.to_integral_value()]
        return int(integral[0]) if integral else None
    if lowered in words:
        return words[lowered]
    if "-" in lowered:
        head, _, tail = lowered.partition("-")
        if head in words and tail in words:
            return words[head] + words[tail]
    return None


def _is_plural(word: str, rules: LatinCountRules) -> bool:
    lowered = fold(word)
    if lowered in rules.irregular_plurals:
        return True
    return len(lowered) >= 3 and lowered.endswith("s") and not lowered.endswith(("ss", "us"))


def find_counts(text: str, pack: LanguagePack, start: int, end: int) -> list[RawCount]:
    """The pack's raw counts in ``text[start:end]``: by its own finder, else as Latin script."""
    if pack.count_rules is None:
        return pack.find_counts(text, pack, start, end) if pack.find_counts else []
    return latin_counts(text, pack, pack.count_rules, start, end)


def latin_counts(text: str, pack: LanguagePack, rules: LatinCountRules, start: int = 0,
                 end: int | None = None) -> list[RawCount]:
    """"<number> <noun>" counts for English-like and Spanish-like languages."""
    found: list[RawCount] = []
    for match in rules.count_scan.finditer(text, start, len(text) if end is None else end):
        num_text = match.group("num")
        value = parse_latin_number(num_text, rules.number_words)
        if value is None:
            continue
        digits = num_text[0].isdigit()
        if digits and len(num_text) == 4 and YEAR_MIN <= value <= YEAR_MAX:
            continue
        word_match = LATIN_NEXT_WORD_RE.match(text, match.end())
        if word_match is None:
            continue
        first = fold(word_match.group(1))
        partitive = _whole_partitive(text, match, rules)
        if partitive is not None:
            word_match = LATIN_NEXT_WORD_RE.match(text, partitive)
            if word_match is None:
                continue
            first = fold(word_match.group(1))
        if first in UNIT_WORDS or first in pack.stopwords:
            continue  # "22 km/h", "3 of them": not "<number> <noun>"
        words = [word_match.group(1)]
        for _ in range(3):   # the noun phrase is read from the next four words at most
            word_match = LATIN_NEXT_WORD_RE.match(text, word_match.end())
            if word_match is None:
                break
            words.append(word_match.group(1))
        # The noun first: it rules out most numbers, and costs less than a search of the
        # words before the number (a long alternation ending at "$" is tried at every one
        # of their 30 characters).
        head = _noun_head(words, value, rules, pack)
        if head is None:
            continue
        before = text[max(0, match.start() - 30):match.start()]
        if before.endswith(_EMPHASIS):
            # "unas **1.450 personas**": the marks set the figure off; the words before
            # them ("about") still say what kind of figure it is.
            before = before[:-2]
        if rules.skip_before.search(before):
            continue
        if fold(num_text) in rules.one_words and not rules.one_quantifier.search(before):
            continue
        noun_words, end_word_index = head
        # The span ends after the noun phrase's last word.
        span_end = match.end()
        for word in words[:end_word_index + 1]:
            span_end = text.index(word, span_end) + len(word)
        found.append(RawCount(match.start(), span_end, value, " ".join(noun_words), digits))
    return found


_EMPHASIS = ("**", "__")

# A capitalised word inside a sentence (after a lower-case word, or after a number that
# counts the labelled things: "212 Cat 2 incidents"), right before a number.
_NAME_BEFORE_RE = re.compile(r"[a-z\u00DF-\u00FF,\d]\s+([A-Z\u00C0-\u00DE][a-z\u00DF-\u00FF]+) $")


# An acronym of two to five capitals right before the number: a standard, a model or a
# class names itself so ("EN 892 single ropes", "ISO 9001 audits"). "OK" is an answer.
_ACRONYM_BEFORE_RE = re.compile(r"(?<![\w-])(?!OK )[A-Z]{2,5} $")


def labelled_by_a_name(text: str, start: int, pack: LanguagePack) -> bool:
    """"the Year 11 changes", "booked in Room 204", "en la Sala 3", "212 Cat 2 incidents": a
    number right after a capitalised noun inside a sentence is that thing's label, not a
    count. (A sentence's first word is capitalised anyway: "Found 3 files" still counts.)"""
    if _ACRONYM_BEFORE_RE.search(text, max(0, start - 8), start) is not None:
        return True   # "EN 892", "ISO 9001", "RFC 9110": a designation, not a count
    if pack.label_before is not None and pack.label_before.search(
            text, max(0, start - 16), start) is not None:
        return True   # "the two ep 10 jobs", "the line 5 buses": the thing's number
    match = _NAME_BEFORE_RE.search(text, max(0, start - 32), start)
    if match is None:
        return False
    word = fold(match.group(1))
    numbers = pack.count_rules.number_words if pack.count_rules is not None else {}
    return word not in pack.stopwords and word not in numbers


def _whole_partitive(text: str, match: re.Match[str], rules: LatinCountRules) -> int | None:
    """Where the noun begins after "all <number> of your", or None."""
    if rules.whole_before is None or rules.whole_partitive is None:
        return None
    before = text[max(0, match.start() - 12):match.start()]
    if not rules.whole_before.search(before):
        return None
    partitive = rules.whole_partitive.match(text, match.end())
    return partitive.end() - 1 if partitive is not None else None


# Words of a quantity that name items when a modifier says what each one is.
_NAMED_UNITS = frozenset({"units", "unidades"})


def _noun_head(words: list[str], value: int, rules: LatinCountRules,
               pack: LanguagePack) -> tuple[list[str], int] | None:
    """The noun phrase after a number, or None when what follows is not a counted noun."""
    if not words:
        return None
    first = fold(words[0])
    if first in UNIT_WORDS or first in pack.stopwords or first in rules.non_count:
        return None
    if rules.noun_first:
        if (value != 1 and not _is_plural(words[0], rules) and len(words) > 1
                and _is_plural(words[1], rules) and fold(words[1]) not in pack.stopwords):
            words = [words[0] + " " + words[1], *words[2:]]  # a loanword: "pull requests"
        elif value != 1 and not _is_plural(words[0], rules):
            return None
        if len(words) > 1 and fold(words[1]) in rules.after_stop:
            return None
        head = [words[0]]
        if len(words) > 1 and fold(words[1]) not in pack.stopwords:
            head.append(words[1])
        return head, 0
    noun_phrase: list[str] = []
    for index, word in enumerate(words[:3]):
        folded = fold(word)
        if folded in pack.stopwords or folded in UNIT_WORDS:
            break
        if folded in rules.non_count and not (index and folded in _NAMED_UNITS):
            return None   # "13 red-cell units": a kind of unit named is a thing counted
        if (folded.endswith("est") and len(folded) > 4) or folded in rules.after_stop:
            return None  # "the 3 largest files": a selection, not a total
        noun_phrase.append(word)
        if value != 1 and _is_plural(word, rules):
            following = fold(words[index + 1]) if index + 1 < len(words) else ""
            if following in rules.after_stop:
                return None
            return noun_phrase, index
    if value == 1 and noun_phrase:
        return noun_phrase, len(noun_phrase) - 1
    return None


def names_a_title(text: str, start: int, end: int) -> bool:
    """A number word and its noun both capitalised ("Three Lakes WMA", "Seven Oaks"): a
    name, no count (an acronym is no such noun: "Six DNFs" counts)."""
    words = text[start:end].split()
    return len(words) >= 2 and all(word[:1].isupper() and word[1:2].islower()
                                   for word in words[:2])
