"""A span of time written in two units ("7 小时 40 分钟", "4 h 45 min", "2 horas y 15
minutos", "3 hours 20 minutes"): one value, read as the sum of its parts.

Each part alone is no figure of the results (a gap of 7 h 40 min between two times is
neither 7 h nor 40 min), so the parts are grounded together or not at all: the whole is
checked as one span of time, and when it is not grounded each part is checked as before.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.values import seconds_in, span_of_time_grounded
from .base import CheckContext

# What may stand between the parts: nothing, a comma, or a conjunction (en, es, zh).
_JOINER_RE = re.compile(r"\s*(?:,|and|y|e|又|零)?\s*", re.IGNORECASE)


def compound_duration_grounded(context: CheckContext, claim: ValueClaim) -> bool:
    """``claim`` is a part of a span of time in two units, and the whole is grounded."""
    if claim.kind is not ValueKind.MEASURE or not claim.numbers:
        return False
    own = seconds_in(claim.unit)
    if own is None:
        return False
    parts = _partner(context, claim, own)
    if parts is None:
        return False
    total = sum((part.numbers[0] * (seconds_in(part.unit) or Decimal(0)) for part in parts),
                Decimal(0))
    return span_of_time_grounded(total, context.evidence)


def _partner(context: CheckContext, claim: ValueClaim,
             own: Decimal) -> tuple[ValueClaim, ValueClaim] | None:
    """The other part of the span: the measure of a smaller unit of time right after the
    claim, or of a larger one right before it."""
    text = context.text
    for other in context.claims.values:
        if other is claim or other.kind is not ValueKind.MEASURE or not other.numbers:
            continue
        seconds = seconds_in(other.unit)
        if seconds is None or seconds == own:
            continue
        first, second = (claim, other) if other.span[0] >= claim.span[1] else (other, claim)
        if (seconds_in(first.unit) or 0) <= (seconds_in(second.unit) or 0):
            continue   # "40 min 7 h" is no span of time in two units
        gap = _JOINER_RE.fullmatch(text, first.span[1], second.span[0])
        if gap is not None:
            return first, second
    return None
