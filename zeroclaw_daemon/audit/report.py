"""What an audit reports: the closed set of finding types, findings, trust, and the report."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..receipts.scope import TokenVerdict


class FindingType(StrEnum):
    """The closed set of things the auditor reports."""

    FORGED_RECEIPT = "forged_receipt"
    STALE_RECEIPT = "stale_receipt"
    FOREIGN_RECEIPT = "foreign_receipt"
    MALFORMED_RECEIPT = "malformed_receipt"
    FABRICATED_TOOL_CALL = "fabricated_tool_call"
    FAILED_CALL_CLAIMED = "failed_call_claimed"
    COUNT_MISMATCH = "count_mismatch"
    FALSE_ABSENCE = "false_absence"
    UNGROUNDED_VALUE = "ungrounded_value"
    SOURCE_FABRICATION = "source_fabrication"


class Trust(StrEnum):
    VERIFIED = "verified"
    UNVERIFIED = "unverified"
    SUSPECT = "suspect"
    CONTRADICTED = "contradicted"


class AuditMode(StrEnum):
    """``[agent.tool_receipts.audit] mode``."""

    OFF = "off"
    LOG = "log"
    ANNOTATE = "annotate"
    BLOCK = "block"
    REVISE = "revise"  # applied by the agent loop; as a plain mode it annotates


CONTRADICTING = frozenset({
    FindingType.FORGED_RECEIPT, FindingType.STALE_RECEIPT, FindingType.FOREIGN_RECEIPT,
    FindingType.FAILED_CALL_CLAIMED, FindingType.COUNT_MISMATCH, FindingType.FALSE_ABSENCE,
})


NO_CALL = "no call in this turn"
# When calls ran but none backs the claim, the excerpt names them instead of NO_CALL:
# "no call this turn" beside two calls would misstate the turn.
NONE_OF_THE_CALLS = "no call of this turn backs it; its calls: "


@dataclass(frozen=True, slots=True)
class FindingEvidence:
    """What a finding rests on: the call it concerns and the part of its result, or no call.

    ``call_id``/``tool``/``status`` are None when no call of the turn is involved
    (then ``excerpt`` is :data:`NO_CALL` when the turn made no call, else
    :data:`NONE_OF_THE_CALLS` and each call's tool and status); ``excerpt`` is at most
    :data:`EXCERPT_CHARS` characters of the result (or of the token ledger's verdict).
    """

    call_id: str | None
    tool: str | None
    status: str | None
    excerpt: str

    def to_dict(self) -> dict[str, Any]:
        return {"call_id": self.call_id, "tool": self.tool, "status": self.status,
                "excerpt": self.excerpt}


NO_CALL_EVIDENCE = FindingEvidence(None, None, None, NO_CALL)
EXCERPT_CHARS = 160



@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: its type, where in the reply, which call it concerns, and why.

    Stable fields (the ``revise`` correction message and the audit log read them):
    ``type`` (a :class:`FindingType`), ``start``/``end`` (the span in the reply as
    sent, character offsets), ``call_id`` (the call concerned, or None),
    ``message`` (one English sentence), ``rule`` (the id of the rule that fired,
    ``<check>.<pattern>``, e.g. ``tool_use.no_call``) and ``evidence`` (a
    :class:`FindingEvidence`: the call and the result part, or "no call in this turn").
    """

    type: FindingType
    start: int
    end: int
    call_id: str | None
    message: str
    rule: str = ""
    evidence: FindingEvidence = NO_CALL_EVIDENCE

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type.value, "span": [self.start, self.end],
                "call_id": self.call_id, "message": self.message, "rule": self.rule,
                "evidence": self.evidence.to_dict()}


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The audit of one reply. ``tokens`` has a verdict for every receipt-like string.
    ``unchecked_from``: the offset in the reply from which its claims were not read (a
    reply longer than the audit's bounds, ``engine.MAX_CHECKED_CHARS`` and
    ``MAX_CHECKED_CLAIMS``); None when every claim was read. ``trust`` is that of the part
    read."""

    trust: Trust
    findings: tuple[Finding, ...]
    tokens: tuple[TokenVerdict, ...]
    language: str = "en"
    unchecked_from: int | None = None

    @property
    def types(self) -> frozenset[FindingType]:
        return frozenset(f.type for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "trust": self.trust.value,
            "findings": [f.to_dict() for f in self.findings],
            "tokens": [{"token": t.text, "verdict": t.verdict.value} for t in self.tokens],
        }
        if self.unchecked_from is not None:
            data["unchecked_from"] = self.unchecked_from
        return data


def trust_for(findings: Iterable[Finding], has_tool_evidence: bool) -> Trust:
    """The trust rule of the module docstring."""
    types = {f.type for f in findings}
    if types & CONTRADICTING:
        return Trust.CONTRADICTED
    if types:
        return Trust.SUSPECT
    return Trust.VERIFIED if has_tool_evidence else Trust.UNVERIFIED


def dedupe_findings(findings: list[Finding]) -> list[Finding]:
    """One finding per type and span, overlaps of one type merged, sorted by position."""
    findings.sort(key=lambda f: (f.start, -f.end))
    kept: list[Finding] = []
    for finding in findings:
        if any(k.type is finding.type and finding.start < k.end and k.start < finding.end
               for k in kept):
            continue
        kept.append(finding)
    return kept
