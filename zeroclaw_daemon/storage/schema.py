"""The audit log's SQLite schema, its insert statements and how the writer connects.

One file, four append-only tables: ``tool_events`` (one row per tool call),
``reply_audits`` (one per audited reply), ``reply_revisions`` (``mode = "revise"``
correction rounds) and ``followups`` (background results delivered or not).

``PRAGMA user_version`` holds the schema version. A file of an older version is
brought up to this one when the log opens (:func:`upgrade_schema`: the columns added
since are added, NULL in old rows); a file of a newer version is refused, since this
daemon would write rows that version's readers do not expect.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

DB_FILENAME = "audit.db"
SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS tool_events (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    scope_id TEXT,
    conversation TEXT NOT NULL,
    turn TEXT NOT NULL,
    call_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    status TEXT NOT NULL,
    receipt TEXT,
    args_sha256 TEXT NOT NULL,
    result_sha256 TEXT NOT NULL,
    args_bytes INTEGER NOT NULL,
    result_bytes INTEGER NOT NULL,
    result_count INTEGER,
    duration_ms REAL NOT NULL,
    defanged INTEGER NOT NULL DEFAULT 0,
    detached INTEGER NOT NULL DEFAULT 0,
    urls TEXT NOT NULL DEFAULT '[]',
    args TEXT,
    result TEXT
);
CREATE INDEX IF NOT EXISTS tool_events_conversation ON tool_events (conversation, id);
CREATE INDEX IF NOT EXISTS tool_events_receipt ON tool_events (receipt);
CREATE TABLE IF NOT EXISTS reply_audits (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    turn TEXT NOT NULL,
    conversation TEXT NOT NULL,
    outcome TEXT NOT NULL,
    mode TEXT NOT NULL,
    trust TEXT,
    findings TEXT NOT NULL DEFAULT '[]',
    detached INTEGER NOT NULL DEFAULT 0,
    reply_sha256 TEXT NOT NULL,
    reply_bytes INTEGER NOT NULL,
    reply TEXT,
    original_reply TEXT,
    unchecked_from INTEGER
);
CREATE INDEX IF NOT EXISTS reply_audits_conversation ON reply_audits (conversation, id);
CREATE TABLE IF NOT EXISTS followups (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    task TEXT NOT NULL,
    turn TEXT NOT NULL,
    parent_turn TEXT NOT NULL,
    conversation TEXT NOT NULL,
    channel TEXT NOT NULL,
    status TEXT NOT NULL,
    delivery TEXT NOT NULL,
    receipts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS followups_parent ON followups (parent_turn);
CREATE TABLE IF NOT EXISTS reply_revisions (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    turn TEXT NOT NULL,
    conversation TEXT NOT NULL,
    round INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    trust TEXT,
    findings TEXT NOT NULL DEFAULT '[]',
    correction_sha256 TEXT NOT NULL,
    reply_sha256 TEXT NOT NULL,
    correction TEXT,
    reply TEXT,
    unchecked_from INTEGER
);
CREATE INDEX IF NOT EXISTS reply_revisions_turn ON reply_revisions (turn, round);
"""

INSERT_EVENT = """
INSERT INTO tool_events (ts, scope_id, conversation, turn, call_id, tool, status, receipt,
    args_sha256, result_sha256, args_bytes, result_bytes, result_count, duration_ms, defanged,
    detached, urls, args, result)
VALUES (:ts, :scope_id, :conversation, :turn, :call_id, :tool, :status, :receipt,
    :args_sha256, :result_sha256, :args_bytes, :result_bytes, :result_count, :duration_ms,
    :defanged, :detached, :urls, :args, :result)
"""

INSERT_AUDIT = """
INSERT INTO reply_audits (ts, turn, conversation, outcome, mode, trust, findings, detached,
    reply_sha256, reply_bytes, reply, original_reply, unchecked_from)
VALUES (:ts, :turn, :conversation, :outcome, :mode, :trust, :findings, :detached,
    :reply_sha256, :reply_bytes, :reply, :original_reply, :unchecked_from)
"""

INSERT_REVISION = """
INSERT INTO reply_revisions (ts, turn, conversation, round, outcome, trust, findings,
    correction_sha256, reply_sha256, correction, reply, unchecked_from)
VALUES (:ts, :turn, :conversation, :round, :outcome, :trust, :findings,
    :correction_sha256, :reply_sha256, :correction, :reply, :unchecked_from)
"""

INSERT_FOLLOWUP = """
INSERT INTO followups (ts, task, turn, parent_turn, conversation, channel, status, delivery,
    receipts)
VALUES (:ts, :task, :turn, :parent_turn, :conversation, :channel, :status, :delivery,
    :receipts)
"""


# The columns each version added, by table: an older file gets them, NULL in its rows.
# Version 2: where the audit stopped reading a long reply's claims (AuditReport.unchecked_from).
ADDED_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("reply_audits", "unchecked_from", "INTEGER"),
    ("reply_revisions", "unchecked_from", "INTEGER"),
)


class NewerSchemaError(sqlite3.DatabaseError):
    """The audit log was written by a newer daemon (its schema version is above ours)."""

    def __init__(self, path: Path, version: int) -> None:
        super().__init__(f"audit log {path} has schema version {version}; this daemon "
                         f"writes version {SCHEMA_VERSION}: upgrade zeroclaw or use "
                         f"another [daemon] state_dir")
        self.path = path
        self.version = version


def refuse_newer(connection: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`NewerSchemaError` when the file's schema is newer than ours."""
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(path, version)


def upgrade_schema(connection: sqlite3.Connection, path: Path) -> None:
    """Create the tables, or bring an older file's up to :data:`SCHEMA_VERSION`, in one
    transaction; refuse a newer file (:class:`NewerSchemaError`)."""
    refuse_newer(connection, path)
    connection.executescript(SCHEMA)   # CREATE ... IF NOT EXISTS: old tables stay as they are
    with connection:
        for table, column, kind in ADDED_COLUMNS:
            present = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
            if column not in present:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def audit_db_path(state_dir: Path) -> Path:
    """Where the audit log lives under a state directory."""
    return state_dir / DB_FILENAME


def connect_writer(path: Path) -> sqlite3.Connection:
    # The writer thread is the only user of this connection after __init__ hands it over.
    connection = sqlite3.connect(path, check_same_thread=False, timeout=10.0)
    try:
        refuse_newer(connection, path)   # before WAL mode rewrites the file's header
    except BaseException:
        connection.close()
        raise
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    return connection
