"""The delegate tool: sync sub-agents sign into the parent's turn; background ones detach."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
import tomli_w

from zeroclaw_daemon.agent.background import BackgroundResult, BackgroundStatus
from zeroclaw_daemon.agent.delegate import DelegateTool
from zeroclaw_daemon.agent.loop import AgentRuntime, TurnResult
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolSpec
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope, ToolStatus
from zeroclaw_daemon.storage import AuditDB, read_recent_events
from zeroclaw_daemon.tools import build_tools

LIST_STEP = {"tool": "list_dir", "args": {"path": "."}}


def make_config(tmp_path: Path, rules: Sequence[Mapping[str, Any]],
                agent: Mapping[str, Any] | None = None) -> Config:
    """Scripted model with ``rules``, files rooted at tmp_path/files, audit off."""
    (tmp_path / "script.toml").write_text(tomli_w.dumps(
        {"default": {"reply": "no rule"}, "rule": list(rules)}), encoding="utf-8")
    files = tmp_path / "files"
    files.mkdir(exist_ok=True)
    (files / "a.txt").write_text("a\n")
    (files / "b.txt").write_text("b\n")
    data: dict[str, Any] = {
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "tool_receipts": {"audit": {"mode": "off"},
                                                        "show_in_response": True},
                  **(agent or {})},
        "tools": {"shell": {"allow": ["echo", "sleep"], "workdir": "files"},
                  "files": {"root": "files"}, "http_get": {"enabled": False},
                  "delegate": {"system_prompt": "SUB PROMPT", "max_tool_iterations": 2}},
    }
    return parse_config(tomli_w.dumps(data), base_dir=tmp_path)


class Recorder:
    """Wraps the scripted provider, keeping (messages, tools) of every call."""

    def __init__(self, inner: ScriptedProvider) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls: list[tuple[list[ChatMessage], list[str]]] = []

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        self.calls.append((list(messages), [t.name for t in tools]))
        response: ChatResponse = await self.inner.chat(messages, tools)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


def build(cfg: Config, tmp_path: Path, **kwargs: Any) -> tuple[AgentRuntime, Recorder]:
    recorder = Recorder(ScriptedProvider(tmp_path / "script.toml"))
    return AgentRuntime(cfg, recorder, build_tools(cfg), **kwargs), recorder


async def turn(runtime: AgentRuntime, scope: ReceiptScope, message: str) -> TurnResult:
    with anyio.fail_after(15):
        return await runtime.run_turn(conversation_id="conv", user_message=message, scope=scope)


async def test_sync_delegate_receipts_land_in_parent_collector(tmp_path: Path) -> None:
    """A sync delegate's sub-calls are signed by the parent scope, in the parent's block."""
    rules = [
        {"match": "^please delegate", "reply": "parent got: {result:1}",
         "steps": [{"tool": "delegate", "args": {"task": "list the files"}}]},
        {"match": "list the files", "reply": "sub saw {result:1}", "steps": [LIST_STEP]},
    ]
    cfg = make_config(tmp_path, rules)
    runtime, recorder = build(cfg, tmp_path)
    scope = ReceiptScope()
    result = await turn(runtime, scope, "please delegate")
    assert ["list_dir", "delegate"] == [e.tool for e in result.events]
    sub_event, delegate_event = result.events
    assert [ToolStatus.OK, ToolStatus.OK] == [e.status for e in result.events]
    for event in result.events:
        assert event.receipt is not None
        assert scope.verify(event.receipt, event.tool, event.args, event.result) is True
        assert (result.turn_id, "conv", False) == (event.turn_id, event.conversation_id,
                                                   event.detached)
    assert result.events == result.receipts
    assert f"sub saw {sub_event.result}" == delegate_event.result
    assert ("---\nTool receipts:\n"
            f"  list_dir: {sub_event.receipt}\n  delegate: {delegate_event.receipt}"
            ) == result.receipts_block
    sub_messages, sub_tools = recorder.calls[1]
    assert "delegate" not in sub_tools and "list_dir" in sub_tools
    assert sub_messages[0].content.startswith("SUB PROMPT")
    assert ("user", "list the files") == (sub_messages[1].role, sub_messages[1].content)
    assert "delegate" in recorder.calls[0][1]


async def test_parallel_delegates_keep_deterministic_order(tmp_path: Path) -> None:
    """Each delegate's sub-events sit right before its own event, whatever finishes first."""
    rules: list[dict[str, Any]] = [
        {"match": "^fan out", "reply": "done",
         "steps": [[{"tool": "delegate", "args": {"task": "slow job"}},
                    {"tool": "shell", "args": {"argv": ["echo", "direct"]}},
                    {"tool": "delegate", "args": {"task": "fast job"}}]]},
        {"match": "slow job", "reply": "slow done",
         "steps": [{"tool": "shell", "args": {"argv": ["sleep", "0.5"]}}]},
        {"match": "fast job", "reply": "fast done", "steps": [LIST_STEP]},
    ]
    runtime, _ = build(make_config(tmp_path, rules), tmp_path)
    result = await turn(runtime, ReceiptScope(), "fan out")
    assert [("shell", "(no output; exit code 0)"), ("delegate", "slow done"),
            ("shell", "direct\n"), ("list_dir", None), ("delegate", "fast done")] == [
        (e.tool, e.result if e.tool != "list_dir" else None) for e in result.events]


