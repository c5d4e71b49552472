"""A language pack: one language's tables, and how a language module turns into one.

A language module is data plus the few functions only its language needs. It
defines, at module level, the upper-case tables named in :data:`PATTERN_SLOTS`
(each a compiled :func:`~._text.phrase`), ``STOPWORDS``, ``GENERIC_WORDS``,
``SYNONYMS``, ``TRIGGERS`` (see :mod:`._gate`), optionally ``SYNONYM_RE`` and
``CONTRAST``, and how it counts: ``COUNT_RULES`` (Latin-script "<number>
<noun>", read by :func:`._counts.latin_counts`) or ``COUNT_RE`` with a
``find_counts`` function; then ends with ``PACK = build_pack("xx", globals())``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .branches import BranchScan
from .gate import Gate
from .guard import guarded
from .text import lowered_scan
from .types import RawCount
from .words import fold, stem

if TYPE_CHECKING:
    from .counts import LatinCountRules
    from .lexicon import ActionLexicon

# Pattern contracts: ``attribution`` may capture ``subj`` (the named source);
# ``completion`` captures ``fp`` when first person; ``absence`` may capture
# ``subj`` (what is absent) and ``cont`` (where).
PATTERN_SLOTS = ("sentence_end", "clause_break", "question", "conditional", "hedge", "negated",
                 "general", "failure", "tool_use", "attribution", "completion", "presentation",
                 "absence")

# The patterns whose alternatives are scanned one by one, where a sentence's words allow
# them (the absence pattern: two dozen alternatives, most impossible in a sentence; tool
# use and completion: long alternatives of verbs, most sentences opened by one word that
# the rest of its alternative lacks). Attribution and presentation stay whole: their
# alternatives are few and short, and asking their filters costs more than a scan.
BRANCH_SCANNED = ("absence", "tool_use", "completion")

CountFinder = Callable[[str, "LanguagePack", int, int], list[RawCount]]
WordValueFinder = Callable[[str], list[tuple[int, int, bool, Decimal]]]


@dataclass(frozen=True, slots=True)
class LanguagePack:
    """One language's tables. Every pattern is compiled at import of its module."""

    code: str
    patterns: Mapping[str, re.Pattern[str]]   # one per name in PATTERN_SLOTS
    stopwords: frozenset[str]
    generic_words: frozenset[str]
    synonyms: Mapping[str, tuple[str, ...]]
    gate: Gate
    count_pattern: re.Pattern[str]             # what the count finder scans with
    count_rules: LatinCountRules | None = None
    find_counts: CountFinder | None = None     # when the language does not count like Latin
    synonym_re: re.Pattern[str] | None = None
    cjk: bool = False
    contrast: re.Pattern[str] | None = None    # "but", "only": an absence beside a presence
    # Second-person words ("you", "tú", "你"): a value the reply gives back to the user
    # ("the 18 °C you mentioned") is the user's, not a tool's.
    second_person: re.Pattern[str] | None = None
    # Subset quantifiers ("of them", "the remaining", "其中", "los dos últimos"): a count
    # of part of the result, not of all its items.
    subset: re.Pattern[str] | None = None
    # Nouns and measure words of kinds ("kinds", "variedades", 种, 品种), matched at the start
    # of a count's noun: a count of kinds is of distinct items, never a sum of a figure
    # column ("9 个品种" is no total of a "batches" column).
    kind_nouns: re.Pattern[str] | None = None
    # A complement of kind right after a count's noun ("2 alarmas de humedad": "de" and a
    # bare noun, no article): it narrows the count to the items of one kind.
    kind_complement: re.Pattern[str] | None = None
    # Residual determiners ("other", "otras", 其他): "no other warnings" denies only what
    # the reply has not already named, which a result holding such items cannot refute.
    residual: re.Pattern[str] | None = None
    # A double negation right after a denied noun ("ningún mes sin consumo", "no month
    # without usage"): every item has the thing, a universal, not an absence.
    double_negation: re.Pattern[str] | None = None
    # A noun a number labels, right before it ("ep 10", "line 5", "andén 3"): the number
    # is that thing's designation, not a count of the noun after it (claims/counts.py).
    label_before: re.Pattern[str] | None = None
    # Days named relative to the turn, in groups ``today``, ``tomorrow``, ``yesterday``
    # ("tonight" is today's): an absence scoped to them (checks/absence_days.py).
    day_scope: re.Pattern[str] | None = None
    # Words of what remains ("left", "queda", 没有了): "none left" with no noun of its own
    # says every item is taken; the result's items are the taken ones.
    remainder: re.Pattern[str] | None = None
    # Words of what is left or free of a capacity ("3 places left", "quedan 9", "剩 3 个"):
    # a count said with one may be a record's capacity less its taken (count_totals.py).
    left_over: re.Pattern[str] | None = None
    # A negative pronoun that is the whole answer ("Nothing this month."): matched at the
    # start of each sentence, not searched (claims/extract.py).
    answer_absence: re.Pattern[str] | None = None
    # Universal quantifiers ("every", "todas", 所有) and the words that except some items
    # ("except", "salvo", 除了): "every bay is occupied" is refuted by a row in another state.
    universal: re.Pattern[str] | None = None
    exception: re.Pattern[str] | None = None
    # Words of lacking ("falta", 缺): an absence said with one denies items in a state of
    # lacking ("missing"), not the items (checks/absence_lacks.py).
    lack: re.Pattern[str] | None = None
    # Present-state markers ("now", "ahora", 现在): a value said to hold now, which a
    # failed call was to set, presents that call's outcome.
    present_state: re.Pattern[str] | None = None
    # Negative quantifiers ("none", "ningún", 没有) and bound words ending right before a
    # number ("below", "por debajo del", 低于): "none of them is below 75%" denies what a
    # call selected by below_pct=75.
    none_quantifier: re.Pattern[str] | None = None
    bound_before: re.Pattern[str] | None = None
    # Words of a limit ending right before a value ("before", "by", "until", "hasta las") and
    # determiners right before a value that modifies a noun ("the", "a", "Tuesday's"): a
    # value of the user's message restated after either (in both messages) is the user's
    # own limit or thing, not a tool's finding (checks/user_values.py).
    limit_before: re.Pattern[str] | None = None
    determiner_before: re.Pattern[str] | None = None
    # A preposition and article that make the value after them a premise of the reply ("for
    # a 07:45 launch", "with an 08:30 start", "para la salida de las 7:45"): with the value
    # in the user's message, it is the user's plan restated (checks/user_values.py).
    premise_before: re.Pattern[str] | None = None
    # Verbs and phrases of reading a source, with any subject ("shows", "lists", "according
    # to", "muestra", "según"): a sentence holding one attributes its values to a source,
    # and the user's message never grounds them.
    reading_cue: re.Pattern[str] | None = None
    # First-person possessives ("my", "our", "mi", "nuestra"): the user's value after one
    # is of the user's own thing ("my 10am cutoff").
    first_possessive: re.Pattern[str] | None = None
    # Verbs of action and observation, checks a state claim names (``ACTIONS``).
    actions: ActionLexicon | None = None
    # Negation words ("not", "none", "ningún", "不"): a user's value in a negated clause
    # ("none of the charges is $512.40") is denied, not presented as observed.
    negation: re.Pattern[str] | None = None
    # Entity cues, case-sensitive, each capturing a name in a group named ``name``...
    # ("sent by Mallory", "Mallory opened"): a name presented as the tool's finding.
    entity_cue: re.Pattern[str] | None = None
    # A superlative that picks one out of the results ("el mayor anunciante fue", "the top
    # seller was"), case-sensitive, capturing the name after it in ``name``: read off the
    # results, so named there, in any sentence.
    superlative_cue: re.Pattern[str] | None = None
    # Words one of which every match of ``superlative_cue`` holds, each a whole run of
    # letters of the lower-cased text ("the"; "el", "la"): a sentence holding none is not
    # searched (``SUPERLATIVE_TRIGGERS``; empty: every sentence is).
    superlative_triggers: frozenset[str] = frozenset()
    # First-person words ("I", "we", "puedo", "我"): a hedge that is the speaker's own offer
    # ("I can check <url>") cites nothing; "you can follow it at <url>" does.
    first_person: re.Pattern[str] | None = None
    # Words scoping a statement to after a moment ("since", "desde", "之后"): an absence
    # "after 10:16" speaks of part of the result only.
    time_scope: re.Pattern[str] | None = None
    # Values written in number words ("百分之二十五", "三点五万"): (start, end, is_percent,
    # value, unit the value is written to) in text[start:end].
    find_word_values: WordValueFinder | None = None
    # Parts of the day, each with its hours ("afternoon": 12-18, 下午): an absence "in the
    # afternoon" is false when a result lists a time in those hours.
    dayparts: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    # Patterns scanned alternative by alternative (:mod:`.branches`), by slot.
    scans: Mapping[str, BranchScan] = field(default_factory=dict)
    # ``patterns`` as the claim finders search them: behind a first-character guard where
    # one applies (:mod:`.guard`; the same matches, found sooner).
    searching: Mapping[str, re.Pattern[str]] = field(init=False, default_factory=dict)
    # ``stopwords | generic_words``, built once (claims and checks ignore both alike).
    common_words: frozenset[str] = field(init=False, default=frozenset())
    # ``universal`` case-sensitive, for lower-cased text (see :func:`.text.lowered_scan`).
    universal_scan: re.Pattern[str] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "common_words", self.stopwords | self.generic_words)
        object.__setattr__(self, "universal_scan", lowered_scan(self.universal))
        object.__setattr__(self, "searching",
                           {slot: guarded(p) for slot, p in self.patterns.items()})
    # Family names written first, one character each (Chinese 姓, a closed class): a name
    # of the result written with another given name is a changed name.
    surnames: frozenset[str] = frozenset()
    # A dot between digits is only a decimal point: the language groups thousands with
    # commas ("1,012"), so a reply's "1.012" is 1.012, never 1012 (``DECIMAL_DOT``).
    decimal_dot: bool = False
    # Words of a record's state (取消, "retrasada"), keyed by the Han word or the Latin
    # form folded, to the stems of the English words results write it in (``STATES``):
    # "没有取消的" over a status "cancelled".
    states: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # An additive particle ("also", "también", 还): the speaker did one thing more.
    additive: re.Pattern[str] | None = None
    # The object of a lookup that names one particular source ("the tribunal tracker",
    # "la ficha técnica del fabricante", 福特官方的技术规格), matched from its start: not a
    # state or an amount ("empty", "everything logged", 最近 7 天的) (checks/tool_use.py).
    named_source: re.Pattern[str] | None = None
    # Any word of denial or failure, broadly (negations, refusals, errors): a reply holding
    # none after calls that all failed does not disclose the failure (checks/disclosure.py).
    denial: re.Pattern[str] | None = None
    # An absence past a bound ("nothing under the 3 mm limit"): groups ``below`` or
    # ``above`` (the side), ``bound`` and ``unit`` (checks/threshold_absences.py).
    threshold_absence: re.Pattern[str] | None = None
    # What every threshold absence holds, cheap to find: a side word and a figure.
    threshold_bound: re.Pattern[str] | None = None
    # The side words of ``threshold_bound``, found by substring first (a reply with none
    # holds no threshold absence).
    threshold_sides: tuple[str, ...] = ()


