"""An absence of the very thing a call was asked about.

"Is 'load-bearing bracket' in our memory?" → a concordance call with
``term="load-bearing bracket"`` → four hits holding that term → "the term isn't in the
memory". The reply names the call's argument, by the argument's own key ("the term",
"that address"), by its value quoted ("没有“过载保护”这个词条") or by an identifier
("no user with m.chen@example.com"), and denies it a place in
the result; a result item holding that value, whole, contradicts the claim. The value is
read from the call's arguments (what the tool was asked), never from the user's message,
and only items count: a result's echo of its query (a first line, a top-level field) is
not a hit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from ..claims.types import AbsenceClaim
from ..claims.words import LATIN_WORD_RE, stem
from ..evidence.facts import RESULT_SAYS_NOTHING_RE, EventFacts
from ..evidence.json_values import first_list

_QUOTES = (("“", "”"), ("「", "」"), ("『", "』"), ("《", "》"), ("\"", "\""), ("'", "'"),
           ("«", "»"), ("‘", "’"))
_CJK_RE = re.compile(r"[\u3400-\u9fff]")
# One token holding a character no plain word has: "@", ".", "_", "#" or a digit.
_IDENTIFIER_RE = re.compile(r"(?=\S*[@._#\d])[\w@.+#-]+")


def holds_named_argument(facts: EventFacts, claim: AbsenceClaim, said: str,
                         quoted_only: bool) -> bool:
    """Whether an item of the result holds an argument value of the call that the absence
    names: quoted in ``said`` (its clause from the claim on), or, unless ``quoted_only``,
    written there or named by its key (the claim's subject is the key: "the term")."""
    if RESULT_SAYS_NOTHING_RE.search(facts.result):
        return False
    for key, value in _string_args(facts.event.args):
        if len(value) < (2 if _CJK_RE.search(value) else 3):
            continue
        if not _names(value, key, claim, said, quoted_only):
            continue
        if _in_an_item(facts, value):
            return True
    return False


def _string_args(args: Mapping[str, object]) -> Iterator[tuple[str, str]]:
    for key, value in args.items():
        if isinstance(value, str) and value.strip():
            yield key, value.strip()


def _names(value: str, key: str, claim: AbsenceClaim, said: str, quoted_only: bool) -> bool:
    low_said, low_value = said.lower(), value.lower()
    if any(f"{open_}{low_value}{close}" in low_said for open_, close in _QUOTES):
        return True
    written = _whole(low_value).search(low_said) is not None
    if quoted_only:
        # An identifier (an address, a code: "m.chen@example.com", "FA-5512") names one
        # thing as surely as quotes do.
        return written and _IDENTIFIER_RE.fullmatch(value) is not None
    if written:
        return True
    key_words = {stem(w) for w in LATIN_WORD_RE.findall(key.replace("_", " ").lower())}
    return bool(key_words & claim.subject)


def _whole(value: str) -> re.Pattern[str]:
    """``value`` with no word character on either side (a Han character is one, so 过载保护
    is not found inside 过载保护装置), or, for a Chinese value, beside a particle or a
    demonstrative (的, 把, 这个: 隔离开关这个词)."""
    if _CJK_RE.search(value):
        return re.compile(r"(?:(?<!\w)|(?<=[的把将]))" + re.escape(value)
                          + r"(?:(?!\w)|(?=[这那的]))")
    return re.compile(r"(?<!\w)" + re.escape(value) + r"(?!\w)", re.IGNORECASE)


def _in_an_item(facts: EventFacts, value: str) -> bool:
    """A JSON item (an entry of the result's list) with a string equal to ``value``, or a
    line of a text result other than its first (which may echo the query) holding it."""
    data = facts.parsed_json
    if isinstance(data, dict):
        data = first_list(data, depth=0)
    if isinstance(data, list):
        wanted = value.casefold()
        return any(s.casefold() == wanted for item in data for s in _strings(item, 0))
    if facts.parsed_json is not None:
        return False
    pattern = _whole(value)
    lines = [line for line in facts.result.splitlines() if line.strip()]
    return any(pattern.search(line) is not None for line in lines[1:])


def _strings(node: object, depth: int) -> Iterator[str]:
    if depth > 4:
        return
    if isinstance(node, str):
        yield node.strip()
    elif isinstance(node, Mapping):
        for item in node.values():
            yield from _strings(item, depth + 1)
    elif isinstance(node, list):
        for item in node[:100]:
            yield from _strings(item, depth + 1)


def calls_the_sentence_names(sentence: str, pool: list[EventFacts]) -> list[EventFacts]:
    """The calls of ``pool`` that ``sentence`` names by one of their own argument values
    ("**Wakefield Family Court:** nothing outstanding" of the call made with that client),
    when it names some calls and not others; else ``pool`` as it is."""
    low = sentence.lower()
    named = [facts for facts in pool
             if any(len(value) >= 3 and not value.isdigit()
                    and _whole(value.lower()).search(low) is not None
                    for _key, value in _string_args(facts.event.args))]
    return named if named and len(named) < len(pool) else pool
