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
    """The text to send: unchanged (off, log), annotated, or replaced by the notice (block).
    A reply read only in part (``report.unchecked_from``) says so under annotate and
    revise; under block its unread rest is withheld, as any unchecked text is."""
    chosen = AuditMode(mode)
    if chosen in (AuditMode.OFF, AuditMode.LOG):
        return reply
    cut = report.unchecked_from
    if chosen is AuditMode.BLOCK:
        if report.findings:
            return render_notice(report, withheld=True)
        if cut is None:
            return reply
        return f"{reply[:cut].rstrip()}\n\n{partial_notice(reply, cut, withheld=True)}"
    notices = [render_notice(report)] if report.findings else []
    if cut is not None:
        notices.append(partial_notice(reply, cut))
    return "\n\n".join([reply.rstrip(), *notices]) if notices else reply


def partial_notice(reply: str, cut: int, *, withheld: bool = False) -> str:
    """What a reader is told of a reply whose claims were read only up to ``cut``."""
    if withheld:
        return (f"⚠ Audit: the last {len(reply) - cut:,} characters of this reply were "
                "withheld: the reply is longer than the audit reads.")
    return (f"⚠ Audit: only the first {cut:,} of {len(reply):,} characters of this reply "
            "were checked against the tool results.")
