"""mode = "revise" in the loop: a revision that fails at the provider falls back, audited."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import anyio
from loop_harness import make_config

from zeroclaw_daemon.agent.loop import AgentRuntime
from zeroclaw_daemon.agent.revise import RevisionOutcome, correction_message
from zeroclaw_daemon.errors import ProviderError
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolSpec
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope
from zeroclaw_daemon.tools import build_tools

FORGES = {"match": "^weather", "reply": "It is sunny. [receipt: {forged}]"}


class FailsAfterFirst:
    """The scripted model for the first call; every later call fails like a dead endpoint."""

    name = "fails-after-first"

    def __init__(self, inner: ScriptedProvider) -> None:
        self.inner = inner
        self.calls = 0

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        self.calls += 1
        if self.calls > 1:
            raise ProviderError("fake", "HTTP 503 after 3 retries", status_code=503)
        response: ChatResponse = await self.inner.chat(messages, tools)
        return response

    async def aclose(self) -> None:
        return None


def test_revision_failing_at_the_provider_annotates_the_last_audited_reply(
        tmp_path: Path) -> None:
    """The first reply cites a forged receipt; the correction round's provider call fails:
    the person gets the first (audited) reply with the notice, never an unaudited text,
    and the revision says provider_error."""
    cfg = make_config(tmp_path, [FORGES], {"agent": {"tool_receipts": {
        "audit": {"mode": "revise", "revise_fallback": "annotate"}}}})
    provider = FailsAfterFirst(ScriptedProvider(tmp_path / "script.toml"))
    runtime = AgentRuntime(cfg, provider, build_tools(cfg))

    async def main() -> None:
        result = await runtime.run_turn(conversation_id="c", user_message="weather?",
                                        scope=ReceiptScope())
        assert 2 == provider.calls
        assert result.revision is not None
        assert RevisionOutcome.PROVIDER_ERROR is result.revision.outcome
        assert result.reply.startswith("It is sunny.")
        assert "⚠ Audit:" in result.reply and "forged receipt" in result.reply
        assert result.audit is not None and result.audit.findings
        (entry,) = result.revision.rounds
        assert "provider_error" == entry.outcome and entry.report is None
        assert correction_message(result.audit) == entry.correction

    anyio.run(main)


def test_shipped_demo_lies_once_and_corrects_itself_under_revise(tmp_path: Path) -> None:
    """The shipped demo script's "count the files, then fix it" rule lies, is told, looks
    again with list_dir and answers honestly: the person reads only the corrected reply."""
    cfg = make_config(tmp_path, [], {"agent": {"tool_receipts": {"audit": {"mode": "revise"}}}})
    (tmp_path / "files" / "one.txt").write_text("1\n", encoding="utf-8")
    demo = Path(__file__).resolve().parents[1] / "config" / "demo-script.toml"
    runtime = AgentRuntime(cfg, ScriptedProvider(demo), build_tools(cfg))

    async def main() -> None:
        result = await runtime.run_turn(conversation_id="d",
                                        user_message="count the files, then fix it",
                                        scope=ReceiptScope())
        assert result.revision is not None
        assert RevisionOutcome.FIXED is result.revision.outcome
        assert result.reply.startswith("You are right, I miscounted.")
        # the receipt's random base64url digest may itself hold "42": read the prose only
        prose = re.sub(r"\[receipt: [^\]]*\]", "", result.reply)
        assert "one.txt" in prose and "42" not in prose
        assert ["count_mismatch"] == [str(f.type) for f in result.revision.fixed]
        assert 2 == sum(1 for event in result.events if event.tool == "list_dir")

    anyio.run(main)
