"""A first-character guard: the same pattern, tried only where a match can begin.

``sre`` tries a pattern at every position of the text it scans. When the pattern opens
with a literal or a character class it first skips to the positions holding one, but a
phrase pattern opens with ``\\b``, a lookbehind or an optional word, and each of its
alternatives is then tried, one by one, at every character: a sentence of 70 characters
costs the absence pattern's two dozen alternatives 70 tries each. :func:`guarded` reads,
off the pattern's parse tree, the characters its matches can begin with, and puts a
lookahead on them in front: ``(?=[inw])(?:...)``. At most positions the lookahead fails
at once, and the pattern is not tried there (a search of a sentence costs about half as
much, a third for a long alternation such as the tool-use pattern).

The guarded pattern matches exactly what the pattern matches (same spans, same groups,
by name and number): every match consumes a first character, and that character is one
of the guard's. A pattern that can match the empty string, ignores case, or holds a part
whose first characters are not known here (a back-reference, a negated class, ``.``) is
returned as it is, and so is one ``sre`` already skips through (it opens with a literal
or a class) or whose first characters are most characters (``\\w``, ``[a-z]``), where a
guard costs more than it saves. ``tests/test_audit_guard.py`` checks both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

# Categories a guard may hold (rare characters); \w, \W, \S, \D are most of any text.
_CATEGORIES = {sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_SPACE: r"\s"}
# A range wider than this covers most letters of a text (``[a-z]``): no guard.
_WIDEST_RANGE = 8
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)


class _Unknown(Exception):
    """A part whose first characters are not read here."""


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _first_of_sequence(items: Sequence[tuple[Any, Any]]) -> tuple[list[str], bool]:
    """The class items a match of ``items`` (in order) can begin with, and whether it can
    be empty."""
    found: list[str] = []
    for op, av in items:
        chars, empty = _first_of_item(op, av)
        found.extend(chars)
        if not empty:
            return found, False
    return found, True


def _first_of_item(op: Any, av: Any) -> tuple[list[str], bool]:
    if op is sre.LITERAL:
        return [_char(av)], False
    if op is sre.IN:
        chars: list[str] = []
        for item_op, item in av:
            if item_op is sre.LITERAL:
                chars.append(_char(item))
            elif item_op is sre.RANGE and item[1] - item[0] < _WIDEST_RANGE:
                chars.append(_char(item[0]) + "-" + _char(item[1]))
            elif item_op is sre.CATEGORY and item in _CATEGORIES:
                chars.append(_CATEGORIES[item])
            else:
                raise _Unknown(item_op)
        return chars, False
    if op is sre.BRANCH:
        chars, empty = [], False
        for alternative in av[1]:
            found, can_be_empty = _first_of_sequence(alternative.data)
            chars.extend(found)
            empty = empty or can_be_empty
        return chars, empty
    if op is sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:
            raise _Unknown(op)
        return _first_of_sequence(sub.data)
    if op is sre.ATOMIC_GROUP:
        return _first_of_sequence(av.data)
    if op in _REPEATS:
        low, _high, sub = av
        chars, empty = _first_of_sequence(sub.data)
        return chars, empty or low == 0
    if op in _ZERO_WIDTH:
        return [], True
    raise _Unknown(op)


def _skips_already(items: Sequence[tuple[Any, Any]]) -> bool:
    """Whether ``sre`` already skips to a pattern's first characters (it opens with a
    literal or a class, or an alternation of alternatives that each open with a literal)."""
    while items and items[0][0] is sre.SUBPATTERN and not (items[0][1][1] or items[0][1][2]):
        items = items[0][1][3].data
    if not items:
        return False
    op, av = items[0]
    if op in (sre.LITERAL, sre.IN):
        return True
    return op is sre.BRANCH and all(alt.data and alt.data[0][0] is sre.LITERAL
                                    for alt in av[1])


def guarded(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` behind a lookahead on the characters its matches begin with, or
    ``pattern`` itself when no guard applies (see the module docstring)."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return pattern
    try:
        items = sre_parse.parse(pattern.pattern, pattern.flags).data
        chars, empty = _first_of_sequence(items)
    except _Unknown:
        return pattern
    if empty or not chars or _skips_already(items):
        return pattern
    try:
        return re.compile(f"(?=[{''.join(dict.fromkeys(chars))}])(?:{pattern.pattern})",
                          pattern.flags)
    except re.error:   # global flags inside the source, which must stay first
        return pattern
