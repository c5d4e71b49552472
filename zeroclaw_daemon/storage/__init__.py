"""Persistent state: the SQLite audit log (never the receipt key).

``schema`` (tables, inserts, the writer's connection), ``audit_db`` (the writer),
``queries`` (reading it back).
"""

from __future__ import annotations

from zeroclaw_daemon.storage.audit_db import AuditDB
from zeroclaw_daemon.storage.queries import (
    read_followups,
    read_recent_audits,
    read_recent_events,
    read_revisions,
)
from zeroclaw_daemon.storage.schema import NewerSchemaError, audit_db_path

__all__ = ["AuditDB", "NewerSchemaError", "audit_db_path", "read_followups", "read_recent_audits",
           "read_recent_events", "read_revisions"]
