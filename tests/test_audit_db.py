"""The SQLite audit log: rows, payload policy, never the key, non-blocking writes, the CLI."""

from __future__ import annotations

import base64
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import anyio
import pytest
import tomli_w
from click.testing import CliRunner

from zeroclaw_daemon.agent.loop import AgentRuntime
from zeroclaw_daemon.audit import AuditReport, Trust
from zeroclaw_daemon.cli.receipts import receipts_log_command
from zeroclaw_daemon.config import parse_config
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, ToolStatus, canonical_args
from zeroclaw_daemon.storage import (
    AuditDB,
    NewerSchemaError,
    read_recent_audits,
    read_recent_events,
    read_revisions,
)
from zeroclaw_daemon.storage.schema import SCHEMA_VERSION
from zeroclaw_daemon.tools import build_tools


def event(index: int = 0, *, status: ToolStatus = ToolStatus.OK, receipt: str | None = None,
          conversation: str = "conv", result: str = "result text") -> ToolEvent:
    return ToolEvent(call_id=f"call-{index}", tool="read_file", args={"path": f"f{index}"},
                     status=status, result=result, receipt=receipt, urls=("http://u/",),
                     result_count=1, duration_ms=1.5, turn_id="turn-1",
                     conversation_id=conversation)


def key_forms(scope: ReceiptScope) -> list[bytes]:
    """Every spelling of the scope's key a leak could take (raw, hex, base64, base64url)."""
    key = bytes(scope._signer._ReceiptSigner__key)  # type: ignore[attr-defined]
    assert 32 == len(key)
    return [key, key.hex().encode(), key.hex().upper().encode(), base64.b64encode(key),
            base64.urlsafe_b64encode(key).rstrip(b"="), base64.b64encode(key).rstrip(b"=")]


def all_db_bytes(path: Path) -> bytes:
    """The database file plus any WAL/SHM side files."""
    return b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))


async def test_tool_event_row_without_payloads(tmp_path: Path) -> None:
    """A row has ids, status, receipt, digests and sizes, but no payload by default."""
    path = tmp_path / "state" / "audit.db"
    db = AuditDB(path)
    ok = event(1, receipt="zc-receipt-1-x")
    await db.record_tool_event(ok, scope_id="scope-1")
    await db.record_tool_event(event(2, status=ToolStatus.DENIED), scope_id=None)
    assert await db.flush() is True
    rows = db.recent()
    await db.aclose()
    assert ["call-2", "call-1"] == [r["call_id"] for r in rows]  # newest first
    row = rows[1]
    args_bytes = canonical_args({"path": "f1"})
    assert {
        "scope_id": "scope-1", "conversation": "conv", "turn": "turn-1", "tool": "read_file",
        "status": "ok", "receipt": "zc-receipt-1-x",
        "args_sha256": hashlib.sha256(args_bytes).hexdigest(),
        "result_sha256": hashlib.sha256(b"result text").hexdigest(),
        "args_bytes": len(args_bytes), "result_bytes": 11, "result_count": 1,
        "duration_ms": 1.5, "urls": '["http://u/"]', "args": None, "result": None,
        "detached": 0,
    } == {k: row[k] for k in ("scope_id", "conversation", "turn", "tool", "status", "receipt",
                              "args_sha256", "result_sha256", "args_bytes", "result_bytes",
                              "result_count", "duration_ms", "urls", "args", "result",
                              "detached")}
    assert (None, "denied") == (rows[0]["receipt"], rows[0]["status"])
    assert b"result text" not in all_db_bytes(path)


async def test_payloads_only_with_store_payloads(tmp_path: Path) -> None:
    """store_payloads = true keeps argument and result text."""
    db = AuditDB(tmp_path / "audit.db", store_payloads=True)
    await db.record_tool_event(event(1), scope_id=None)
    await db.aclose()
    (row,) = read_recent_events(tmp_path / "audit.db")
    assert ('{"path":"f1"}', "result text") == (row["args"], row["result"])


async def test_reply_audit_keeps_blocked_original_only(tmp_path: Path) -> None:
    """Reply rows keep hashes; the original text only when block mode withheld it."""
    db = AuditDB(tmp_path / "audit.db")
    await db.record_reply_audit(turn_id="t1", conversation_id="c", mode="annotate",
                                report=None, reply="shown + notice", original_reply="shown")
    await db.record_reply_audit(turn_id="t2", conversation_id="c", mode="block", report=None,
                                reply="withheld notice", original_reply="the lie")
    await db.aclose()
    second, first = read_recent_audits(tmp_path / "audit.db")
    assert (None, None) == (first["reply"], first["original_reply"])
    assert (None, "the lie", "block") == (second["reply"], second["original_reply"],
                                          second["mode"])
    assert hashlib.sha256(b"withheld notice").hexdigest() == second["reply_sha256"]
    assert ("[]", None, "final") == (first["findings"], first["trust"], first["outcome"])


