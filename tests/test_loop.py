"""The real tool loop with the scripted model and real tools: every call status end to end."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import anyio
import pytest
import tomli_w

from zeroclaw_daemon.agent.history import ConversationHistory
from zeroclaw_daemon.agent.loop import AgentRuntime, TurnOutcome, TurnResult
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.errors import ProviderError
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall, ToolSpec
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import SYSTEM_PROMPT_ADDENDUM, ReceiptScope, ToolEvent, ToolStatus
from zeroclaw_daemon.storage import AuditDB, read_recent_audits, read_recent_events
from zeroclaw_daemon.tools import build_tools

CONVERSATION = "conv-1"
NO_RECEIPT = " No receipt was issued."


# -- harness ---------------------------------------------------------------------------------


def _merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def make_config(tmp_path: Path, rules: Sequence[Mapping[str, Any]],
                overrides: Mapping[str, Any] | None = None) -> Config:
    """A config rooted at tmp_path: scripted model with ``rules``, full autonomy, audit off."""
    (tmp_path / "script.toml").write_text(tomli_w.dumps(
        {"default": {"reply": "no rule matched"}, "rule": list(rules)}), encoding="utf-8")
    (tmp_path / "files").mkdir(exist_ok=True)
    base: dict[str, Any] = {
        "daemon": {"state_dir": "state"},
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "tool_receipts": {"audit": {"mode": "off"}}},
        "tools": {"shell": {"allow": ["echo", "cat", "sleep", "ls"], "workdir": "files",
                            "timeout_s": 5.0},
                  "files": {"root": "files"},
                  "http_get": {"allow_private": True, "timeout_s": 5.0}},
    }
    text = tomli_w.dumps(_merge(base, overrides or {}))
    return parse_config(text, base_dir=tmp_path)


class RecordingProvider:
    """Wraps a provider and keeps every message list it was sent."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.sent: list[list[ChatMessage]] = []
        self.tools: list[ToolSpec] = []

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        self.sent.append(list(messages))
        self.tools = list(tools)
        response: ChatResponse = await self.inner.chat(messages, tools)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


class ListProvider:
    """Answers with a fixed list of responses (or raises the exceptions in it)."""

    name = "list"

    def __init__(self, responses: Sequence[ChatResponse | Exception]) -> None:
        self.responses = list(responses)
        self.sent: list[list[ChatMessage]] = []

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        self.sent.append(list(messages))
        item = self.responses.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    async def aclose(self) -> None:
        return None


def runtime_for(cfg: Config, tmp_path: Path, provider: Any | None = None,
                audit_db: AuditDB | None = None) -> tuple[AgentRuntime, RecordingProvider]:
    recording = RecordingProvider(provider or ScriptedProvider(tmp_path / "script.toml"))
    return AgentRuntime(cfg, recording, build_tools(cfg), audit_db), recording


def tool_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    return [m for m in messages if m.role == "tool"]


@pytest.fixture
def json_logs(capture_json_logs: Callable[[str], io.StringIO]) -> io.StringIO:
    """Log records as JSON lines in a buffer, filter info (env filters removed)."""
    return capture_json_logs("info")


def records(buffer: io.StringIO, event: str) -> list[dict[str, Any]]:
    found = []
    for line in buffer.getvalue().splitlines():
        record = json.loads(line)
        if record["event"] == event:
            found.append(record)
    return found


@pytest.fixture
def http_server() -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 serving fixed text at /page (and a redirect)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/redirect":
                self.send_response(302)
                self.send_header("Location", "/page")
                self.end_headers()
                return
            body = b"alpha\nbeta\ngamma\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


async def one_turn(runtime: AgentRuntime, scope: ReceiptScope | None, message: str,
                   conversation: str = CONVERSATION) -> TurnResult:
    with anyio.fail_after(15):
        return await runtime.run_turn(conversation_id=conversation, user_message=message,
                                      scope=scope)


def assert_receipt_verifies(scope: ReceiptScope, event: ToolEvent, model_text: str) -> None:
    """The model saw result + trailer, and the receipt verifies over exactly the result."""
    assert event.receipt is not None
    assert f"{event.result}\n\n[receipt: {event.receipt}]" == model_text
    assert scope.verify(event.receipt, event.tool, event.args, event.result) is True
    assert scope.verify(event.receipt, event.tool, event.args, event.result + " ") is False


def assert_no_receipt_event(buffer: io.StringIO, status: str, tool: str, call_id: str,
                            level: str) -> dict[str, Any]:
    found = [r for r in records(buffer, "Tool call ended without a receipt")
             if r["fields"]["call_id"] == call_id]
    assert 1 == len(found)
    record = found[0]
    assert (level, "zeroclaw_runtime::agent") == (record["level"], record["target"])
    fields = record["fields"]
    assert (status, tool) == (fields["status"], fields["tool"])
    assert fields["reason"]
    assert isinstance(fields["duration_ms"], float)
    return record


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


