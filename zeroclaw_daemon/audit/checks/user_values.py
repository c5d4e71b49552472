"""The user's own value restated: a limit or a thing of the user's, not a tool's finding.

A reply answers within the terms the user set: "be there before 5pm" comes back as
"arriving before 17:00, three sailings work", and "a 06:30 crew call" as "Tuesday's 06:30
crew call is inside the window". The value is the user's (written in another format,
perhaps), restated as the user wrote it: after a word of a limit in both messages
("before", "by", "until", "hasta las"), or as the modifier of the same noun the user put
it beside in a statement of the user's own or after "my" ("we have a 06:30 crew call", "my
cutoff is 10am"; not "is there a 17:00 sailing?", which asks about the world). Neither is
a claim of what a tool returned.

The user's message never grounds a value the reply attributes to a tool: a sentence that
names a tool or a reading of any source ("the quote API shows $512.40", "according to the
timetable") is checked as before, and so is
a user's value stated as a state of the world ("the charge is $512.40", "it closed at
$512.40"): only a limit or a modifier of the user's own noun is the user's.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import HAYSTACK_NUMBER_RE, TIME_RE, number_readings
from ..claims.types import CountClaim
from ..claims.words import fold, text_keywords
from .base import CheckContext
from .moments import clock_key_minutes

if TYPE_CHECKING:
    from ..claims.pack import LanguagePack

# A time of day written on a 12-hour clock ("5pm", "5:30 p.m."), a language-neutral form.
_TWELVE_HOUR_RE = re.compile(r"(?<![\d:])(\d{1,2})(?::([0-5]\d))?\s?([ap])\.?m\b\.?",
                             re.IGNORECASE)
_NEXT_WORD_RE = re.compile(r"[\s*_]*([^\W\d_]+)")
_LIMIT_WINDOW = 28

UserValue = tuple[int, int, object]


def restates_users_value(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is a value of the user's message restated as the user's limit, as the
    reply's premise ("for a 07:45 launch") or as the modifier of the user's own noun, in a
    sentence attributed to no tool."""
    pack = context.pack
    user = context.evidence.user_message
    if pack is None or not any(ch.isdigit() for ch in user):
        return False
    if pack.reading_cue is None or (pack.limit_before is None
                                    and pack.determiner_before is None):
        return False
    if context.claims.sentence_of(claim.clause) in context.claims.attributed_sentences \
            or pack.reading_cue.search(context.sentence_text(claim.clause)):
        return False   # attributed to a source: the user's message never grounds it
    key = _reading(claim)
    if key is None:
        return False
    places = [(start, end) for start, end, reading in _user_values(user, claim.kind)
              if reading == key]
    if not places:
        return False
    text = context.text
    start, end = claim.span
    limit = pack.limit_before
    if limit is not None and _limit_before(limit, text, start) and any(
            _limit_before(limit, user, at) for at, _ in places):
        return True
    premise = pack.premise_before
    if premise is not None and premise.search(_before(text, start)):
        return True   # "for a 07:45 launch" of the user's "the 07:45 slot"
    modifier = pack.determiner_before
    if modifier is None or pack.first_person is None \
            or not modifier.search(_before(text, start)):
        return False
    noun = _next_word(text, end)
    return noun is not None and noun not in pack.stopwords and any(
        noun in _words_beside(user, at, after) and _users_own(pack, user, at)
        for at, after in places)


_SENTENCE_MARK_RE = re.compile(r"[.!?\n。！？]")
_WORD_RE = re.compile(r"[^\W\d_]+")
_BESIDE_WORDS = 3


def _words_beside(user: str, at: int, after: int) -> set[str]:
    """The words right before and after the user's value, in its sentence: the noun it is
    the value of ("a 06:30 crew call", "my cutoff is 10am")."""
    begin = max((m.end() for m in _SENTENCE_MARK_RE.finditer(user, 0, at)), default=0)
    close = _SENTENCE_MARK_RE.search(user, after)
    stop = close.start() if close is not None else len(user)
    before = _WORD_RE.findall(user[begin:at])[-_BESIDE_WORDS:]
    later = _WORD_RE.findall(user[after:stop])[:_BESIDE_WORDS]
    return {fold(w) for w in before + later}


