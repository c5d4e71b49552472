"""The agent runtime: the tool loop, the receipt middleware, autonomy and history."""

from __future__ import annotations

from zeroclaw_daemon.agent.history import ConversationHistory
from zeroclaw_daemon.agent.loop import (
    AgentRuntime,
    FollowupSender,
    TurnObserver,
    TurnOutcome,
    TurnResult,
)
from zeroclaw_daemon.agent.middleware import AuditSink, ReceiptMiddleware
from zeroclaw_daemon.agent.policy import Autonomy, Policy, PolicyDecision

__all__ = [
    "AgentRuntime",
    "AuditSink",
    "Autonomy",
    "ConversationHistory",
    "FollowupSender",
    "Policy",
    "PolicyDecision",
    "ReceiptMiddleware",
    "TurnObserver",
    "TurnOutcome",
    "TurnResult",
]