# -- ordering, rounds, provider failures -----------------------------------------------------


async def test_parallel_calls_keep_call_order(tmp_path: Path, http_server: str) -> None:
    """Concurrent calls finishing in reverse order keep results and receipts in call order."""
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "a.txt").write_text("one\ntwo\n")
    round_calls = [
        {"tool": "shell", "args": {"argv": ["sleep", "0.6"]}},
        {"tool": "http_get", "args": {"url": f"{http_server}/page"}},
        {"tool": "nope", "args": {}},
        {"tool": "read_file", "args": {"path": "a.txt"}},
    ]
    cfg = make_config(tmp_path, [{"match": "go", "reply": "r", "steps": [round_calls]}],
                      {"agent": {"tool_receipts": {"show_in_response": True}}})
    runtime, provider = runtime_for(cfg, tmp_path)
    scope = ReceiptScope()
    started = anyio.current_time()
    result = await one_turn(runtime, scope, "go")
    elapsed = anyio.current_time() - started
    assert ["shell", "http_get", "nope", "read_file"] == [e.tool for e in result.events]
    assert [ToolStatus.OK, ToolStatus.OK, ToolStatus.UNKNOWN, ToolStatus.OK] == \
        [e.status for e in result.events]
    assistant = next(m for m in provider.sent[-1] if m.tool_calls)
    seen = tool_messages(provider.sent[-1])
    assert [c.id for c in assistant.tool_calls] == [m.tool_call_id for m in seen]
    assert [c.id for c in assistant.tool_calls] == [e.call_id for e in result.events]
    for event, message in zip(result.events, seen, strict=True):
        if event.ok:
            assert_receipt_verifies(scope, event, message.content)
    assert ["shell", "http_get", "read_file"] == [e.tool for e in result.receipts]
    block_lines = result.receipts_block.splitlines()
    assert ["---", "Tool receipts:"] + [f"  {e.tool}: {e.receipt}" for e in result.receipts] \
        == block_lines
    assert elapsed < 3.0  # concurrent: not the sum of the calls


async def test_max_iterations_gives_honest_reply(tmp_path: Path) -> None:
    """A model that keeps calling tools is stopped after max_tool_iterations rounds."""
    step = {"tool": "shell", "args": {"argv": ["echo", "again"]}}
    cfg = make_config(tmp_path, [{"match": "loop", "reply": "never", "steps": [step] * 5}],
                      {"agent": {"max_tool_iterations": 3}})
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "loop forever")
    assert "I stopped after 3 tool rounds without a final answer." == result.reply
    assert (TurnOutcome.MAX_ITERATIONS, 3, 3) == (result.outcome, len(result.events),
                                                  len(provider.sent))


async def test_provider_error_is_an_honest_reply(tmp_path: Path) -> None:
    """A provider failure before any tool ran ends the turn with an honest reply."""
    cfg = make_config(tmp_path, [])
    provider = ListProvider([ProviderError("openai", "HTTP 503 after 3 retries",
                                           retryable=True, status_code=503)])
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert ("The model provider failed: HTTP 503 after 3 retries. No tools ran for this "
            "message.") == result.reply
    assert (TurnOutcome.PROVIDER_ERROR, (), None) == (result.outcome, result.events,
                                                      result.audit)


async def test_provider_error_after_tools_says_they_ran(tmp_path: Path) -> None:
    """A provider failure after a tool round says tools ran, and keeps their events."""
    cfg = make_config(tmp_path, [])
    provider = ListProvider([
        ChatResponse("", (ToolCall("c1", "shell", '{"argv": ["echo", "x"]}'),)),
        RuntimeError("boom"),
    ])
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert ("The model provider failed: unexpected RuntimeError. 1 tool call ran before the "
            "failure, but no final answer was produced.") == result.reply
    assert [ToolStatus.OK] == [e.status for e in result.events]


async def test_duplicate_and_empty_call_ids_are_made_unique(tmp_path: Path) -> None:
    """Calls with empty or repeated ids get unique ids, matched by their tool messages."""
    cfg = make_config(tmp_path, [])
    provider = ListProvider([
        ChatResponse("", (ToolCall("", "shell", '{"argv": ["echo", "a"]}'),
                          ToolCall("same", "shell", '{"argv": ["echo", "b"]}'),
                          ToolCall("same", "shell", '{"argv": ["echo", "c"]}'))),
        ChatResponse("done"),
    ])
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    ids = [e.call_id for e in result.events]
    assert 3 == len(set(ids))
    assert "same" == ids[1]
    assert [m.tool_call_id for m in tool_messages(provider.sent[-1])] == ids
    assert ["a\n", "b\n", "c\n"] == [e.result for e in result.events]