async def test_delegate_cannot_escape_autonomy(tmp_path: Path) -> None:
    """The sub-agent's exec call is denied under supervised autonomy without approval."""
    rules = [
        {"match": "^please delegate", "reply": "parent: {result:1}",
         "steps": [{"tool": "delegate", "args": {"task": "run echo"}}]},
        {"match": "run echo", "reply": "sub: {result:1}",
         "steps": [{"tool": "shell", "args": {"argv": ["echo", "x"]}}]},
    ]
    runtime, _ = build(make_config(tmp_path, rules, {"autonomy": "supervised"}), tmp_path)
    result = await turn(runtime, ReceiptScope(), "please delegate")
    shell_event, delegate_event = result.events
    assert (ToolStatus.DENIED, ToolStatus.OK) == (shell_event.status, delegate_event.status)
    assert ["delegate"] == [e.tool for e in result.receipts]


async def test_sub_agent_without_answer_fails_the_delegate(tmp_path: Path) -> None:
    """A sub-agent stopped by its round limit makes the delegate call fail (no receipt)."""
    rules = [
        {"match": "^please delegate", "reply": "parent",
         "steps": [{"tool": "delegate", "args": {"task": "endless"}}]},
        {"match": "endless", "reply": "never", "steps": [LIST_STEP] * 5},
    ]
    runtime, _ = build(make_config(tmp_path, rules), tmp_path)
    result = await turn(runtime, ReceiptScope(), "please delegate")
    delegate_event = result.events[-1]
    assert (ToolStatus.FAILED, None) == (delegate_event.status, delegate_event.receipt)
    assert ("Error (failed): the sub-agent gave no answer: I stopped after 2 tool rounds "
            "without a final answer. No receipt was issued.") == delegate_event.result
    assert 2 == len([e for e in result.events if e.tool == "list_dir"])


