"""English claim tables: one module per word class, bound here into the pack."""

from __future__ import annotations

from ...claims.pack import build_pack
from .absence import ABSENCE as ABSENCE
from .absence import ANSWER_ABSENCE as ANSWER_ABSENCE
from .absence import DENIAL as DENIAL
from .absence import DOUBLE_NEGATION as DOUBLE_NEGATION
from .absence import NEGATION as NEGATION
from .absence import THRESHOLD_ABSENCE as THRESHOLD_ABSENCE
from .absence import THRESHOLD_BOUND as THRESHOLD_BOUND
from .absence import THRESHOLD_SIDES as THRESHOLD_SIDES
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
from .numbers import COUNT_RULES as COUNT_RULES
from .numbers import DECIMAL_DOT as DECIMAL_DOT
from .numbers import LABEL_BEFORE as LABEL_BEFORE
from .numbers import NUMBER_WORDS as NUMBER_WORDS
from .observation import ADDITIVE as ADDITIVE
from .observation import ATTRIBUTION as ATTRIBUTION
from .observation import NAMED_SOURCE as NAMED_SOURCE
from .observation import READING_CUE as READING_CUE
from .observation import TOOL_USE as TOOL_USE
from .persons import ENTITY_CUE as ENTITY_CUE
from .persons import FIRST_PERSON as FIRST_PERSON
from .persons import FIRST_POSSESSIVE as FIRST_POSSESSIVE
from .persons import SECOND_PERSON as SECOND_PERSON
from .persons import SUPERLATIVE_CUE as SUPERLATIVE_CUE
from .persons import SUPERLATIVE_TRIGGERS as SUPERLATIVE_TRIGGERS
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
from .value_cues import DETERMINER_BEFORE as DETERMINER_BEFORE
from .value_cues import LIMIT_BEFORE as LIMIT_BEFORE
from .value_cues import PREMISE_BEFORE as PREMISE_BEFORE
from .vocabulary import GENERIC_WORDS as GENERIC_WORDS
from .vocabulary import STOPWORDS as STOPWORDS
from .vocabulary import SYNONYMS as SYNONYMS

__all__ = ["ACTIONS", "ATTRIBUTION", "PACK", "TOOL_USE"]

PACK = build_pack("en", globals())