# -- receipts on/off, prompt, history, logs --------------------------------------------------


async def test_system_prompt_addendum_and_block(tmp_path: Path) -> None:
    """Receipts on: the addendum is in the system prompt; show_in_response renders the block."""
    cfg = make_config(tmp_path, [{"match": "hi", "reply": "ok",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["echo", "hi"]}}]}],
                      {"agent": {"system_prompt": "BASE",
                                 "tool_receipts": {"show_in_response": True}}})
    runtime, provider = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert ChatMessage("system", f"BASE\n\n{SYSTEM_PROMPT_ADDENDUM}") == provider.sent[0][0]
    (event,) = result.receipts
    assert f"ok\n\n---\nTool receipts:\n  shell: {event.receipt}" == result.text


async def test_inject_system_prompt_off(tmp_path: Path) -> None:
    """inject_system_prompt = false leaves the system prompt as configured."""
    cfg = make_config(tmp_path, [], {"agent": {"system_prompt": "BASE", "tool_receipts": {
        "inject_system_prompt": False}}})
    runtime, provider = runtime_for(cfg, tmp_path)
    await one_turn(runtime, ReceiptScope(), "hi")
    assert ChatMessage("system", "BASE") == provider.sent[0][0]


async def test_model_written_receipts_block_is_stripped(tmp_path: Path) -> None:
    """A receipts block the model wrote is removed; only the runtime's block is shown."""
    cfg = make_config(tmp_path, [{"match": "hi", "reply": "answer\n\n---\nTool receipts:\n"
                                  "  shell: {receipt:1}\n",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["echo", "hi"]}}]}])
    runtime, _ = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert ("answer", "") == (result.reply, result.receipts_block)
    assert "Tool receipts:" in result.raw_reply


async def test_history_keeps_what_the_model_saw(tmp_path: Path) -> None:
    """The next turn's messages contain the previous turn's tool results with trailers."""
    rules: list[dict[str, Any]] = [{"match": "first", "reply": "one",
              "steps": [{"tool": "shell", "args": {"argv": ["echo", "hi"]}}]},
             {"match": "second", "reply": "two"}]
    cfg = make_config(tmp_path, rules)
    runtime, provider = runtime_for(cfg, tmp_path)
    scope = ReceiptScope()
    first = await one_turn(runtime, scope, "first")
    await one_turn(runtime, scope, "second")
    second_call = provider.sent[-1]
    assert ["system", "user", "assistant", "tool", "assistant", "user"] == \
        [m.role for m in second_call]
    (event,) = first.events
    assert f"hi\n\n\n[receipt: {event.receipt}]" == second_call[3].content
    assert ("one", "second") == (second_call[4].content, second_call[5].content)
    other = await one_turn(runtime, scope, "second", conversation="other")
    assert TurnOutcome.FINAL == other.outcome
    assert ["system", "user"] == [m.role for m in provider.sent[-1]]


async def test_receipt_debug_log_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      clean_logging: None) -> None:
    """RUST_LOG=zeroclaw_runtime::agent=debug prints `Tool receipt generated`; info does not."""
    cfg = make_config(tmp_path, [{"match": "hi", "reply": "ok",
                                  "steps": [{"tool": "shell",
                                             "args": {"argv": ["echo", "hi"]}}]}])
    monkeypatch.delenv("ZEROCLAW_LOG", raising=False)
    runtime, _ = runtime_for(cfg, tmp_path)

    monkeypatch.setenv("RUST_LOG", "zeroclaw_runtime::agent=debug")
    debug_logs = io.StringIO()
    configure_logging("info", "console", stream=debug_logs)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    (event,) = result.events
    lines = [line for line in debug_logs.getvalue().splitlines()
             if "Tool receipt generated" in line]
    assert 1 == len(lines)
    assert (f" DEBUG zeroclaw_runtime::agent: Tool receipt generated tool=shell "
            f"receipt={event.receipt} call_id={event.call_id} conversation={CONVERSATION}"
            ) in lines[0]

    monkeypatch.setenv("RUST_LOG", "info")
    info_logs = io.StringIO()
    configure_logging("info", "console", stream=info_logs)
    await one_turn(runtime, ReceiptScope(), "hi")
    assert "Tool receipt generated" not in info_logs.getvalue()


# -- history bounds --------------------------------------------------------------------------


def _turn(index: int, tool_rounds: int) -> list[ChatMessage]:
    messages = [ChatMessage("user", f"u{index}")]
    for round_index in range(tool_rounds):
        call = ToolCall(f"c{index}.{round_index}", "shell", "{}")
        messages += [ChatMessage("assistant", "", tool_calls=(call,)),
                     ChatMessage("tool", "r", tool_call_id=call.id, name="shell")]
    return [*messages, ChatMessage("assistant", f"a{index}")]


