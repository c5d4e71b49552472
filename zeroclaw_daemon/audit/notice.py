"""The notice an audit adds to a reply, and what each audit mode sends."""

from __future__ import annotations

from .report import AuditMode, AuditReport, Finding

WITHHELD_REPLY = "The reply could not be checked against the tool results and was withheld."


def render_notice(report: AuditReport, *, withheld: bool = False) -> str:
    """A short plain notice naming each finding ("" when there is none)."""
    if not report.findings:
        return ""
    count = len(report.findings)
    noun = "finding" if count == 1 else "findings"
    items = "; ".join(f"{f.type.value.replace('_', ' ')}: {f.message} ({_basis(f)})"
                      for f in report.findings)
    if withheld:
        return f"⚠ Audit: the reply was withheld ({count} {noun}) — {items}"
    return f"⚠ Audit: {count} {noun} — {items}"


def _basis(finding: Finding) -> str:
    """The rule and what it rests on, short: ``count.item_count, call c1 (alerts_list)``."""
    evidence = finding.evidence
    where = (f"call {evidence.call_id} ({evidence.tool})" if evidence.call_id
             else evidence.excerpt)
    return f"{finding.rule}, {where}" if finding.rule else where


UNCHECKED_NOTICE = "⚠ Audit: this reply could not be checked against the tool results."


def unchecked_reply(reply: str, mode: AuditMode | str) -> str:
    """What a mode sends when the audit itself failed: a reader is told the reply went
    unchecked (annotate, revise), or gets no reply (block); log and off send it as it is."""
    chosen = AuditMode(mode)
    if chosen in (AuditMode.OFF, AuditMode.LOG):
        return reply
    if chosen is AuditMode.BLOCK:
        return WITHHELD_REPLY
    return f"{reply.rstrip()}\n\n{UNCHECKED_NOTICE}"


def apply_audit_mode(reply: str, report: AuditReport, mode: AuditMode | str) -> str:
    """The text to send: unchanged (off, log), annotated, or replaced by the notice (block)."""
    chosen = AuditMode(mode)
    if chosen in (AuditMode.OFF, AuditMode.LOG) or not report.findings:
        return reply
    if chosen in (AuditMode.ANNOTATE, AuditMode.REVISE):
        return f"{reply.rstrip()}\n\n{render_notice(report)}"
    return render_notice(report, withheld=True)
