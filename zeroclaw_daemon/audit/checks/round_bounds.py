"""Round bounds the reply draws around the results' figures: its own envelope, no reading.

"其余几天都在 4,600–5,200 之间" over daily flows of 4,655 to 5,104, "entre 4.600 y 5.200":
the ends of the range are round figures of the reply's choosing, drawn so the results'
figures fall inside; neither is a figure a result states. Read so only when both ends are
round (no more than two significant digits), the range is written as one (a dash between
the ends, or "between … and", "entre … y", "从 … 到"), and at least one result figure lies
inside it. Any other value in a range is checked, and so is a window of times ("between
01:00 and 02:30" is held to the items it counts: checks/moments.py).
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.text_cells import first_reading
from .base import CheckContext

_RANGE_KINDS = (ValueKind.NUMBER, ValueKind.MEASURE, ValueKind.CURRENCY)
# Two ends written as one range: "4,600–5,200", "between 4,600 and 5,200", "entre 4.600 y
# 5.200", "从 4600 到 5200".
_RANGE_RE = re.compile(
    r"(?P<between>\b(?:between|entre)\s+(?:the\s+|las?\s+)?|从\s*)?"
    r"(?P<a>\d[\d.,]*)\s*"
    r"(?:(?P<dash>[-–—~～])|to|and|y|a|到|至)\s*(?:las?\s+)?(?P<b>\d[\d.,]*)", re.IGNORECASE)
_REACH = 40


def a_round_bound(context: CheckContext, claim: ValueClaim) -> bool:
    """The value is an end of a range the reply draws with round ends around at least one
    of the results' figures (see the module docstring)."""
    if claim.kind not in _RANGE_KINDS:
        return False
    text = context.text
    start, end = claim.span
    for match in _RANGE_RE.finditer(text, max(0, start - _REACH), min(len(text), end + _REACH)):
        if not (match.start("a") <= start < match.end("b") or start <= match.start("b") < end):
            continue
        ends = (match.group("a"), match.group("b"))
        # Figures are drawn with a dash or in words; "42 y 390" coordinates two readings.
        if not match.group("between") and not match.group("dash"):
            continue
        decimal_dot = context.pack is not None and context.pack.decimal_dot
        figures = [first_reading(e, decimal_dot) for e in ends]
        if None in figures or not all(_round(f) for f in figures if f is not None):
            continue
        low_f, high_f = sorted(f for f in figures if f is not None)
        if any(low_f <= value <= high_f for value, _ in context.evidence.derivations.floats):
            return True
    return False


def _round(value: Decimal) -> bool:
    """No more than two significant digits, and at least two digits ("4600", "50")."""
    text = str(int(value))
    return len(text) >= 2 and len(text.rstrip("0")) <= 2