def build_pack(code: str, tables: Mapping[str, Any], *, cjk: bool = False) -> LanguagePack:
    """The pack of a language module's tables (usually its ``globals()``)."""
    rules: LatinCountRules | None = tables.get("COUNT_RULES")
    count_pattern = rules.count_re if rules is not None else tables["COUNT_RE"]
    return LanguagePack(
        code=code,
        patterns={slot: tables[slot.upper()] for slot in PATTERN_SLOTS},
        stopwords=tables["STOPWORDS"],
        generic_words=tables["GENERIC_WORDS"],
        synonyms=tables["SYNONYMS"],
        gate=Gate.from_triggers(tables["TRIGGERS"], cjk),
        count_pattern=count_pattern,
        count_rules=rules,
        find_counts=None if rules is not None else tables["find_counts"],
        synonym_re=tables.get("SYNONYM_RE"),
        cjk=cjk,
        contrast=tables.get("CONTRAST"),
        second_person=tables.get("SECOND_PERSON"),
        additive=tables.get("ADDITIVE"),
        named_source=tables.get("NAMED_SOURCE"),
        denial=tables.get("DENIAL"),
        threshold_absence=tables.get("THRESHOLD_ABSENCE"),
        threshold_bound=tables.get("THRESHOLD_BOUND"),
        threshold_sides=tables.get("THRESHOLD_SIDES", ()),
        subset=tables.get("SUBSET"),
        kind_nouns=tables.get("KIND_NOUNS"),
        kind_complement=tables.get("KIND_COMPLEMENT"),
        residual=tables.get("RESIDUAL"),
        double_negation=tables.get("DOUBLE_NEGATION"),
        label_before=tables.get("LABEL_BEFORE"),
        day_scope=tables.get("DAY_SCOPE"),
        remainder=tables.get("REMAINDER"),
        left_over=tables.get("LEFT_OVER"),
        answer_absence=tables.get("ANSWER_ABSENCE"),
        universal=tables.get("UNIVERSAL"),
        exception=tables.get("EXCEPTION"),
        lack=tables.get("LACK"),
        present_state=tables.get("PRESENT_STATE"),
        none_quantifier=tables.get("NONE_QUANTIFIER"),
        bound_before=tables.get("BOUND_BEFORE"),
        limit_before=tables.get("LIMIT_BEFORE"),
        determiner_before=tables.get("DETERMINER_BEFORE"),
        premise_before=tables.get("PREMISE_BEFORE"),
        reading_cue=tables.get("READING_CUE"),
        first_possessive=tables.get("FIRST_POSSESSIVE"),
        actions=tables.get("ACTIONS"),
        negation=tables.get("NEGATION"),
        entity_cue=tables.get("ENTITY_CUE"),
        superlative_cue=tables.get("SUPERLATIVE_CUE"),
        superlative_triggers=frozenset(tables.get("SUPERLATIVE_TRIGGERS", "").split()),
        first_person=tables.get("FIRST_PERSON"),
        time_scope=tables.get("TIME_SCOPE"),
        find_word_values=tables.get("find_word_values"),
        dayparts=tables.get("DAYPARTS", {}),
        scans={slot: scan for slot in BRANCH_SCANNED
               if (scan := BranchScan.of(tables[slot.upper()], cjk)) is not None},
        surnames=tables.get("SURNAMES", frozenset()),
        decimal_dot=tables.get("DECIMAL_DOT", False),
        states={(word if cjk else fold(word)): frozenset(stem(w) for w in words)
                for word, words in tables.get("STATES", {}).items()},
    )
