"""A count the reply itself leaves open: "three definite absences, possibly four", "dos,
quizá tres", "三个，也可能四个". The reply states a range, not one figure, so the result's
count cannot contradict it; precision first."""

from __future__ import annotations

import re

from ..claims.types import CountClaim
from .base import CheckContext

# Within the clause after the count: a word of possibility or alternative, then another
# figure (digits, or a number word of the covered languages up to twelve).
_ALTERNATIVE_RE = re.compile(
    r"[^.;:!?\n。；！？]{0,32}?(?:,|，|\(|（|\s)\s*"
    r"(?:possibly|maybe|perhaps|probably|or|if\s+not|quiz[aá]s?|tal\s+vez|posiblemente|"
    r"probablemente|o|或者?|也许|可能是?|大概)\s*"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|uno|una|dos|"
    r"tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|[一二两三四五六七八九十]+)"
    r"(?![\w.,]\d)", re.IGNORECASE)


def an_alternative_follows(context: CheckContext, claim: CountClaim) -> bool:
    """The count's clause goes on to a second figure it might be instead ("..., possibly
    four")."""
    return _ALTERNATIVE_RE.match(context.text, claim.span[1]) is not None
