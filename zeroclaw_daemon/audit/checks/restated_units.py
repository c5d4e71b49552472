"""A figure the reply restates in another unit in the parenthesis right after it: "both
inside 35.6–46.4 °F (2–8 °C)", "a 12.4 mi loop (20 km)", "unos 1,6 kg (3,5 lb)". The two
are one value written twice, the first the reply's own conversion of the second: when it
is that conversion, to the precision both are written, it stands or falls with the figure
in the parenthesis: grounded with it, and, when that figure is no value of its own (an end
of a range too small to be one, "2–8 °C"), the reply's own. A figure the parenthesis does
not convert to, or whose parenthesis holds an ungrounded value ("9 °C (about 48 °F)" over a
result's 7 °C), stays as it was.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..claims.numbers import number_readings
from ..evidence.number_index import rounding_unit
from ..evidence.values import in_base_unit, value_grounded
from .base import CheckContext
from .headed_cells import unit_named

_NUM = r"\d+(?:[.,]\d+)?"
_DASH = r"\s*(?:[–—-]|to|a)\s*"
# After the figure: the rest of its range, its unit, then the parenthesis: its figure (or
# range), maybe "about" before it, and its unit.
_RESTATED_RE = re.compile(
    r"(?P<rest>" + _DASH + _NUM + r")?\s?(?P<unit>[^\s(\d][^\s(]{0,10})?\s*\(\s*"
    r"(?:≈|~|about\s+|approx\.?\s+|c\.\s*|unos\s+|unas\s+|约\s*)?(?P<c>" + _NUM + r")"
    r"(?:" + _DASH + r"(?P<d>" + _NUM + r"))?\s?(?P<unit2>[^\s)\d][^)]{0,10}?)\s*\)")
_RANGE_START_RE = re.compile(_NUM + _DASH + r"$")
_UNIT_KINDS = (ValueKind.TEMPERATURE, ValueKind.MEASURE)


def restated_in_its_parenthesis(context: CheckContext, claim: ValueClaim) -> bool:
    if claim.kind not in (ValueKind.NUMBER, *_UNIT_KINDS) or not claim.numbers:
        return False
    match = _RESTATED_RE.match(context.text, claim.span[1])
    if match is None:
        return False
    own = (claim.kind, claim.unit) if claim.kind in _UNIT_KINDS else \
        unit_named(match.group("unit") or "")
    other = unit_named(match.group("unit2"))
    if own is None or other is None or own[0] is not other[0] or own[1] == other[1]:
        return False
    # A range restated as a range, end for end: the claim is its first end when the rest
    # of its range follows it, its last when a range's first end stands before it.
    if match.group("d") is None:
        group = None if match.group("rest") else "c"
    elif match.group("rest"):
        group = "c"
    else:
        before = context.text[max(0, claim.span[0] - 16):claim.span[0]]
        group = "d" if _RANGE_START_RE.search(before) else None
    if group is None:
        return False
    partner = match.group(group)
    # The figure in the parenthesis, when a value of its own, must hold: "9 °C (about
    # 48 °F)" over a result's 7 °C leaves both to be found.
    own_claim = next((v for v in context.claims.values if v.span[0] == match.start(group)),
                     None)
    if own_claim is not None and not value_grounded(own_claim, context.evidence):
        return False
    decimal_dot = context.pack.decimal_dot if context.pack is not None else True
    return any(_converts(said, own[1], given, other[1])
               for said in claim.numbers[:1]
               for given in number_readings(partner, decimal_dot)[:1])


def _converts(said: Decimal, unit: str, given: Decimal, given_unit: str) -> bool:
    """``said`` in ``unit`` is ``given`` in ``given_unit``, to half the last digit of each."""
    said_half, given_half = rounding_unit(said) / 2, rounding_unit(given) / 2
    if unit in ("C", "F") and given_unit in ("C", "F"):
        converted = given * 9 / 5 + 32 if unit == "F" else (given - 32) * 5 / 9
        widened = given_half * 9 / 5 if unit == "F" else given_half * 5 / 9
        return abs(converted - said) <= said_half + widened
    here, there = in_base_unit(said, unit), in_base_unit(given, given_unit)
    if here is None or there is None or here[0] != there[0] or not said:
        return False
    scale = here[1] / said   # one of the claim's unit in the base unit
    given_scale = there[1] / given if given else Decimal(0)
    return abs(here[1] - there[1]) <= said_half * scale + given_half * abs(given_scale)
