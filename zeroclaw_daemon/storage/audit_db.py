"""The SQLite audit log: one row per tool event and one per audited reply.

It holds what happened, never the receipt key: ids, statuses, receipts (tokens
are not secret), SHA-256 digests and sizes of arguments and results, and
durations. Argument, result and reply text are stored only with
``[daemon] store_payloads = true``, with one exception: when the audit mode
``block`` withheld a reply, its original text is stored anyway, because
DESIGN.md promises that a blocked original always reaches the audit log and
nothing else keeps it. (Under ``annotate`` the person received the original,
so it is not kept unless payloads are.)

Writes never block a turn: the record methods only append a row to a bounded
deque that one writer thread drains into the database (WAL mode,
``synchronous = NORMAL``, one transaction per batch). The writer is woken only
when the deque goes from empty to not empty, and then lets a burst gather for
:data:`BATCH_WINDOW_S`, so a busy daemon pays one thread switch and one commit
per window rather than per row (a wake per row cost the event loop about a
tenth of its time in lock hand-offs under load). When the deque is full the
row is dropped, counted in :attr:`AuditDB.dropped` and warned about. :meth:`AuditDB.aclose` flushes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from zeroclaw_daemon.audit import AuditReport
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.receipts import ArgsNotCanonicalError, ToolEvent, canonical_args
from zeroclaw_daemon.storage.queries import read_recent_audits, read_recent_events
from zeroclaw_daemon.storage.schema import (
    INSERT_AUDIT,
    INSERT_EVENT,
    INSERT_FOLLOWUP,
    INSERT_REVISION,
    connect_writer,
    upgrade_schema,
)

LOG_TARGET = "zeroclaw_daemon"
DEFAULT_QUEUE_SIZE = 10_000
# One transaction per batch keeps fsyncs per turn low without holding rows for long.
MAX_BATCH_ROWS = 500
# How long the writer lets rows gather after the first one wakes it.
BATCH_WINDOW_S = 0.02
# How often an idle writer looks up anyway (a bound on every wait; nothing is lost by it).
IDLE_POLL_S = 1.0
FLUSH_TIMEOUT_S = 30.0

@dataclass(frozen=True, slots=True)
class _Row:
    sql: str
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class _Flush:
    done: threading.Event


_STOP = object()


class AuditDB:
    """Append-only audit log in SQLite, written by one background thread."""

    def __init__(self, path: str | Path, store_payloads: bool = False, *,
                 queue_size: int = DEFAULT_QUEUE_SIZE) -> None:
        self.path = Path(path)
        self.store_payloads = store_payloads
        self.dropped = 0  # rows refused because the queue was full or the log closed
        self.written = 0  # rows committed (writer thread)
        self.failed = 0  # rows lost to a database error (writer thread)
        self._log = get_logger(LOG_TARGET)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Schema errors (unwritable directory, not a database) surface here, at startup.
        connection = connect_writer(self.path)
        try:
            upgrade_schema(connection, self.path)
        except BaseException:
            connection.close()
            raise
        # deque.append and popleft are atomic: the event loop never takes a lock to record.
        self._pending: deque[object] = deque()
        self._max_pending = queue_size
        self._wake = threading.Event()
        self._closed = False
        self._thread = threading.Thread(target=self._writer, args=(connection,),
                                        name="zeroclaw-audit-db", daemon=True)
        self._thread.start()

    def __repr__(self) -> str:
        return (f"<AuditDB path={str(self.path)!r} written={self.written} "
                f"dropped={self.dropped}>")

    # -- recording (called on the event loop; never waits) -------------------------------------

    async def record_tool_event(self, event: ToolEvent, *, scope_id: str | None) -> None:
        """Queue one tool event."""
        self.submit_tool_event(event, scope_id=scope_id)

    def submit_tool_event(self, event: ToolEvent, *, scope_id: str | None) -> None:
        """Queue one tool event (synchronous form)."""
        args_text = _args_text(event.args)
        result_bytes = event.result.encode("utf-8", "surrogatepass")
        args_bytes = args_text.encode("utf-8", "surrogatepass")
        self._submit(_Row(INSERT_EVENT, {
            "ts": time.time(), "scope_id": scope_id, "conversation": event.conversation_id,
            "turn": event.turn_id, "call_id": event.call_id, "tool": event.tool,
            "status": event.status.value, "receipt": event.receipt,
            "args_sha256": hashlib.sha256(args_bytes).hexdigest(),
            "result_sha256": hashlib.sha256(result_bytes).hexdigest(),
            "args_bytes": len(args_bytes), "result_bytes": len(result_bytes),
            "result_count": event.result_count, "duration_ms": event.duration_ms,
            "defanged": event.defanged, "detached": int(event.detached),
            "urls": json.dumps(list(event.urls)),
            "args": args_text if self.store_payloads else None,
            "result": event.result if self.store_payloads else None,
        }))

    async def record_reply_audit(self, *, turn_id: str, conversation_id: str, mode: str,
                                 report: AuditReport | None, reply: str, original_reply: str,
                                 outcome: str = "final", detached: bool = False) -> None:
        """Queue one audited reply. ``reply`` is what was shown; ``original_reply`` the
        model's text before the audit mode was applied."""
        findings: Sequence[Any] = ()
        trust: str | None = None
        if report is not None:
            as_dict = report.to_dict()
            trust = str(as_dict.get("trust")) if as_dict.get("trust") is not None else None
            findings = as_dict.get("findings", ())
        blocked = mode == "block" and reply != original_reply
        reply_bytes = reply.encode("utf-8", "surrogatepass")
        self._submit(_Row(INSERT_AUDIT, {
            "ts": time.time(), "turn": turn_id, "conversation": conversation_id,
            "outcome": outcome, "mode": mode, "trust": trust,
            "findings": json.dumps(list(findings), ensure_ascii=False, default=str),
            "detached": int(detached),
            "reply_sha256": hashlib.sha256(reply_bytes).hexdigest(),
            "reply_bytes": len(reply_bytes),
            "reply": reply if self.store_payloads else None,
            "original_reply": original_reply if (self.store_payloads or blocked) else None,
            "unchecked_from": report.unchecked_from if report is not None else None,
        }))

    def record_revision_round(self, *, turn_id: str, conversation_id: str, round_index: int,
                              correction: str, reply: str, report: AuditReport | None,
                              outcome: str) -> None:
        """Queue one ``mode = "revise"`` correction round: the correction message sent, the
        revised reply and its findings (texts only with ``store_payloads``; hashes always)."""
        as_dict = report.to_dict() if report is not None else {}
        trust = as_dict.get("trust")
        self._submit(_Row(INSERT_REVISION, {
            "ts": time.time(), "turn": turn_id, "conversation": conversation_id,
            "round": round_index, "outcome": outcome,
            "trust": str(trust) if trust is not None else None,
            "findings": json.dumps(list(as_dict.get("findings", ())), ensure_ascii=False,
                                   default=str),
            "correction_sha256": hashlib.sha256(
                correction.encode("utf-8", "surrogatepass")).hexdigest(),
            "reply_sha256": hashlib.sha256(reply.encode("utf-8", "surrogatepass")).hexdigest(),
            "correction": correction if self.store_payloads else None,
            "reply": reply if self.store_payloads else None,
            "unchecked_from": report.unchecked_from if report is not None else None,
        }))

    def record_followup(self, *, task_id: str, turn_id: str, parent_turn_id: str,
                        conversation_id: str, channel: str, status: str, delivery: str,
                        receipts: int) -> None:
        """Queue one background task's follow-up: which turn started it (``parent_turn``),
        how it ended and what became of its delivery (delivered, queued, parked, dropped)."""
        self._submit(_Row(INSERT_FOLLOWUP, {
            "ts": time.time(), "task": task_id, "turn": turn_id, "parent_turn": parent_turn_id,
            "conversation": conversation_id, "channel": channel, "status": status,
            "delivery": delivery, "receipts": receipts}))

    def _submit(self, row: _Row) -> None:
        if self._closed:
            self._count_drop("closed")
            return
        if len(self._pending) >= self._max_pending:
            self._count_drop("queue full")
            return
        self._enqueue(row)

    def _enqueue(self, item: object) -> None:
        self._pending.append(item)
        # The writer clears the event before it drains, so an item appended after a
        # drain always finds the event clear and sets it: no wake-up is lost.
        if not self._wake.is_set():
            self._wake.set()

    def _count_drop(self, why: str) -> None:
        self.dropped += 1
        # Warn on the first drop and then at powers of two, so a flood does not flood logs.
        if self.dropped & (self.dropped - 1) == 0:
            self._log.warning("Audit log row dropped", reason=why, dropped=self.dropped,
                              path=str(self.path))

    # -- flushing and closing -------------------------------------------------------------------

    async def flush(self, timeout_s: float = FLUSH_TIMEOUT_S) -> bool:
        """Wait until every row queued so far is committed; False on timeout."""
        if self._closed or not self._thread.is_alive():
            return False
        marker = _Flush(threading.Event())
        self._enqueue(marker)  # markers bypass the bound: they are tiny and few
        with anyio.move_on_after(timeout_s):
            return await anyio.to_thread.run_sync(marker.done.wait, timeout_s,
                                                  abandon_on_cancel=True)
        return False

    async def aclose(self, timeout_s: float = FLUSH_TIMEOUT_S) -> None:
        """Commit everything queued, stop the writer thread and close the database."""
        if self._closed:
            return
        self._closed = True  # rows submitted from now on are dropped and counted
        self._enqueue(_STOP)  # after every row already queued: the writer commits them first
        with anyio.move_on_after(timeout_s):
            await anyio.to_thread.run_sync(self._thread.join, timeout_s,
                                           abandon_on_cancel=True)
        if self._thread.is_alive():
            self._log.warning("Audit log writer did not stop in time", path=str(self.path))

    def close(self, timeout_s: float = FLUSH_TIMEOUT_S) -> None:
        """Synchronous :meth:`aclose` for code outside an event loop."""
        if self._closed:
            return
        self._closed = True
        self._enqueue(_STOP)
        self._thread.join(timeout_s)

    # -- the writer thread ----------------------------------------------------------------------

    def _writer(self, connection: sqlite3.Connection) -> None:
        pending = self._pending
        try:
            while True:
                if not self._wake.wait(IDLE_POLL_S) and not pending:
                    continue
                if not self._closed and len(pending) < MAX_BATCH_ROWS:
                    time.sleep(BATCH_WINDOW_S)  # let the burst that woke us gather
                self._wake.clear()
                while pending:
                    batch = [pending.popleft() for _ in range(min(len(pending), MAX_BATCH_ROWS))]
                    if self._write_batch(connection, batch):
                        return
        finally:
            connection.close()

    def _write_batch(self, connection: sqlite3.Connection, batch: Sequence[object]) -> bool:
        rows = [item for item in batch if isinstance(item, _Row)]
        if rows:
            try:
                with connection:
                    # executemany over each run of rows for the same statement, in order.
                    start = 0
                    while start < len(rows):
                        end = start + 1
                        while end < len(rows) and rows[end].sql == rows[start].sql:
                            end += 1
                        connection.executemany(rows[start].sql,
                                               [row.params for row in rows[start:end]])
                        start = end
                self.written += len(rows)
            except sqlite3.Error as exc:
                self.failed += len(rows)
                self._log.error("Audit log write failed", error=type(exc).__name__,
                                message=str(exc), rows=len(rows), path=str(self.path))
        stop = False
        for item in batch:
            if isinstance(item, _Flush):
                item.done.set()
            elif item is _STOP:
                stop = True
        return stop

    # -- reading (synchronous; a separate connection) -------------------------------------------

    def recent(self, conversation: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """The newest tool events (newest first), optionally for one conversation."""
        return read_recent_events(self.path, conversation, limit)

    def recent_audits(self, conversation: str | None = None,
                      limit: int = 20) -> list[dict[str, Any]]:
        """The newest reply audits (newest first), optionally for one conversation."""
        return read_recent_audits(self.path, conversation, limit)


def _args_text(args: Mapping[str, Any]) -> str:
    try:
        return canonical_args(args).decode("utf-8", "surrogatepass")
    except (ArgsNotCanonicalError, UnicodeDecodeError):
        return json.dumps(args, sort_keys=True, default=repr)
