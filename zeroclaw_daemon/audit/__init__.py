"""The reply auditor: what a reply says, checked against what the turn's tools really did.

Imports only :mod:`zeroclaw_daemon.receipts` (the signing core). See
:mod:`.engine` for the stages and the trust rule.
"""

from __future__ import annotations

from .engine import (
    CONTRADICTING,
    AuditMode,
    AuditReport,
    Finding,
    FindingType,
    Trust,
    apply_audit_mode,
    audit_reply,
    render_notice,
    trust_for,
)

__all__ = [
    "CONTRADICTING",
    "AuditMode",
    "AuditReport",
    "Finding",
    "FindingType",
    "Trust",
    "apply_audit_mode",
    "audit_reply",
    "render_notice",
    "trust_for",
]
