"""The real tool loop across rounds: call order, round limits, provider failures, call ids,
the receipts addendum and block, history and the receipt log line."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import anyio
import pytest
from loop_harness import (
    CONVERSATION,
    ListProvider,
    assert_receipt_verifies,
    make_config,
    one_turn,
    runtime_for,
    tool_messages,
)

from zeroclaw_daemon.agent.loop import TurnOutcome
from zeroclaw_daemon.errors import ProviderError
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall
from zeroclaw_daemon.receipts import SYSTEM_PROMPT_ADDENDUM, ReceiptScope, ToolStatus

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
