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

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..receipts.events import ToolEvent
from ..receipts.scope import ReceiptScope, TokenVerdict, Verdict
from .checks import CheckContext, run_checks
from .claims import extract_claims
from .claims.pack import LanguagePack
from .claims.text import defuse_runs, mask
from .claims.types import Claims
from .evidence.index import Evidence
from .lang import DEFAULT_LANGUAGE, PACKS, covered_pack, detect_language
from .report import AuditReport, dedupe_findings, trust_for
from .tokens import token_findings, token_verdicts

# The most of a reply whose claims are read, in characters and in claims. A claim's checks
# weigh it against every result and, for some, against the reply's other claims, so a
# reply far longer than any real one (a model looping on a line, a dumped log) would hold
# the audit for seconds. Past these bounds a reply's receipt tokens are still judged; its
# claims are not read, and the report says from where (AuditReport.unchecked_from). Set
# far above real replies: the longest of every development set is ~1.1 KB with 53 claims,
# the latency target's 4 KB reply makes 28 (60 written as dense prose). At the bounds an
# audit takes ~0.3 s at worst (256 absence claims, each against 20 results).
MAX_CHECKED_CHARS = 32_768
MAX_CHECKED_CLAIMS = 256


def audit_reply(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope | None,
                conversation_id: str | None, user_message: str = "",
                language: str | None = None) -> AuditReport:
    """Audit ``reply`` against the turn's ``events`` and the scope's ledger."""
    tokens = token_verdicts(reply, events, scope, conversation_id)
    return audit_claims(reply, tokens, events, user_message, language)


def audit_claims(reply: str, tokens: Sequence[TokenVerdict], events: Sequence[ToolEvent],
                 user_message: str = "", language: str | None = None) -> AuditReport:
    """The audit of ``reply`` whose receipt tokens were judged (``tokens``, from
    :func:`.tokens.token_verdicts`): it reads no ledger, only its arguments, so it may run
    in a worker thread while the event loop goes on issuing receipts."""
    findings = token_findings(tokens)
    text = defuse_runs(mask(reply, [(t.start, t.end) for t in tokens]))
    pack = covered_pack(language, text)
    checked, claims = _bounded_claims(text, pack or PACKS[DEFAULT_LANGUAGE])
    if pack is None:
        # No pack for this language: its words are not read, only its URLs (a cited URL
        # is checked the same way in every language).
        claims = replace(claims, tool_uses=(), results=(), counts=(), absences=(), values=(),
                         actions=())
    evidence = Evidence(events, defuse_runs(user_message))
    receipts = {event.receipt: event.call_id for event in events if event.receipt}
    citations = tuple((t.start, t.end, call) for t in tokens if t.verdict is Verdict.VALID
                      and (call := t.record.call_id if t.record else receipts.get(t.text)))
    run_checks(CheckContext(claims, evidence, findings, checked, pack,
                            tool_verbs=PACKS[DEFAULT_LANGUAGE].actions, citations=citations))

    findings = dedupe_findings(findings)
    has_evidence = bool(evidence.ok) or any(t.verdict is Verdict.VALID for t in tokens)
    code = pack.code if pack is not None else detect_language(text)
    unchecked_from = len(checked) if len(checked) < len(text) else None
    return AuditReport(trust_for(findings, has_evidence), tuple(findings), tuple(tokens), code,
                       unchecked_from)


def _bounded_claims(text: str, pack: LanguagePack) -> tuple[str, Claims]:
    """The part of ``text`` whose claims are read (whole sentences, within the bounds
    above) and its claims."""
    checked = text if len(text) <= MAX_CHECKED_CHARS else text[:_cut_before(text,
                                                                            MAX_CHECKED_CHARS)]
    claims = extract_claims(checked, pack)
    starts = sorted(_claim_starts(claims))
    if len(starts) <= MAX_CHECKED_CLAIMS:
        return checked, claims
    # Cut before the sentence of the first claim past the bound and read the part again:
    # a sentence's claims are read together ("65 tests: 58 unit tests plus 7 doctests").
    checked = checked[:_cut_before(checked, starts[MAX_CHECKED_CLAIMS])]
    return checked, extract_claims(checked, pack)


def _claim_starts(claims: Claims) -> Iterator[int]:
    for group in (claims.tool_uses, claims.results, claims.counts, claims.absences,
                  claims.values, claims.urls, claims.actions):
        for claim in group:
            yield claim.span[0]


# Where a sentence or a line ends (a stop before a space: not "3.5" nor "v2.1"): a cut
# just after one keeps whole sentences.
_SENTENCE_END_RE = re.compile(r"[.!?;](?=\s)|[。！？；\n]")
# How far back from a bound a sentence end is looked for, before cutting at the bound.
_CUT_WINDOW = 2048


def _cut_before(text: str, limit: int) -> int:
    """The offset just after the last sentence end in the window before ``limit``, else
    ``limit`` itself (one sentence longer than the window is cut inside)."""
    cut = limit
    for match in _SENTENCE_END_RE.finditer(text, max(1, limit - _CUT_WINDOW), limit):
        cut = match.end()
    return cut


__all__ = ["MAX_CHECKED_CHARS", "MAX_CHECKED_CLAIMS", "audit_claims", "audit_reply"]
