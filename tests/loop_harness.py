"""The harness of the tool-loop tests: configs for the scripted model, a runtime with a
provider that records what it was sent, one turn, and the log and receipt checks."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio
import tomli_w

from zeroclaw_daemon.agent.loop import AgentRuntime, TurnResult
from zeroclaw_daemon.config import Config, parse_config
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolSpec
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent
from zeroclaw_daemon.storage import AuditDB
from zeroclaw_daemon.tools import build_tools

CONVERSATION = "conv-1"
NO_RECEIPT = " No receipt was issued."




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


def records(buffer: io.StringIO, event: str) -> list[dict[str, Any]]:
    found = []
    for line in buffer.getvalue().splitlines():
        record = json.loads(line)
        if record["event"] == event:
            found.append(record)
    return found


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
