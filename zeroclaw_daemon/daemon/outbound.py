"""What a turn's result looks like to a channel: redacted text and block, receipt lines."""

from __future__ import annotations

from typing import Any

from ..agent.loop import TurnResult
from ..channels.base import OutboundReply, ReceiptLine
from ..security.leaks import LeakRedactor


def outbound_reply(result: TurnResult, redactor: LeakRedactor) -> OutboundReply:
    """The reply as channels send it: text and block redacted, receipt tokens intact."""
    receipts = tuple(ReceiptLine(tool=event.tool, call_id=event.call_id,
                                 receipt=event.receipt)
                     for event in result.receipts if event.receipt is not None)
    trust = "unverified"
    findings: tuple[dict[str, object], ...] = ()
    unchecked_from = result.audit.unchecked_from if result.audit is not None else None
    if result.audit is not None:
        report = result.audit.to_dict()
        trust = str(report.get("trust", trust))
        # Findings quote the reply; the reply may have held a secret.
        findings = tuple(_redact_value(redactor, finding)
                         for finding in report.get("findings", ()))
    revision = (_redact_value(redactor, result.revision.to_dict())
                if result.revision is not None else None)
    return OutboundReply(
        turn_id=result.turn_id,
        text=redactor.redact(result.reply),
        receipts_block=redactor.redact(result.receipts_block),
        receipts=receipts,
        trust=trust,
        findings=findings,
        revision=revision,
        unchecked_from=unchecked_from,
    )


def _redact_value(redactor: LeakRedactor, value: Any) -> Any:
    if isinstance(value, str):
        return redactor.redact(value)
    if isinstance(value, dict):
        return {key: _redact_value(redactor, item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_redact_value(redactor, item) for item in value]
    return value
