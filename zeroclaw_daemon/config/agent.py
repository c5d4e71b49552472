"""``[agent]`` and ``[agent.tool_receipts]``: the tool-calling loop and its receipts."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from zeroclaw_daemon.config._types import Count, Seconds, _Section

DEFAULT_SYSTEM_PROMPT = (
    "You are ZeroClaw, a careful assistant that can use tools. Use a tool whenever the "
    "answer depends on files, commands or web pages, report only what the tools returned, "
    "and say plainly when a tool failed or found nothing."
)


class AuditConfig(_Section):
    """``[agent.tool_receipts.audit]``: what happens to a reply whose claims fail the audit."""

    mode: Literal["off", "log", "annotate", "block", "revise"] = "annotate"
    # revise: a reply with findings goes back to the model with the findings in plain
    # words, at most max_revisions times; revise_fallback applies to the last audited
    # reply when it still has findings (or a revision round fails at the provider).
    max_revisions: Count = 1
    revise_fallback: Literal["annotate", "block"] = "annotate"


class ToolReceiptsConfig(_Section):
    """``[agent.tool_receipts]``: HMAC receipts on tool results."""

    enabled: bool = True
    show_in_response: bool = False
    inject_system_prompt: bool = True
    ledger_max_entries: Count = 100_000
    audit: AuditConfig = Field(default_factory=AuditConfig)


class AgentConfig(_Section):
    """``[agent]``: the tool-calling loop."""

    system_prompt: str = DEFAULT_SYSTEM_PROMPT
    max_tool_iterations: Count = 8
    max_tool_result_chars: Count = 16_000
    autonomy: Literal["read_only", "supervised", "full"] = "supervised"
    history_max_messages: Count = 40
    tool_timeout_s: Seconds = 30.0
    tool_receipts: ToolReceiptsConfig = Field(default_factory=ToolReceiptsConfig)
