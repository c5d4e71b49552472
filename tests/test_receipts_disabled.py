"""`[agent.tool_receipts] enabled = false`: no receipt, trailer, addendum or zc-receipt text
anywhere the runtime writes: model messages, history, replies, blocks, follow-ups, logs, DB."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
import tomli_w

from zeroclaw_daemon.agent.background import BackgroundResult
from zeroclaw_daemon.agent.loop import AgentRuntime
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolSpec
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import SYSTEM_PROMPT_ADDENDUM, ReceiptScope, ToolStatus
from zeroclaw_daemon.storage.audit_db import AuditDB

RULES = [
    {"match": "^go", "reply": "got {result:1} [{receipt:1}] and {result:2}",
     "steps": [[{"tool": "shell", "args": {"argv": ["echo", "hi"]}},
                {"tool": "read_file", "args": {"path": "a.txt"}},
                {"tool": "shell", "args": {"argv": ["cat", "missing"]}},
                {"tool": "ghost", "args": {}}]]},
    {"match": "^delegate", "reply": "parent {result:1}",
     "steps": [[{"tool": "delegate", "args": {"task": "sub task"}},
                {"tool": "delegate", "args": {"task": "bg task", "background": True}}]]},
    {"match": "sub task|bg task", "reply": "sub {result:1} {receipt:1}",
     "steps": [{"tool": "list_dir", "args": {"path": "."}}]},
]


def make_config(tmp_path: Path, enabled: bool) -> Config:
    (tmp_path / "script.toml").write_text(tomli_w.dumps({"rule": RULES}))
    (tmp_path / "files").mkdir(exist_ok=True)
    (tmp_path / "files" / "a.txt").write_text("plain text\n")
    return parse_config(tomli_w.dumps({
        "provider": {"kind": "scripted", "script": "script.toml"},
        "agent": {"autonomy": "full", "system_prompt": "BASE", "tool_receipts": {
            "enabled": enabled, "show_in_response": True, "inject_system_prompt": True,
            "audit": {"mode": "annotate"}}},
        "tools": {"shell": {"allow": ["echo", "cat"], "workdir": "files"},
                  "files": {"root": "files"}, "http_get": {"enabled": False}},
    }), base_dir=tmp_path)


class Recorder:
    def __init__(self, inner: ScriptedProvider) -> None:
        self.inner = inner
        self.name = inner.name
        self.sent: list[list[ChatMessage]] = []

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        self.sent.append(list(messages))
        response: ChatResponse = await self.inner.chat(messages, tools)
        return response

    async def aclose(self) -> None:
        return None


async def run_session(tmp_path: Path, enabled: bool,
                      logs: io.StringIO) -> tuple[list[str], Mapping[str, Any]]:
    """Two plain turns and a delegate turn (sync + background); every text the runtime wrote."""
    cfg = make_config(tmp_path, enabled)
    recorder = Recorder(ScriptedProvider(tmp_path / "script.toml"))
    from zeroclaw_daemon.tools import build_tools

    db = AuditDB(tmp_path / "state" / "audit.db", store_payloads=True)
    followups: list[str] = []
    delivered = anyio.Event()

    async def followup(outcome: BackgroundResult) -> None:
        block = outcome.result.receipts_block if outcome.result is not None else ""
        followups.append(f"{outcome.text}\n\n{block}")
        delivered.set()

    runtime = AgentRuntime(cfg, recorder, build_tools(cfg), db, followup=followup)
    results = []
    with anyio.fail_after(15):
        async with runtime:
            for message in ("go", "go again", "delegate please"):
                results.append(await runtime.run_turn(conversation_id="c",
                                                      user_message=message,
                                                      scope=ReceiptScope()))
            await delivered.wait()
    await db.aclose()
    texts = [m.content for call in recorder.sent for m in call]
    texts += [m.content for m in runtime.history.messages("c")]
    for result in results:
        texts += [result.text, result.raw_reply, result.receipts_block]
        texts += [e.result for e in result.events]
    texts += followups
    texts.append(logs.getvalue())
    texts.append((tmp_path / "state" / "audit.db").read_bytes().decode("latin-1"))
    return texts, {"results": results, "sent": recorder.sent, "followups": followups}


@pytest.fixture
def debug_logs(monkeypatch: pytest.MonkeyPatch, clean_logging: None) -> io.StringIO:
    monkeypatch.delenv("ZEROCLAW_LOG", raising=False)
    monkeypatch.setenv("RUST_LOG", "debug")
    buffer = io.StringIO()
    configure_logging("info", "console", stream=buffer)
    return buffer


async def test_disabled_writes_no_receipt_text_anywhere(tmp_path: Path,
                                                        debug_logs: io.StringIO) -> None:
    """Receipts off: nothing the runtime wrote contains zc-receipt, even at debug level."""
    texts, seen = await run_session(tmp_path, False, debug_logs)
    assert [] == [t[:200] for t in texts if "zc-receipt" in t]
    results = seen["results"]
    assert [ToolStatus.OK, ToolStatus.OK, ToolStatus.FAILED, ToolStatus.UNKNOWN] == \
        [e.status for e in results[0].events]
    assert all(e.receipt is None for r in results for e in r.events)
    assert all(() == r.receipts and "" == r.receipts_block for r in results)
    assert ["list_dir", "delegate", "delegate"] == [e.tool for e in results[2].events]
    first_call = seen["sent"][0]
    assert ChatMessage("system", "BASE") == first_call[0]
    tool_texts = [m.content for m in seen["sent"][1] if m.role == "tool"]
    assert ["hi\n", "plain text\n"] == tool_texts[:2]
    assert all("receipt" not in t.lower() for t in tool_texts)
    assert 1 == len(seen["followups"])


async def test_enabled_control_writes_receipts(tmp_path: Path,
                                               debug_logs: io.StringIO) -> None:
    """Control: the same session with receipts on does produce receipts (the check can fail)."""
    texts, seen = await run_session(tmp_path, True, debug_logs)
    assert [] != [t for t in texts if "zc-receipt" in t]
    first_call = seen["sent"][0]
    assert SYSTEM_PROMPT_ADDENDUM in first_call[0].content
    assert "Tool receipt generated" in debug_logs.getvalue()
    assert seen["results"][0].receipts_block.startswith("---\nTool receipts:\n")
