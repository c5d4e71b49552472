"""``[agent.tool_receipts.audit] mode = "revise"``: a reply with findings gets a correction round.

The model's reply is audited; when the audit has findings, the model gets one more
user message listing each finding in plain words (from the Finding's public fields:
message, rule and evidence) and is asked for a corrected reply. It may call tools
again in that round (the same middleware and policy: the caller's ``run_rounds``).
The new reply is audited again, up to ``max_revisions`` times. The person gets one
reply: the first clean one, or ``revise_fallback`` (annotate or block) applied to the
last audited reply. A provider failure or round limit in a revision never releases
its unaudited text: the fallback goes on the last audited reply.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from zeroclaw_daemon.agent.turn import TurnOutcome, _RoundsResult
from zeroclaw_daemon.audit import AuditReport, Finding, apply_audit_mode
from zeroclaw_daemon.providers.base import ChatMessage
from zeroclaw_daemon.receipts import strip_receipts_block

CORRECTION_HEADER = "Audit of your previous reply: it does not match what the tools returned."
CORRECTION_FOOTER = ("Write the reply again, correctly. Call a tool if you need the facts; "
                     "say plainly what failed or did not run.")


class RevisionOutcome(StrEnum):
    """How a revise-mode turn ended."""

    CLEAN = "clean"                    # the first reply had no findings: no revision
    FIXED = "fixed"                    # a revised reply came out clean
    FALLBACK = "fallback"              # still findings after max_revisions
    PROVIDER_ERROR = "provider_error"  # a revision round failed: fallback on the last audited
    AUDIT_ERROR = "audit_error"        # the auditor raised on a revised reply: fallback


@dataclass(frozen=True, slots=True)
class RevisionRound:
    """One correction round: the message sent, the reply it produced and that reply's audit."""

    index: int
    correction: str
    reply: str
    report: AuditReport | None
    outcome: str


@dataclass(frozen=True, slots=True)
class Revision:
    """The whole revise loop of one turn. ``reply`` is what the person gets."""

    outcome: RevisionOutcome
    reply: str
    report: AuditReport | None
    first_report: AuditReport
    rounds: tuple[RevisionRound, ...]
    messages: tuple[ChatMessage, ...]  # correction messages, tool rounds and revised replies

    @property
    def revised(self) -> bool:
        """True when the person reads a revised reply, not the first one."""
        return self.outcome is RevisionOutcome.FIXED

    @property
    def fixed(self) -> tuple[Finding, ...]:
        """The first reply's findings that the reply sent no longer has."""
        remaining = {(f.type, f.rule) for f in (self.report.findings if self.report else ())}
        return tuple(f for f in self.first_report.findings if (f.type, f.rule) not in remaining)

    def to_dict(self) -> dict[str, Any]:
        return {"revised": self.revised, "outcome": self.outcome.value,
                "rounds": len(self.rounds), "fixed": [f.to_dict() for f in self.fixed]}


def _plain(finding: Finding) -> str:
    evidence = finding.evidence
    if evidence.call_id:
        status = f", status {evidence.status}" if evidence.status else ""
        basis = f"the `{evidence.tool}` call {evidence.call_id}{status} returned: " \
                f"{evidence.excerpt!r}"
    else:
        basis = evidence.excerpt
    return f"- {finding.message} ({basis})"


def correction_message(report: AuditReport) -> str:
    """The plain-words list of findings the model is asked to fix."""
    lines = [CORRECTION_HEADER, *(_plain(f) for f in report.findings), CORRECTION_FOOTER]
    return "\n".join(lines)


RunRounds = Callable[[Sequence[ChatMessage]], Awaitable[_RoundsResult]]
AuditText = Callable[[str], Awaitable[AuditReport]]


async def revise(*, messages: Sequence[ChatMessage], first: _RoundsResult,
                 first_report: AuditReport, run_rounds: RunRounds, audit: AuditText,
                 max_revisions: int, fallback: str) -> Revision:
    """Run correction rounds until a reply is clean or ``max_revisions`` are spent."""
    last_shown = strip_receipts_block(first.text)
    last_report = first_report
    conversation = [*messages, *first.messages, ChatMessage("assistant", first.text)]
    added: list[ChatMessage] = []
    rounds: list[RevisionRound] = []
    if not first_report.findings:
        return Revision(RevisionOutcome.CLEAN, last_shown, first_report, first_report, (), ())
    outcome = RevisionOutcome.FALLBACK
    for index in range(1, max_revisions + 1):
        correction = ChatMessage("user", correction_message(last_report))
        result = await run_rounds([*conversation, *added, correction])
        added.extend([correction, *result.messages])
        if result.outcome is not TurnOutcome.FINAL:
            rounds.append(RevisionRound(index, correction.content, result.text, None,
                                        result.outcome.value))
            outcome = RevisionOutcome.PROVIDER_ERROR
            break
        added.append(ChatMessage("assistant", result.text))
        shown = strip_receipts_block(result.text)
        try:
            report = await audit(shown)
        except Exception:  # an auditor bug must not release the revised text unchecked
            rounds.append(RevisionRound(index, correction.content, shown, None, "audit_error"))
            outcome = RevisionOutcome.AUDIT_ERROR
            break
        clean = not report.findings
        rounds.append(RevisionRound(index, correction.content, shown, report,
                                    "clean" if clean else "findings"))
        last_shown, last_report = shown, report
        if clean:
            return Revision(RevisionOutcome.FIXED, shown, report, first_report, tuple(rounds),
                            tuple(added))
    reply = apply_audit_mode(last_shown, last_report, fallback)
    return Revision(outcome, reply, last_report, first_report, tuple(rounds), tuple(added))
