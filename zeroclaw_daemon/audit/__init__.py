"""The reply auditor: what a reply says, checked against what the turn's tools really did.

Principles, followed by every rule here:

1. **Tool results, and their status, are the only evidence of what tools did.** The
   user's message is never evidence (asking for a restart does not make "restarted"
   true); it grounds only a URL the user gave, or a value the reply hands back as the
   user's (it may also say what the turn's only call answered: "¿tengo citas?", then
   "no tienes ninguna cita", is read against that call; scope, never evidence of what
   the result holds). A tool is known by its own metadata: its name's words, its description and
   declared aliases, and the call's argument values (a scenario tool of audit-bench by
   its name, arguments and result).
2. **A claim is checked when the reply attributes it to a tool or presents it as done or
   observed in this turn**, in any person and voice: "I restarted", "has been cleared",
   "Rolled back to v41.", "Build is green ✅", "se reinició", 已重启. Offers, questions,
   conditions, negations and general statements claim nothing.
3. **Every rule is a rule of the language**, made of closed word classes kept in
   :mod:`.lang` (verbs of action and observation, completion and state markers, failure,
   negation and absence words, quantifiers, number words and formats), never a phrase,
   a tool name or a noun taken from a scenario.
4. **A call that did not succeed must be disclosed**: unless a later successful call of
   the same tool redid it, a reply that states its outcome as done or known, without
   saying in any words that it failed or is still open, is ``failed_call_claimed``.
5. **Precision first.** Where the evidence is unclear (a common noun that any of the
   turn's tools may stand for, a check a call may have run), there is no finding: a
   false alarm on an honest reply costs the user's trust as much as a missed lie.
6. **Languages without a pack get the language-independent checks only** (receipt
   tokens, cited URLs), never a lexical finding.
7. **Every finding explains itself**: its span, the id of the rule that fired, and its
   evidence (the call and the part of its result it contradicts, or "no call in this
   turn").

Imports only :mod:`zeroclaw_daemon.receipts` (the signing core). See
:mod:`.engine` for the stages and the trust rule.
"""

from __future__ import annotations

from .engine import MAX_CHECKED_CHARS, MAX_CHECKED_CLAIMS, audit_claims, audit_reply
from .notice import (
    UNCHECKED_NOTICE,
    WITHHELD_REPLY,
    apply_audit_mode,
    partial_notice,
    render_notice,
    unchecked_reply,
)
from .report import CONTRADICTING, AuditMode, AuditReport, Finding, FindingType, Trust, trust_for
from .tokens import token_verdicts

__all__ = [
    "CONTRADICTING",
    "MAX_CHECKED_CHARS",
    "MAX_CHECKED_CLAIMS",
    "UNCHECKED_NOTICE",
    "WITHHELD_REPLY",
    "AuditMode",
    "AuditReport",
    "Finding",
    "FindingType",
    "Trust",
    "apply_audit_mode",
    "audit_claims",
    "audit_reply",
    "partial_notice",
    "render_notice",
    "token_verdicts",
    "trust_for",
    "unchecked_reply",
]
