"""Reading the audit log: newest rows first, over a read-only connection of its own
(the writer thread in audit_db.py keeps its connection to itself)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    uri = f"{path.resolve().as_uri()}?mode=ro"
    connection = sqlite3.connect(uri, uri=True, timeout=10.0)
    connection.row_factory = sqlite3.Row
    try:
        yield connection
    finally:
        connection.close()


def _read(path: Path, table: str, conversation: str | None, limit: int) -> list[dict[str, Any]]:
    if limit < 1:
        return []
    where = "WHERE conversation = ?" if conversation is not None else ""
    params: tuple[Any, ...] = (conversation, limit) if conversation is not None else (limit,)
    with _read_only(path) as connection:
        rows = connection.execute(
            f"SELECT * FROM {table} {where} ORDER BY id DESC LIMIT ?", params).fetchall()
    return [dict(row) for row in rows]


def read_recent_events(path: str | Path, conversation: str | None = None,
                       limit: int = 20) -> list[dict[str, Any]]:
    """The newest tool events in the audit log at ``path`` (newest first)."""
    return _read(Path(path), "tool_events", conversation, limit)


def read_followups(path: str | Path, conversation: str | None = None,
                   limit: int = 20) -> list[dict[str, Any]]:
    """The newest follow-up records (newest first), optionally for one conversation."""
    return _read(Path(path), "followups", conversation, limit)


def read_recent_audits(path: str | Path, conversation: str | None = None,
                       limit: int = 20) -> list[dict[str, Any]]:
    """The newest reply audits in the audit log at ``path`` (newest first)."""
    return _read(Path(path), "reply_audits", conversation, limit)


def read_revisions(path: str | Path, conversation: str | None = None,
                   limit: int = 20) -> list[dict[str, Any]]:
    """The newest ``mode = "revise"`` correction rounds (newest first)."""
    return _read(Path(path), "reply_revisions", conversation, limit)