def _users_own(pack: LanguagePack, user: str, at: int) -> bool:
    """The user's value is of a thing of the user's: after a first-person possessive ("my
    10am cutoff"), or in a statement with a first-person word ("we have a 06:30 crew
    call"); a question without one asks about the world ("is there a 17:00 sailing?"),
    which only a result can answer."""
    begin = max((m.end() for m in _SENTENCE_MARK_RE.finditer(user, 0, at)), default=0)
    if pack.first_possessive is not None and pack.first_possessive.search(
            " ".join(_WORD_RE.findall(user[begin:at])[-_BESIDE_WORDS:])):
        return True
    close = _SENTENCE_MARK_RE.search(user, at)
    stop = close.end() if close is not None else len(user)
    sentence = user[begin:stop]
    return not sentence.rstrip().endswith(("?", "？")) and pack.first_person is not None \
        and bool(pack.first_person.search(sentence))


def _reading(claim: ValueClaim) -> object | None:
    if claim.kind is ValueKind.TIME:
        return clock_key_minutes(claim.key)
    if claim.numbers and claim.kind is not ValueKind.DATE:
        return claim.numbers[0]
    return None


def _user_values(user: str, kind: ValueKind) -> list[UserValue]:
    """The user's values of the claim's kind with where they stand: times of day as
    minutes after midnight (on a 24- or 12-hour clock), other numbers under every reading."""
    found: list[UserValue] = []
    if kind is ValueKind.TIME:
        for match in TIME_RE.finditer(user):
            found.append((match.start(), match.end(),
                          int(match.group("h")) * 60 + int(match.group("mi"))))
        for match in _TWELVE_HOUR_RE.finditer(user):
            hour = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
            found.append((match.start(), match.end(), hour * 60 + int(match.group(2) or 0)))
        return found
    for match in HAYSTACK_NUMBER_RE.finditer(user):
        readings: tuple[Decimal, ...] = number_readings(match.group(0))
        found.extend((match.start(), match.end(), reading) for reading in readings)
    return found


def _before(text: str, start: int) -> str:
    """The text right before a value, its emphasis marks and currency sign set aside."""
    return text[max(0, start - _LIMIT_WINDOW):start].lower().rstrip("*_ $€£¥")


def _limit_before(limit: re.Pattern[str], text: str, start: int) -> bool:
    return limit.search(_before(text, start)) is not None


def _next_word(text: str, end: int) -> str | None:
    match = _NEXT_WORD_RE.match(text, end)
    return None if match is None else fold(match.group(1))


# "for 8 people", "para 8 personas", "给 8 个人": a count after a preposition of purpose is
# what the reply is sized for, not how many items a result lists.
_FOR_BEFORE_RE = re.compile(r"(?:\b(?:for|para|per)|[给供为])\s*[*_]*\s*$", re.IGNORECASE)


def a_count_the_user_set(context: CheckContext, claim: CountClaim) -> bool:
    """A count the user's message gives with the same noun ("I need somewhere for 8
    people"), restated after a preposition of purpose ("For 8 people at 1pm:") in a
    sentence attributed to no source: the user's requirement, not a count of a result."""
    user = context.evidence.user_message
    if not user or str(claim.value) not in user:
        return False
    text = context.text
    if not _FOR_BEFORE_RE.search(text, max(0, claim.span[0] - 8), claim.span[0]):
        return False
    pack = context.pack
    if context.claims.sentence_of(claim.clause) in context.claims.attributed_sentences or (
            pack is not None and pack.reading_cue is not None
            and pack.reading_cue.search(context.sentence_text(claim.clause))):
        return False
    said = re.search(r"(?<![\d.,])" + str(claim.value) + r"(?![\d.,])\s*(\S+)", user)
    return said is not None and bool(text_keywords(said.group(1)) & claim.keywords)
