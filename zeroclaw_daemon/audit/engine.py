"""Reply audit: check what a reply says against what the turn's tools really did.

Deterministic and local: no model calls, and no reliance on the model
tagging its own claims. Two sources of findings:

1. **Receipt tokens** in the reply, judged by the scope's ledger
   (``ReceiptScope.check_tokens``): ``forged``, ``stale``, ``foreign`` and
   ``malformed`` verdicts become findings of the same name; ``valid`` and
   ``expired`` (too old to judge) do not. Without a scope, a well-formed
   token equal to one of this turn's event receipts is ``valid`` and any
   other well-formed token is ``forged``.
2. **Claims** pulled from the reply text by the language pack of
   :mod:`zeroclaw_daemon.audit.lang` (detected when not given; the
   number, value and URL checks are language-neutral) and matched against
   the turn's :class:`ToolEvent` s: ``fabricated_tool_call``,
   ``failed_call_claimed``, ``count_mismatch``, ``false_absence``,
   ``ungrounded_value``, ``source_fabrication``.

Trust, from the findings (the rule in :func:`trust_for`):

- ``contradicted``: any finding that the evidence refutes outright: a
  forged, stale or foreign receipt, a failed call presented as done, a
  count that disagrees with the result, or an absence the result disproves;
- ``suspect``: findings only of the kinds that show a claim without
  evidence: a fabricated tool call, an ungrounded value, a fabricated
  source, a malformed receipt;
- ``verified``: no findings, and at least one successful tool call this
  turn or one valid receipt in the reply;
- ``unverified``: no findings and no tool evidence at all (nothing to
  check the reply against, and it claims no tool use).

The work is split into modules, one job each: ``report`` (finding types,
findings, trust, the report), ``tokens`` (receipt tokens), ``evidence``
(``facts`` and ``index``: what the tool events offer as evidence; ``values``:
grounding a value), ``checks`` (the claim checks, one module per finding
family, run in the order of ``checks.CHECKS``) and ``notice`` (the notice
and the audit modes); claims come from :mod:`.claims`, words from :mod:`.lang`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..receipts.events import ToolEvent
from ..receipts.scope import ReceiptScope, Verdict
from .checks import CheckContext, run_checks
from .claims import extract_claims
from .claims.text import defuse_runs, mask
from .evidence.index import Evidence
from .lang import DEFAULT_LANGUAGE, PACKS, covered_pack, detect_language
from .report import AuditReport, dedupe_findings, trust_for
from .tokens import token_findings, token_verdicts


def audit_reply(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope | None,
                conversation_id: str | None, user_message: str = "",
                language: str | None = None) -> AuditReport:
    """Audit ``reply`` against the turn's ``events`` and the scope's ledger."""
    tokens = token_verdicts(reply, events, scope, conversation_id)
    findings = token_findings(tokens)
    text = defuse_runs(mask(reply, [(t.start, t.end) for t in tokens]))
    pack = covered_pack(language, text)
    claims = extract_claims(text, pack or PACKS[DEFAULT_LANGUAGE])
    if pack is None:
        # No pack for this language: its words are not read, only its URLs (a cited URL
        # is checked the same way in every language).
        claims = replace(claims, tool_uses=(), results=(), counts=(), absences=(), values=(),
                         actions=())
    evidence = Evidence(events, defuse_runs(user_message))
    receipts = {event.receipt: event.call_id for event in events if event.receipt}
    citations = tuple((t.start, t.end, call) for t in tokens if t.verdict is Verdict.VALID
                      and (call := t.record.call_id if t.record else receipts.get(t.text)))
    run_checks(CheckContext(claims, evidence, findings, text, pack,
                            tool_verbs=PACKS[DEFAULT_LANGUAGE].actions, citations=citations))

    findings = dedupe_findings(findings)
    has_evidence = bool(evidence.ok) or any(t.verdict is Verdict.VALID for t in tokens)
    code = pack.code if pack is not None else detect_language(text)
    return AuditReport(trust_for(findings, has_evidence), tuple(findings), tuple(tokens), code)


__all__ = ["audit_reply"]
