"""A ``key=value`` pair the reply quotes in a result's own syntax, with another value.

Logs and configs write ``tech=KOSEI``, ``status=CLOSED``, ``region=eu-west-1``. A reply
that writes the same ``key=`` quotes the output verbatim (no wording of its own), so its
value can be read against the result's: when a successful result holds that key, and
neither its values for the key nor anything else in the results is what the reply wrote,
the reply contradicts the output. Precision first: only the ``=`` form (a colon is
prose too: "Status: all green"), only keys a result writes the same way, no finding in a
hedged clause (a proposal: "I'd re-run it with env=canary"), and none when the value is
anywhere in the results or in the user's message.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..claims import Claims
from ..evidence.facts import EventFacts
from ..report import FindingType
from .base import CheckContext

# key=value with no space around "=": a key of letters, digits, "_", "." or "-" that
# starts with a letter, and a value of the characters an identifier, a host or a number
# is written with (it ends at a space, a quote of any kind, a bracket or a comma).
_PAIR_RE = re.compile(r"(?<![\w.=-])(?P<key>[A-Za-z][\w.-]{0,39})=(?P<value>[\w.:/@+%-]+)")
MAX_PAIRS = 64


def check_quoted_pairs(context: CheckContext) -> None:
    """Flag a quoted ``key=value`` whose key a result writes with other values only."""
    evidence = context.evidence
    if not evidence.ok or "=" not in context.text:
        return
    known: dict[str, tuple[set[str], EventFacts]] | None = None
    for match in list(_PAIR_RE.finditer(context.text))[:MAX_PAIRS]:
        value = match.group("value").rstrip(".:!?")
        if not value:
            continue
        if known is None:
            known = _result_pairs(evidence.ok)
            if not known:
                return
        entry = known.get(match.group("key").lower())
        if entry is None:
            continue
        values, facts = entry
        said = value.lower()
        if _hedged_at(context.claims, match.start()):
            continue   # "I'd re-run it with env=canary": a proposal, not the output
        if said in values or said in evidence.haystack_lower or (
                said in evidence.user_message.lower()):
            continue
        start = match.start("value")
        shown = ", ".join(sorted(values)[:3])
        context.add(FindingType.UNGROUNDED_VALUE, (start, start + len(value)),
                    facts.event.call_id,
                    f"{match.group('key')}={value} is not what the {facts.event.tool} "
                    f"result shows ({match.group('key')}={shown})",
                    "value.contradicts_result")


def _hedged_at(claims: Claims, position: int) -> bool:
    """Whether the clause holding ``position`` is hedged (a question, a condition, a
    proposal) or general, by the extraction's own clause flags."""
    flags = claims.failure_flags
    if flags is None or not claims.clauses:
        return False
    index = bisect_right([c.start for c in claims.clauses], position) - 1
    return index >= 0 and (flags.hedged(index) or flags.general(index))


def _result_pairs(ok: list[EventFacts]) -> dict[str, tuple[set[str], EventFacts]]:
    """Each key the results write as ``key=value``, with every value they give it."""
    found: dict[str, tuple[set[str], EventFacts]] = {}
    for facts in ok:
        for match in _PAIR_RE.finditer(facts.result):
            key = match.group("key").lower()
            entry = found.setdefault(key, (set(), facts))
            entry[0].add(match.group("value").rstrip(".:!?").lower())
    return found
