"""The real tool loop with the scripted model and real tools: every call status end to end."""

from __future__ import annotations

import io
from pathlib import Path

import anyio
import pytest
from loop_harness import (
    CONVERSATION,
    NO_RECEIPT,
    ListProvider,
    assert_no_receipt_event,
    assert_receipt_verifies,
    make_config,
    one_turn,
    records,
    runtime_for,
    tool_messages,
)

from zeroclaw_daemon.agent.loop import TurnOutcome
from zeroclaw_daemon.providers.base import ChatResponse, ToolCall
from zeroclaw_daemon.receipts import ReceiptScope, ToolStatus
from zeroclaw_daemon.storage import AuditDB, read_recent_events

# -- statuses through the real loop ----------------------------------------------------------


async def test_ok_shell_call_is_receipted_and_verifies(tmp_path: Path,
                                                       json_logs: io.StringIO) -> None:
    """ok: a real subprocess result reaches the model with a trailer that verifies."""
    cfg = make_config(tmp_path, [{"match": "hello", "reply": "said {result:1}",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["echo", "hello"]}}]}])
    runtime, provider = runtime_for(cfg, tmp_path)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "say hello")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert (ToolStatus.OK, "hello\n") == (event.status, event.result)
    assert_receipt_verifies(scope, event, seen.content)
    assert (event,) == result.receipts
    assert (TurnOutcome.FINAL, "said hello\n") == (result.outcome, result.reply)
    record = scope.ledger.get(event.receipt or "")
    assert record is not None
    assert (CONVERSATION, result.turn_id, "shell") == (record.conversation_id, record.turn_id,
                                                       record.tool)
    assert [] == records(json_logs, "Tool call ended without a receipt")


async def test_ok_http_get_records_final_url(tmp_path: Path, http_server: str) -> None:
    """ok: http_get against a loopback server; the ledger records the final URL and count."""
    url = f"{http_server}/redirect"
    cfg = make_config(tmp_path, [{"match": "fetch", "reply": "done",
                                  "steps": [{"tool": "http_get", "args": {"url": url}}]}])
    runtime, provider = runtime_for(cfg, tmp_path)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "fetch it")
    (event,) = result.events
    assert ToolStatus.OK == event.status, event.result
    assert_receipt_verifies(scope, event, tool_messages(provider.sent[-1])[0].content)
    record = scope.ledger.get(event.receipt or "")
    assert record is not None
    # The tool notes the redirect on its own line before the three body lines.
    assert ((f"{http_server}/page",), 4) == (record.urls, record.result_count)
    assert event.result.endswith("alpha\nbeta\ngamma\n")


async def test_failed_call_has_error_text_and_no_receipt(tmp_path: Path,
                                                         json_logs: io.StringIO) -> None:
    """failed: a non-zero exit is error text for the model, no receipt, a WARN audit event."""
    cfg = make_config(tmp_path, [{"match": "cat", "reply": "r",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["cat", "missing.txt"]}}]}])
    db = AuditDB(tmp_path / "audit.db")
    runtime, provider = runtime_for(cfg, tmp_path, audit_db=db)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "cat it")
    await db.aclose()
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert (ToolStatus.FAILED, None) == (event.status, event.receipt)
    assert seen.content == event.result
    assert seen.content.startswith("Error (failed): 'cat' exited with")
    assert seen.content.endswith(NO_RECEIPT)
    assert "[receipt:" not in seen.content
    assert () == result.receipts
    assert 0 == len(scope.ledger)
    assert_no_receipt_event(json_logs, "failed", "shell", event.call_id, "WARN")
    (row,) = read_recent_events(tmp_path / "audit.db")
    assert ("failed", None, event.call_id) == (row["status"], row["receipt"], row["call_id"])


async def test_denied_by_autonomy_without_approval_flow(tmp_path: Path,
                                                        json_logs: io.StringIO) -> None:
    """denied: supervised exec with no approval flow never runs; INFO audit event."""
    marker = tmp_path / "files" / "ran.txt"
    cfg = make_config(tmp_path, [{"match": "write", "reply": "r",
                                  "steps": [{"tool": "write_file",
                                             "args": {"path": "ran.txt", "content": "x"}}]}],
                      {"agent": {"autonomy": "supervised"}})
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "write it")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert ("Error (denied): write_file (write) requires approval; this channel has no "
            "approval flow." + NO_RECEIPT) == seen.content
    assert (ToolStatus.DENIED, None, seen.content) == (event.status, event.receipt,
                                                        event.result)
    assert marker.exists() is False
    assert_no_receipt_event(json_logs, "denied", "write_file", event.call_id, "INFO")


