"""English number words and how English counts: "<number> <noun>" with digits or
number words, thousands grouped by commas, and the nouns a number labels."""

from __future__ import annotations

import re

from ...claims.counts import LatinCountRules, number_words_pattern
from ...claims.text import phrase, word_set

_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
NUMBER_WORDS: dict[str, int] = {**_UNITS, **_TEENS, **_TENS, "hundred": 100, "dozen": 12,
                                "a dozen": 12}
NUMBER_WORDS.update({f"{tens}-{unit}": tv + uv for tens, tv in _TENS.items()
                     for unit, uv in _UNITS.items() if uv})

COUNT_RULES = LatinCountRules(
    count_re=phrase(
        r"(?<![\w#.,/:$€£¥+@§¶-])(?P<num>\d{1,3}(?:,\d{3})+(?!\d)|\d+(?![.,:]\d)|(?:"
        + number_words_pattern(NUMBER_WORDS) + r"))(?![\w%°'’-])"),
    number_words=NUMBER_WORDS,
    skip_before=phrase(
        r"(?:\b(?:top|first|last|latest|next|previous|prior|other|another|additional|extra|more|"
        r"remaining|every|each|per|within|under|over|than|about|around|roughly|approximately|"
        r"nearly|almost|up\s+to|at\s+least|at\s+most|least|most|(?<!\d\s)of|between|out\s+of|step|"
        r"version|python|node|ubuntu|debian|issue|pr|pull\s+request|line|lines|page|port|"
        r"chapter|section|item|number|no\.|room|rfc|http|status|code|exit|pid|id|build|release|"
        r"run|job|table|figure|v|to|x|times|after|before|since|until|past|recent|newest|oldest|"
        r"only\s+the|just\s+the|limit|limited|showing|show|max|maximum|min|minimum|"
        r"than\s+the|over\s+the|like|with|python|java|ruby|php|perl|go|rust|node\.js|iphone|"
        r"windows|macos|android|ios|gpt|llama|claude|level|phase|stage|tier|day|week|"
        r"sprint|milestone|round|attempt|try|retry|option|plan|"
        # "two or three people": the second number of a range is an estimate, no count
        r"or|"
        # a weekday names the day of the month after it ("on Friday 12 you have...")
        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon\.?|tue\.?|tues\.?|"
        r"wed\.?|thu\.?|thurs\.?|fri\.?|sat\.?|sun\.?)\s*|[#~≈<>≤≥×]|(?<!\*)\*"
        r"|\d\s+in\s+)$"),   # "9 in 10 sessions": a ratio, not a count
    noun_first=False,
    non_count=word_set("""
    units pcs pax
    things thing ways way times reasons reason options option steps step ideas idea points
    questions moments words notes tips suggestions alternatives approaches examples
    possibilities cases scenarios places parts sides digits characters letters bits decimal
    percent degrees dollars euros cents pesos am pm o'clock x more less fewer others
    january february march april june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    halves thirds fifths tenths
    """),   # a number before a month is the day of a date ("1 December"), not a count;
            # before a fraction's denominator ("two thirds"), a share of a whole
    after_stop=word_set("""
    ago old later earlier apart long wide tall deep behind ahead each apiece max maximum
    minimum most least per more less fewer
    """),
    one_words=frozenset({"one"}),
    one_quantifier=phrase(
        r"(?:\bonly|\bjust|\bexactly|\bsingle|\btotal\s+of|\bthere\s+(?:is|was|'s)|\bfound|"
        r"\breturned|\blists?|\bshows?|\bhas|\bhad|\bcontains?)\s*$"),
    irregular_plurals=frozenset({"people", "children", "men", "women", "data", "indices",
                                 "criteria", "media", "geese", "mice"}),
    whole_before=phrase(r"\ball\s*$"),
    whole_partitive=phrase(r"\s+of\s+(?:the|your|my|our|their|these|those|its)\s"),
)

# A noun a number labels, right before it: "the two ep 10 jobs", "the line 5 buses",
# "round 4 pairings". (Not week, day or year: "last week 12 orders came in" counts.)
LABEL_BEFORE = re.compile(
    r"\b(?:ep|eps|episode|season|chapter|ch|vol|volume|no|nr|room|gate|bay|platform|line|"
    r"route|track|pier|berth|dock|lane|row|seat|table|level|floor|stage|phase|round|grade|"
    r"zone|section|sector|unit|lot|block|plot|ward|court|pitch|hole|lap|heat|tier|step|"
    r"version|rev|release|build|sprint|cohort|batch|kiln|tank|tower|oven|van|truck|bus)"
    r"\.?\s*#?\s*$", re.IGNORECASE)

# English groups thousands with commas: a dot between digits is a decimal point.
DECIMAL_DOT = True