async def test_recent_filters_by_conversation_and_limit(tmp_path: Path) -> None:
    """recent() filters by conversation and returns at most `limit` newest rows."""
    db = AuditDB(tmp_path / "audit.db")
    for index in range(5):
        await db.record_tool_event(event(index, conversation="a" if index % 2 else "b"),
                                   scope_id=None)
    await db.flush()
    assert ["call-3", "call-1"] == [r["call_id"] for r in db.recent("a")]
    assert ["call-4", "call-3"] == [r["call_id"] for r in db.recent(limit=2)]
    assert ["call-4"] == [r["call_id"] for r in db.recent("b", limit=1)]
    await db.aclose()


async def test_full_queue_drops_and_counts_without_blocking(tmp_path: Path) -> None:
    """A full queue drops rows (counted), and recording never waits."""
    db = AuditDB(tmp_path / "audit.db", queue_size=1)
    # Park the writer: hold a write lock from another connection so its commit must wait.
    blocker = sqlite3.connect(tmp_path / "audit.db", timeout=0)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with anyio.fail_after(2):  # 200 records must not wait on the locked database
            for index in range(200):
                await db.record_tool_event(event(index), scope_id=None)
        assert db.dropped >= 190
    finally:
        blocker.rollback()
        blocker.close()
    await db.aclose()
    assert 200 == db.dropped + db.written + db.failed


async def test_records_after_close_are_dropped(tmp_path: Path) -> None:
    """After aclose, recording is a counted no-op rather than an error."""
    db = AuditDB(tmp_path / "audit.db")
    await db.aclose()
    await db.record_tool_event(event(), scope_id=None)
    assert 1 == db.dropped


def test_unwritable_location_fails_at_startup(tmp_path: Path) -> None:
    """A path that cannot hold a database fails when the log is opened, not mid-turn."""
    (tmp_path / "not-a-dir").write_text("x")
    with pytest.raises(OSError):
        AuditDB(tmp_path / "not-a-dir" / "audit.db")


async def test_real_turns_never_write_the_key(tmp_path: Path) -> None:
    """After real turns with payloads stored, no form of the receipt key is in the files."""
    (tmp_path / "script.toml").write_text(tomli_w.dumps({"rule": [
        {"match": "go", "reply": "saw {result:1} {receipt:1}",
         "steps": [[{"tool": "shell", "args": {"argv": ["echo", "x"]}},
                    {"tool": "list_dir", "args": {"path": "."}}]]}]}))
    cfg = parse_config(tomli_w.dumps({
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "tool_receipts": {"audit": {"mode": "block"}}},
        "tools": {"shell": {"allow": ["echo"]}, "http_get": {"enabled": False}},
    }), base_dir=tmp_path)
    path = tmp_path / "state" / "audit.db"
    db = AuditDB(path, store_payloads=True)
    runtime = AgentRuntime(cfg, ScriptedProvider(tmp_path / "script.toml"), build_tools(cfg),
                           db)
    scope = ReceiptScope()
    forms = key_forms(scope)
    with anyio.fail_after(15):
        for _ in range(3):
            result = await runtime.run_turn(conversation_id="c", user_message="go",
                                            scope=scope)
    await db.aclose()
    assert 2 == len(result.receipts)
    data = all_db_bytes(path)
    assert 6 == len(read_recent_events(path))
    assert all(e.receipt is not None and e.receipt.encode() in data for e in result.receipts)
    assert [] == [form for form in forms if form in data]


def _cli_rows(tmp_path: Path, *args: str) -> Any:
    runner = CliRunner()
    return runner.invoke(receipts_log_command, ["--db", str(tmp_path / "audit.db"), *args])


async def test_receipts_log_command_prints_recent_rows(tmp_path: Path) -> None:
    """`zeroclaw receipts log` prints tool and reply rows, filtered and limited."""
    db = AuditDB(tmp_path / "audit.db")
    await db.record_tool_event(event(1, receipt="zc-receipt-9-abc"), scope_id="s")
    await db.record_tool_event(event(2, conversation="other", status=ToolStatus.TIMEOUT),
                               scope_id="s")
    await db.record_reply_audit(turn_id="turn-1", conversation_id="conv", mode="log",
                                report=None, reply="r", original_reply="r")
    await db.aclose()
    result = _cli_rows(tmp_path, "--conversation", "conv")
    assert 0 == result.exit_code, result.output
    lines = result.output.splitlines()
    assert 2 == len(lines)
    assert " tool  conversation=conv turn=turn-1 call=call-1 tool=read_file status=ok " \
           "receipt=zc-receipt-9-abc duration_ms=1.5" in lines[0]
    assert " reply conversation=conv turn=turn-1 outcome=final mode=log trust=- findings=-" \
        in lines[1]
    as_json = [json.loads(line) for line in _cli_rows(tmp_path, "--json", "--limit",
                                                      "1").output.splitlines()]
    assert [("reply", "conv")] == [(row["kind"], row["conversation"]) for row in as_json]