async def test_denied_by_approval_hook_answer(tmp_path: Path) -> None:
    """denied: a supervised call the person refuses never runs; an approved one does."""
    cfg = make_config(tmp_path, [{"match": "write", "reply": "r",
                                  "steps": [{"tool": "write_file",
                                             "args": {"path": "a.txt", "content": "x"}}]}],
                      {"agent": {"autonomy": "supervised"}})
    runtime, _ = runtime_for(cfg, tmp_path)
    asked: list[str] = []

    async def refuse(tool: str, summary: str) -> bool:
        asked.append(summary)
        return False

    async def approve(tool: str, summary: str) -> bool:
        return True

    with anyio.fail_after(15):
        refused = await runtime.run_turn(conversation_id="c", user_message="write",
                                         scope=ReceiptScope(), approval=refuse)
        approved = await runtime.run_turn(conversation_id="d", user_message="write",
                                          scope=ReceiptScope(), approval=approve)
    assert ['write_file:\n  path = "a.txt"\n  content = "x"'] == asked
    assert ToolStatus.DENIED == refused.events[0].status
    assert "Error (denied): write_file was not approved." + NO_RECEIPT == \
        refused.events[0].result
    assert ToolStatus.OK == approved.events[0].status
    assert "x" == (tmp_path / "files" / "a.txt").read_text()


async def test_denied_by_shell_allow_list(tmp_path: Path, json_logs: io.StringIO) -> None:
    """denied: a program outside the shell allow-list is refused by the tool itself."""
    cfg = make_config(tmp_path, [{"match": "rm", "reply": "r",
                                  "steps": [{"tool": "shell", "args": {"argv": ["rm", "x"]}}]}])
    runtime, _ = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "rm it")
    (event,) = result.events
    assert (ToolStatus.DENIED, None) == (event.status, event.receipt)
    assert event.result.startswith("Error (denied): program 'rm' is not in the allow-list")
    assert_no_receipt_event(json_logs, "denied", "shell", event.call_id, "INFO")


async def test_timeout_kills_the_subprocess(tmp_path: Path, json_logs: io.StringIO) -> None:
    """timeout: a real subprocess past its limit is error text, no receipt, WARN event."""
    cfg = make_config(tmp_path, [{"match": "sleep", "reply": "r",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["sleep", "30"]}}]}],
                      {"tools": {"shell": {"timeout_s": 0.3}}})
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "sleep")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert (ToolStatus.TIMEOUT, None, event.result) == (event.status, event.receipt,
                                                         seen.content)
    assert seen.content.startswith("Error (timeout): 'sleep' timed out after 0.3 s")
    assert seen.content.endswith(NO_RECEIPT)
    assert event.duration_ms < 10_000
    assert_no_receipt_event(json_logs, "timeout", "shell", event.call_id, "WARN")


@pytest.mark.parametrize(("arguments", "reason"), [
    ('{"path": ', "arguments are not usable: invalid JSON"),
    ('{"path": NaN}', "arguments are not usable: NaN is not valid JSON"),
    ('{"path": 1e999}', "arguments are not usable: numbers must be finite"),
    ('["a.txt"]', "arguments are not usable: arguments must be a JSON object"),
])
async def test_unparseable_arguments_are_invalid(tmp_path: Path, json_logs: io.StringIO,
                                                 arguments: str, reason: str) -> None:
    """invalid: bad JSON, NaN/Infinity or a non-object never run; INFO audit event."""
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "a.txt").write_text("secret contents")
    cfg = make_config(tmp_path, [])
    provider = ListProvider([
        ChatResponse("", (ToolCall("c1", "read_file", arguments),)),
        ChatResponse("final"),
    ])
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    result = await one_turn(runtime, ReceiptScope(), "read")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert (ToolStatus.INVALID, None, {}) == (event.status, event.receipt, dict(event.args))
    assert seen.content.startswith(f"Error (invalid): {reason}"), seen.content
    assert seen.content.endswith(NO_RECEIPT)
    assert "secret contents" not in seen.content
    assert_no_receipt_event(json_logs, "invalid", "read_file", "c1", "INFO")


async def test_schema_mismatch_is_invalid(tmp_path: Path, json_logs: io.StringIO) -> None:
    """invalid: arguments of the wrong type per the tool's schema never run."""
    cfg = make_config(tmp_path, [{"match": "read", "reply": "r",
                                  "steps": [{"tool": "read_file", "args": {"path": 5}}]}])
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "read")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert ("Error (invalid): invalid arguments: argument 'path': expected string, got "
            "integer." + NO_RECEIPT) == seen.content
    assert (ToolStatus.INVALID, None, {"path": 5}) == (event.status, event.receipt,
                                                        dict(event.args))
    assert_no_receipt_event(json_logs, "invalid", "read_file", event.call_id, "INFO")


async def test_unknown_tool(tmp_path: Path, json_logs: io.StringIO) -> None:
    """unknown: a tool name that does not exist is error text, no receipt, INFO event."""
    cfg = make_config(tmp_path, [{"match": "db", "reply": "r",
                                  "steps": [{"tool": "query_database", "args": {"q": 1}}]}])
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "check the db")
    (event,) = result.events
    (seen,) = tool_messages(provider.sent[-1])
    assert ("Error (unknown): there is no tool named 'query_database'." + NO_RECEIPT
            ) == seen.content
    assert (ToolStatus.UNKNOWN, None, {"q": 1}) == (event.status, event.receipt,
                                                     dict(event.args))
    assert_no_receipt_event(json_logs, "unknown", "query_database", event.call_id, "INFO")
