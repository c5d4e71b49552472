"""Receipt tokens in a reply: their verdicts, and the findings the bad ones become.

With a scope the ledger judges each token (``ReceiptScope.check_tokens``).
Without one, a well-formed token equal to one of this turn's event receipts is
``valid`` and any other well-formed token is ``forged``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..receipts.events import ToolEvent
from ..receipts.scope import ReceiptScope, TokenVerdict, Verdict
from ..receipts.tokens import receipt_like_spans, well_formed
from .report import NO_CALL_EVIDENCE, Finding, FindingEvidence, FindingType

_TOKEN_FINDINGS: Mapping[Verdict, FindingType] = {
    Verdict.FORGED: FindingType.FORGED_RECEIPT,
    Verdict.STALE: FindingType.STALE_RECEIPT,
    Verdict.FOREIGN: FindingType.FOREIGN_RECEIPT,
    Verdict.MALFORMED: FindingType.MALFORMED_RECEIPT,
}
_TOKEN_MESSAGES: Mapping[Verdict, str] = {
    Verdict.FORGED: "receipt {token} was never issued by this runtime",
    Verdict.STALE: "receipt {token} is older than this runtime's receipt scope",
    Verdict.FOREIGN: "receipt {token} was issued for another conversation",
    Verdict.MALFORMED: "{token} looks like a receipt but does not follow the receipt format",
}


def token_findings(tokens: Sequence[TokenVerdict]) -> list[Finding]:
    """A finding for every forged, stale, foreign or malformed token."""
    findings: list[Finding] = []
    for verdict in tokens:
        finding_type = _TOKEN_FINDINGS.get(verdict.verdict)
        if finding_type is not None:
            message = _TOKEN_MESSAGES[verdict.verdict].format(token=_short(verdict.text))
            record = verdict.record
            evidence = NO_CALL_EVIDENCE if record is None else FindingEvidence(
                record.call_id, record.tool, None, f"receipt issued for {record.tool}")
            call_id = record.call_id if record is not None else None
            findings.append(Finding(finding_type, verdict.start, verdict.end, call_id, message,
                                    f"token.{verdict.verdict.value}", evidence))
    return findings


def token_verdicts(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope | None,
                   conversation_id: str | None) -> list[TokenVerdict]:
    """A verdict for every receipt-like string in ``reply`` (see the module docstring)."""
    if scope is not None:
        return scope.check_tokens(reply, conversation_id)
    issued = {e.receipt for e in events if e.receipt}
    verdicts: list[TokenVerdict] = []
    for text, start, end, disguised in receipt_like_spans(reply):
        if well_formed(text) is None:
            verdict = Verdict.MALFORMED
        else:
            verdict = Verdict.VALID if text in issued else Verdict.FORGED
        if disguised:
            # As in ReceiptScope.check_tokens: forged stays forged, never valid; and malformed.
            if verdict is Verdict.FORGED:
                verdicts.append(TokenVerdict(text, start, end, verdict))
            verdict = Verdict.MALFORMED
        verdicts.append(TokenVerdict(text, start, end, verdict))
    return verdicts


def _short(token: str) -> str:
    return token if len(token) <= 32 else token[:28] + "…"