def test_receipts_log_without_a_log_yet(tmp_path: Path) -> None:
    """A missing audit log is reported plainly with exit 0."""
    result = _cli_rows(tmp_path)
    assert 0 == result.exit_code
    assert f"no audit log at {tmp_path / 'audit.db'} yet\n" == result.output


def test_receipts_log_uses_the_config_state_dir(tmp_path: Path) -> None:
    """Without --db the log is found under the config's [daemon] state_dir."""
    config = tmp_path / "zeroclaw.toml"
    config.write_text('[daemon]\nstate_dir = "st"\n')
    AuditDB(tmp_path / "st" / "audit.db").close()
    result = CliRunner().invoke(receipts_log_command, ["--config", str(config)])
    assert (0, "") == (result.exit_code, result.output)


# The two tables version 1 wrote as it wrote them (before unchecked_from).
_VERSION_1_TABLES = """
CREATE TABLE reply_audits (id INTEGER PRIMARY KEY, ts REAL NOT NULL, turn TEXT NOT NULL,
    conversation TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT NOT NULL, trust TEXT,
    findings TEXT NOT NULL DEFAULT '[]', detached INTEGER NOT NULL DEFAULT 0,
    reply_sha256 TEXT NOT NULL, reply_bytes INTEGER NOT NULL, reply TEXT, original_reply TEXT);
CREATE TABLE reply_revisions (id INTEGER PRIMARY KEY, ts REAL NOT NULL, turn TEXT NOT NULL,
    conversation TEXT NOT NULL, round INTEGER NOT NULL, outcome TEXT NOT NULL, trust TEXT,
    findings TEXT NOT NULL DEFAULT '[]', correction_sha256 TEXT NOT NULL,
    reply_sha256 TEXT NOT NULL, correction TEXT, reply TEXT);
INSERT INTO reply_audits (ts, turn, conversation, outcome, mode, findings, reply_sha256,
    reply_bytes) VALUES (1.0, 'old-turn', 'c', 'final', 'annotate', '[]', 'ab', 2);
PRAGMA user_version = 1;
"""


def partly_read_report(unchecked_from: int) -> AuditReport:
    return AuditReport(Trust.UNVERIFIED, (), (), "en", unchecked_from)


async def test_unchecked_from_is_stored_with_the_audit_and_the_revision(
        tmp_path: Path) -> None:
    """Where the audit stopped reading a long reply is kept in both audit tables."""
    db = AuditDB(tmp_path / "audit.db")
    await db.record_reply_audit(turn_id="t1", conversation_id="c", mode="annotate",
                                report=partly_read_report(32_700), reply="r", original_reply="r")
    db.record_revision_round(turn_id="t1", conversation_id="c", round_index=1, correction="fix",
                             reply="r2", report=partly_read_report(1_024), outcome="final")
    await db.aclose()
    (audit,) = read_recent_audits(tmp_path / "audit.db")
    (revision,) = read_revisions(tmp_path / "audit.db")
    assert (32_700, 1_024) == (audit["unchecked_from"], revision["unchecked_from"])


async def test_a_version_1_log_is_upgraded_and_keeps_its_rows(tmp_path: Path) -> None:
    """A log written by schema version 1 opens: its rows stay, the new column is added."""
    path = tmp_path / "audit.db"
    with sqlite3.connect(path) as connection:
        connection.executescript(_VERSION_1_TABLES)
    connection.close()
    db = AuditDB(path)
    await db.record_reply_audit(turn_id="new-turn", conversation_id="c", mode="annotate",
                                report=partly_read_report(40_000), reply="r", original_reply="r")
    await db.aclose()
    new, old = read_recent_audits(path)
    assert ("old-turn", None) == (old["turn"], old["unchecked_from"])
    assert ("new-turn", 40_000) == (new["turn"], new["unchecked_from"])
    with sqlite3.connect(path) as connection:
        assert (SCHEMA_VERSION,) == connection.execute("PRAGMA user_version").fetchone()
    connection.close()


def test_a_log_of_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    """A log written by a newer daemon is not opened, and nothing in it is changed."""
    path = tmp_path / "audit.db"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(NewerSchemaError) as caught:
        AuditDB(path)
    assert SCHEMA_VERSION + 1 == caught.value.version
    assert f"schema version {SCHEMA_VERSION + 1}" in str(caught.value)
    assert before == path.read_bytes()


async def test_receipts_log_shows_where_reading_stopped(tmp_path: Path) -> None:
    """`zeroclaw receipts log` prints unchecked_from on a reply read only in part."""
    db = AuditDB(tmp_path / "audit.db")
    await db.record_reply_audit(turn_id="t1", conversation_id="c", mode="annotate",
                                report=partly_read_report(32_700), reply="r", original_reply="r")
    await db.aclose()
    result = CliRunner().invoke(receipts_log_command, ["--db", str(tmp_path / "audit.db")])
    assert 0 == result.exit_code, result.output
    assert result.output.rstrip().endswith("unchecked_from=32700")
