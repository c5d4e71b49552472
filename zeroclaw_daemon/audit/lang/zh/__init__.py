"""Simplified Chinese claim tables: one module per word class, bound here into the pack.

Chinese has no spaces, so clause marks (，：；) and sentence marks (。！？)
do the segmenting, subject words are matched as character bigrams plus a
synonym table into the English words tool names use, and counts are
"<numeral><classifier><noun>" (``七个``, ``共有 7 行``).
"""

from __future__ import annotations

from ...claims.pack import build_pack
from .absence import ABSENCE as ABSENCE
from .absence import DENIAL as DENIAL
from .absence import LACK as LACK
from .absence import NEGATION as NEGATION
from .actions import ACTIONS as ACTIONS
from .clauses import CLAUSE_BREAK as CLAUSE_BREAK
from .clauses import CONDITIONAL as CONDITIONAL
from .clauses import CONTRAST as CONTRAST
from .clauses import FAILURE as FAILURE
from .clauses import GENERAL as GENERAL
from .clauses import HEDGE as HEDGE
from .clauses import NEGATED as NEGATED
from .clauses import QUESTION as QUESTION
from .clauses import SENTENCE_END as SENTENCE_END
from .completion import COMPLETION as COMPLETION
from .completion import PRESENTATION as PRESENTATION
from .counts import COUNT_RE as COUNT_RE
from .counts import NOT_A_NOUN_AFTER as NOT_A_NOUN_AFTER
from .counts import SKIP_BEFORE as SKIP_BEFORE
from .counts import STRONG_ONE_BEFORE as STRONG_ONE_BEFORE
from .counts import find_counts as find_counts
from .numbers import DECIMAL_DOT as DECIMAL_DOT
from .numbers import DIGITS as DIGITS
from .numbers import MULTIPLIERS as MULTIPLIERS
from .numbers import WORD_VALUE_RE as WORD_VALUE_RE
from .numbers import find_word_values as find_word_values
from .numbers import parse_chinese_number as parse_chinese_number
from .observation import ADDITIVE as ADDITIVE
from .observation import ATTRIBUTION as ATTRIBUTION
from .observation import NAMED_SOURCE as NAMED_SOURCE
from .observation import TOOL_USE as TOOL_USE
from .persons import FIRST_PERSON as FIRST_PERSON
from .persons import SECOND_PERSON as SECOND_PERSON
from .persons import SURNAMES as SURNAMES
from .quantifiers import BOUND_BEFORE as BOUND_BEFORE
from .quantifiers import EXCEPTION as EXCEPTION
from .quantifiers import KIND_NOUNS as KIND_NOUNS
from .quantifiers import LEFT_OVER as LEFT_OVER
from .quantifiers import NONE_QUANTIFIER as NONE_QUANTIFIER
from .quantifiers import REMAINDER as REMAINDER
from .quantifiers import RESIDUAL as RESIDUAL
from .quantifiers import SUBSET as SUBSET
from .quantifiers import UNIVERSAL as UNIVERSAL
from .states import STATES as STATES
from .time_words import DAY_SCOPE as DAY_SCOPE
from .time_words import DAYPARTS as DAYPARTS
from .time_words import PRESENT_STATE as PRESENT_STATE
from .time_words import TIME_SCOPE as TIME_SCOPE
from .triggers import TRIGGERS as TRIGGERS
from .vocabulary import GENERIC_TERMS as GENERIC_TERMS
from .vocabulary import GENERIC_WORDS as GENERIC_WORDS
from .vocabulary import STOPWORDS as STOPWORDS
from .vocabulary import SYNONYM_RE as SYNONYM_RE
from .vocabulary import SYNONYMS as SYNONYMS

__all__ = ["ACTIONS", "PACK"]

PACK = build_pack("zh", globals(), cjk=True)
