"""Autonomy: which tools may run without asking, and how approval is asked.

``read_only`` runs only read tools. ``supervised`` runs read tools and asks the
channel's approval hook for write, exec and network tools; a channel without
an approval flow gets a denial. ``full`` runs everything. A denial is not an
exception: the middleware turns it into model-visible error text, with no
receipt, and an audit event.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import anyio

from zeroclaw_daemon.tools.base import RiskClass, Tool

# A channel's approval flow for supervised autonomy: given (tool, args summary),
# answer whether the person approves. Channels without one pass None: denied.
ApprovalHook = Callable[[str, str], Awaitable[bool]]

# What a person can be expected to read in one prompt (and what fits in one
# Telegram message); a longer call is cut visibly, never silently.
MAX_APPROVAL_PROMPT_CHARS = 3500


def approval_prompt(tool: str, args: Mapping[str, Any]) -> str:
    """The whole call as a person should see it before approving it.

    One argument per line, each value JSON-escaped (control characters, bidi
    overrides and look-alikes show as ``\\uXXXX``), so padding or a newline in an
    argument cannot push part of the call out of view or fake a second line. A
    prompt over the limit is cut with its full length stated.
    """
    lines = [f"{tool}:"]
    for key, value in args.items():
        rendered = json.dumps(value, ensure_ascii=True, sort_keys=True)
        lines.append(f"  {json.dumps(str(key), ensure_ascii=True)[1:-1]} = {rendered}")
    if len(lines) == 1:
        lines.append("  (no arguments)")
    text = "\n".join(lines)
    if len(text) <= MAX_APPROVAL_PROMPT_CHARS:
        return text
    marker = (f"\n[cut: the call is {len(text)} characters; only the first "
              f"{{shown}} are shown. Deny unless you know the rest.]")
    shown = MAX_APPROVAL_PROMPT_CHARS - len(marker.format(shown=MAX_APPROVAL_PROMPT_CHARS))
    return text[:shown] + marker.format(shown=shown)


# A person answers approval prompts; give them time, but not forever.
DEFAULT_APPROVAL_TIMEOUT_S = 300.0


class Autonomy(StrEnum):
    """How much the agent may do on its own (``[agent] autonomy``)."""

    READ_ONLY = "read_only"
    SUPERVISED = "supervised"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class PolicyDecision:
    """Whether a call may run, and why (the reason is shown to the model when denied)."""

    allowed: bool
    reason: str
    asked: bool = False


class Policy:
    """The autonomy gate in front of every tool execution."""

    def __init__(self, autonomy: Autonomy | str,
                 approval_timeout_s: float = DEFAULT_APPROVAL_TIMEOUT_S) -> None:
        self.autonomy = Autonomy(autonomy)
        if not approval_timeout_s > 0 or math.isinf(approval_timeout_s):
            raise ValueError("approval_timeout_s must be a positive finite number")
        self.approval_timeout_s = approval_timeout_s

    def __repr__(self) -> str:
        return f"<Policy autonomy={self.autonomy.value}>"

    def needs_approval(self, risk: RiskClass) -> bool:
        """True when a call of this risk class must be approved before it runs."""
        return self.autonomy is Autonomy.SUPERVISED and risk is not RiskClass.READ

    async def check(self, tool: Tool, summary: str | Callable[[], str],
                    approval: ApprovalHook | None) -> PolicyDecision:
        """Decide whether ``tool`` may run; ``summary`` is what the person is asked about
        (or what makes it: built only when someone is asked)."""
        risk = tool.risk
        if self.autonomy is Autonomy.FULL or risk is RiskClass.READ:
            return PolicyDecision(True, f"{risk.value} tool allowed by autonomy "
                                        f"{self.autonomy.value}")
        if self.autonomy is Autonomy.READ_ONLY:
            return PolicyDecision(False, f"autonomy is read_only and {tool.name} "
                                         f"({risk.value}) is not a read tool")
        if approval is None:
            return PolicyDecision(False, f"{tool.name} ({risk.value}) requires approval; "
                                         "this channel has no approval flow")
        try:
            with anyio.fail_after(self.approval_timeout_s):
                approved = await approval(tool.name,
                                          summary if isinstance(summary, str) else summary())
        except TimeoutError:
            return PolicyDecision(False, f"approval for {tool.name} timed out after "
                                         f"{self.approval_timeout_s:g} s", asked=True)
        except Exception as exc:  # a broken approval flow denies; cancellation propagates
            return PolicyDecision(False, f"the approval flow failed "
                                         f"({type(exc).__name__})", asked=True)
        if approved is True:
            return PolicyDecision(True, f"{tool.name} approved", asked=True)
        return PolicyDecision(False, f"{tool.name} was not approved", asked=True)
