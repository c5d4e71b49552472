"""``delegate``: hand one task to a sub-agent that shares the caller's receipt scope.

The sub-agent has its own system prompt (``[tools.delegate] system_prompt``)
and the same tools minus ``delegate``. It runs through the same middleware and
autonomy policy, so its risk class is ``read``: it cannot do anything the
policy would not let the caller do directly.

- ``background: false`` (default): the sub-agent's calls are signed with the
  parent's scope and their events land in the parent turn's collector (found
  through :data:`zeroclaw_daemon.receipts.current_turn`), so its receipts are
  in the parent's receipts block and count as evidence for the parent's reply.
- ``background: true``: the work runs detached in the runtime's task group;
  its receipts are signed into the ledger and the audit log but never reach
  the parent's collector or block. The tool returns at once; the audited
  result is delivered later as a follow-up message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from zeroclaw_daemon.agent.policy import ApprovalHook
from zeroclaw_daemon.errors import ToolExecutionError
from zeroclaw_daemon.receipts import TurnContext, current_turn
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput

DELEGATE_TOOL_NAME = "delegate"


class DelegateHost(Protocol):
    """What runs the sub-agent (the :class:`~zeroclaw_daemon.agent.loop.AgentRuntime`)."""

    async def run_delegate(self, task: str, parent: TurnContext,
                           approval: ApprovalHook | None) -> str:
        """Run a sub-agent turn inside ``parent``; return its answer."""
        ...

    def start_background_delegate(self, task: str, parent: TurnContext) -> str:
        """Start a detached sub-agent turn; return its task id (raise ToolError if unable)."""
        ...


class DelegateTool(Tool):
    """Runs a sub-agent for one task, synchronously or in the background."""

    name = DELEGATE_TOOL_NAME
    description = (
        "Hand a self-contained task to a focused sub-agent that has the same tools (except "
        "delegate). Returns the sub-agent's answer. With background=true it returns at once "
        "and the result arrives later as a separate message."
    )
    parameters: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "task": {"type": "string", "minLength": 1,
                     "description": "The task, with everything the sub-agent needs to know."},
            "background": {"type": "boolean", "default": False,
                           "description": "Run detached and deliver the result later."},
        },
        "required": ["task"],
        "additionalProperties": False,
    }
    risk = RiskClass.READ

    def __init__(self, host: DelegateHost, *, timeout_s: float) -> None:
        self._host = host
        self.timeout_s = timeout_s

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        parent = current_turn.get()
        if parent is None:
            raise ToolExecutionError(self.name, "no turn is running to delegate from")
        task = str(args["task"])
        if args.get("background", False):
            task_id = self._host.start_background_delegate(task, parent)
            return ToolOutput(f"Started background task {task_id}. Its result will arrive "
                              "as a separate message.", count=1)
        approval = ctx.extra.get("approval")
        answer = await self._host.run_delegate(task, parent, approval)
        return ToolOutput(answer)
