"""Persistent state: the SQLite audit log (never the receipt key)."""

from __future__ import annotations

from zeroclaw_daemon.storage.audit_db import (
    AuditDB,
    audit_db_path,
    read_recent_audits,
    read_recent_events,
)

__all__ = ["AuditDB", "audit_db_path", "read_recent_audits", "read_recent_events"]