def test_history_drops_whole_turns() -> None:
    """Trimming drops the oldest whole turns, never orphaning a tool message."""
    history = ConversationHistory(max_messages=6)
    history.append_turn("c", _turn(1, 1))  # 4 messages
    history.append_turn("c", _turn(2, 0))  # 2 messages -> 6
    assert 6 == len(history.messages("c"))
    history.append_turn("c", _turn(3, 0))  # 8 -> drop turn 1
    messages = history.messages("c")
    assert ["u2", "a2", "u3", "a3"] == [m.content for m in messages]
    assert all(m.role != "tool" for m in messages)


def test_history_compacts_an_oversized_turn() -> None:
    """A single turn over the bound keeps only its user message and final reply."""
    history = ConversationHistory(max_messages=3)
    history.append_turn("c", _turn(1, 3))  # 8 messages
    assert [("user", "u1"), ("assistant", "a1")] == \
        [(m.role, m.content) for m in history.messages("c")]


def test_history_bounds_conversations_lru() -> None:
    """The least recently used conversation is dropped beyond max_conversations."""
    history = ConversationHistory(max_messages=10, max_conversations=2)
    history.append_turn("a", _turn(1, 0))
    history.append_turn("b", _turn(2, 0))
    history.messages("a")  # touch a: b is now the least recently used
    history.append_turn("c", _turn(3, 0))
    assert (["u1", "a1"], [], ["u3", "a3"]) == (
        [m.content for m in history.messages("a")], history.messages("b"),
        [m.content for m in history.messages("c")])


def test_history_zero_keeps_nothing() -> None:
    """history_max_messages = 0 stores nothing."""
    history = ConversationHistory(max_messages=0)
    history.append_turn("c", _turn(1, 1))
    assert [] == history.messages("c")


# -- reply audit -----------------------------------------------------------------------------


def _audit_config(tmp_path: Path, mode: str, reply: str) -> Config:
    return make_config(tmp_path, [{"match": "hi", "reply": reply,
                                   "steps": [{"tool": "shell",
                                              "args": {"argv": ["echo", "hi"]}}]}],
                       {"agent": {"tool_receipts": {"audit": {"mode": mode}}}})


async def test_honest_reply_is_verified_and_unchanged(tmp_path: Path) -> None:
    """An answer citing its real receipt passes the audit untouched."""
    cfg = _audit_config(tmp_path, "annotate", "The shell printed hi. [receipt: {receipt:1}]")
    runtime, _ = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert result.audit is not None
    assert ("verified", ()) == (str(result.audit.trust), result.audit.findings)
    assert result.raw_reply == result.reply


async def test_forged_receipt_is_annotated_and_recorded(tmp_path: Path) -> None:
    """annotate: a forged receipt in the reply gets a notice; the audit log has the finding."""
    cfg = _audit_config(tmp_path, "annotate", "The shell printed hi. [receipt: {forged}]")
    db = AuditDB(tmp_path / "audit.db")
    runtime, _ = runtime_for(cfg, tmp_path, audit_db=db)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    await db.aclose()
    assert result.audit is not None
    assert "forged_receipt" in {str(f.type) for f in result.audit.findings}
    assert result.reply.startswith(result.raw_reply.rstrip() + "\n\n")
    assert len(result.reply) > len(result.raw_reply)
    (row,) = read_recent_audits(tmp_path / "audit.db")
    assert (result.turn_id, "annotate", str(result.audit.trust)) == (row["turn"], row["mode"],
                                                                     row["trust"])
    assert "forged_receipt" in {f["type"] for f in json.loads(row["findings"])}
    assert (None, None) == (row["reply"], row["original_reply"])


async def test_block_mode_withholds_and_keeps_the_original(tmp_path: Path) -> None:
    """block: the reply is replaced by the notice; the original goes to the audit log."""
    cfg = _audit_config(tmp_path, "block", "Printed hi. [receipt: {forged}]")
    db = AuditDB(tmp_path / "audit.db")
    runtime, _ = runtime_for(cfg, tmp_path, audit_db=db)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    await db.aclose()
    assert result.raw_reply not in result.reply
    (row,) = read_recent_audits(tmp_path / "audit.db")
    assert result.raw_reply == row["original_reply"]


async def test_log_mode_only_logs(tmp_path: Path, json_logs: io.StringIO) -> None:
    """log: the reply is unchanged and the findings are logged."""
    cfg = _audit_config(tmp_path, "log", "Printed hi. [receipt: {forged}]")
    runtime, _ = runtime_for(cfg, tmp_path)
    result = await one_turn(runtime, ReceiptScope(), "hi")
    assert result.raw_reply == result.reply
    (record,) = records(json_logs, "Reply audit findings")
    assert "forged_receipt" in record["fields"]["findings"]