async def test_background_delegate_is_detached(tmp_path: Path) -> None:
    """background: returns at once; its receipts reach the ledger and audit log only; the
    result arrives as a follow-up."""
    rules = [
        {"match": "^in the background", "reply": "started: {result:1}",
         "steps": [{"tool": "delegate", "args": {"task": "list the files",
                                                 "background": True}}]},
        {"match": "list the files", "reply": "bg saw {result:1}", "steps": [LIST_STEP]},
    ]
    cfg = make_config(tmp_path, rules)
    followups: list[tuple[str, str]] = []
    delivered = anyio.Event()

    async def followup(outcome: BackgroundResult) -> None:
        assert outcome.result is not None
        followups.append((outcome.conversation_id,
                          f"{outcome.text}\n\n{outcome.result.receipts_block}"))
        delivered.set()

    db = AuditDB(tmp_path / "audit.db")
    runtime, _ = build(cfg, tmp_path, audit_db=db, followup=followup)
    scope = ReceiptScope()
    async with runtime:
        result = await turn(runtime, scope, "in the background please")
        with anyio.fail_after(10):
            await delivered.wait()
    await db.aclose()
    (delegate_event,) = result.events
    assert delegate_event.result.startswith("Started background task ")
    assert (delegate_event,) == result.receipts
    assert f"  delegate: {delegate_event.receipt}" == result.receipts_block.splitlines()[-1]
    assert 2 == len(scope.ledger)  # the delegate's receipt and the background list_dir's
    (conversation, text), = followups
    assert "conv" == conversation
    assert text.startswith("Background task ") and " finished:\n\nbg saw " in text
    bg_receipts = [t for t in text.split() if t.startswith("zc-receipt-")]
    assert 1 == len(bg_receipts)  # its own receipts block, not the parent's
    assert scope.ledger.get(bg_receipts[0]) is not None
    assert bg_receipts[0] not in result.text
    rows = read_recent_events(tmp_path / "audit.db")
    assert {("list_dir", 1, bg_receipts[0]), ("delegate", 0, delegate_event.receipt)} == \
        {(r["tool"], r["detached"], r["receipt"]) for r in rows}


async def test_background_unavailable_without_followup(tmp_path: Path) -> None:
    """Without a follow-up channel (or outside `async with`), background=true fails honestly."""
    rules = [{"match": "^bg", "reply": "r",
              "steps": [{"tool": "delegate", "args": {"task": "x", "background": True}}]}]
    runtime, _ = build(make_config(tmp_path, rules), tmp_path)
    async with runtime:
        result = await turn(runtime, ReceiptScope(), "bg")
    (event,) = result.events
    assert (ToolStatus.FAILED, None) == (event.status, event.receipt)
    assert "background tasks are not available here" in event.result


async def test_background_tasks_are_cancelled_on_shutdown(tmp_path: Path) -> None:
    """Leaving `async with runtime` cancels a running background delegate promptly, and
    the cancellation is reported in an honest follow-up (the shell call never finished)."""
    rules = [
        {"match": "^bg", "reply": "started",
         "steps": [{"tool": "delegate", "args": {"task": "sleepy", "background": True}}]},
        {"match": "sleepy", "reply": "woke",
         "steps": [{"tool": "shell", "args": {"argv": ["sleep", "30"]}}]},
    ]
    followups: list[BackgroundResult] = []

    async def followup(outcome: BackgroundResult) -> None:
        followups.append(outcome)

    runtime, _ = build(make_config(tmp_path, rules), tmp_path, followup=followup)
    started = anyio.current_time()
    with anyio.fail_after(10):
        async with runtime:
            await turn(runtime, ReceiptScope(), "bg")
            assert 1 == runtime.background_active
            assert await runtime.wait_background(0.2) is False
    assert anyio.current_time() - started < 5
    (cancelled,) = followups
    assert (BackgroundStatus.CANCELLED, None, 0) == (cancelled.status, cancelled.result,
                                                     runtime.background_active)
    assert "was cancelled" in cancelled.text and "no tool call had completed" in cancelled.text


async def test_delegate_outside_a_turn_fails() -> None:
    """Calling the tool with no current turn raises a tool error instead of misbehaving."""
    from zeroclaw_daemon.errors import ToolExecutionError
    from zeroclaw_daemon.tools.base import ToolContext

    class Host:
        async def run_delegate(self, task: str, parent: Any, approval: Any) -> str:
            return "never"

        def start_background_delegate(self, task: str, parent: Any) -> str:
            return "never"

    tool = DelegateTool(Host(), timeout_s=5)
    with pytest.raises(ToolExecutionError):
        await tool.run({"task": "x"}, ToolContext("c", "t", "call"))
