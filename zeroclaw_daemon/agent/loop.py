"""The tool-calling loop: one turn from the user's message to an audited reply.

One turn::

    messages = system prompt (+ receipts addendum) + bounded history + user message
    repeat up to agent.max_tool_iterations rounds:
        provider.chat(messages, tools)
        no tool calls -> final text, done
        tool calls    -> run them concurrently through the receipt middleware,
                         keep results, receipts and collector entries in call order
    after the last round: "I stopped after N tool rounds without a final answer."
    strip any receipts block the model wrote -> audit -> apply the audit mode
    -> the runtime's receipts block (show_in_response) -> audit log, history

A provider failure ends the turn with an honest reply, never an exception.
One round's calls run in agent/calls.py; the audit, block and audit log at the end of a
turn in agent/reply.py.

The runtime owns a task group for background delegates (``async with runtime:``):
their results arrive later through the ``followup`` callback, and leaving the
``async with`` block cancels whatever is still running.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from types import TracebackType

from zeroclaw_daemon.agent.background import (
    BackgroundDelegates,
    BackgroundResult,
    BackgroundSlots,
    FollowupSender,
)
from zeroclaw_daemon.agent.calls import run_calls
from zeroclaw_daemon.agent.delegate import DELEGATE_TOOL_NAME, DelegateTool
from zeroclaw_daemon.agent.history import ConversationHistory
from zeroclaw_daemon.agent.middleware import LOG_TARGET, ReceiptMiddleware
from zeroclaw_daemon.agent.policy import ApprovalHook, Policy
from zeroclaw_daemon.agent.reply import audit_off_loop, finish_turn
from zeroclaw_daemon.agent.revise import Revision, revise
from zeroclaw_daemon.agent.turn import (
    _STATUSES_THAT_RAN,
    TurnObserver,
    TurnOutcome,
    TurnResult,
    _normalise_calls,
    _provider_failure_text,
    _ProviderFailed,
    _RoundsResult,
)
from zeroclaw_daemon.audit import AuditReport
from zeroclaw_daemon.config import Config
from zeroclaw_daemon.errors import ProviderError, ToolExecutionError
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, Provider, ToolSpec
from zeroclaw_daemon.receipts import (
    SYSTEM_PROMPT_ADDENDUM,
    ReceiptScope,
    ToolStatus,
    TurnCollector,
    TurnContext,
    bind_turn,
    strip_receipts_block,
)
from zeroclaw_daemon.storage.audit_db import AuditDB
from zeroclaw_daemon.taskgroups import TimeLimit
from zeroclaw_daemon.tools.base import Tool

__all__ = ["AgentRuntime", "BackgroundResult", "FollowupSender", "TurnObserver", "TurnOutcome",
           "TurnResult"]

# Slack on top of the provider's own per-try timeout and retries, for backoff sleeps.
PROVIDER_DEADLINE_SLACK_S = 60.0


class AgentRuntime:
    """Runs turns: the loop, the middleware, history, delegates and the audit log."""

    def __init__(self, config: Config, provider: Provider, tools: Mapping[str, Tool],
                 audit_db: AuditDB | None = None, observer: TurnObserver | None = None,
                 followup: FollowupSender | None = None, *,
                 background_slots: BackgroundSlots | None = None,
                 _delegate_of: AgentRuntime | None = None) -> None:
        self.config = config
        self.provider = provider
        self.audit_db = audit_db
        self.observer = observer
        self.followup = followup
        agent = config.agent
        self.receipts_enabled = agent.tool_receipts.enabled
        self._is_delegate = _delegate_of is not None
        delegate_cfg = config.tools.delegate
        base_prompt = delegate_cfg.system_prompt if self._is_delegate else agent.system_prompt
        self._system_plain = ChatMessage("system", base_prompt)
        self._system_with_receipts = self._system_plain
        if agent.tool_receipts.inject_system_prompt:
            self._system_with_receipts = ChatMessage(
                "system", f"{base_prompt}\n\n{SYSTEM_PROMPT_ADDENDUM}" if base_prompt
                else SYSTEM_PROMPT_ADDENDUM)
        self.max_tool_iterations = (delegate_cfg.max_tool_iterations if self._is_delegate
                                    else agent.max_tool_iterations)
        self.policy = Policy(agent.autonomy)
        # Unscoped: every call signs with its turn's scope (None when receipts are off).
        self.middleware = ReceiptMiddleware(scope=None,
                                            max_result_chars=agent.max_tool_result_chars,
                                            policy=self.policy, audit_sink=audit_db,
                                            default_timeout_s=agent.tool_timeout_s)
        self.history = ConversationHistory(0 if self._is_delegate else agent.history_max_messages)
        self.provider_deadline_s = (config.provider.timeout_s * (config.provider.max_retries + 1)
                                    + PROVIDER_DEADLINE_SLACK_S)
        # A sub-agent may run every one of its rounds with the slowest provider and tool.
        self.delegate_timeout_s = (delegate_cfg.max_tool_iterations + 1) * (
            self.provider_deadline_s + agent.tool_timeout_s)
        self.background_timeout_s = delegate_cfg.background_timeout_s or self.delegate_timeout_s
        # The slots are shared by every generation of a daemon: the limits hold across reloads.
        self.background = BackgroundDelegates(background_slots or BackgroundSlots(
            delegate_cfg.max_background, delegate_cfg.max_background_per_conversation),
            self.background_timeout_s)
        tool_map = dict(tools)
        if self._is_delegate:
            tool_map.pop(DELEGATE_TOOL_NAME, None)  # a sub-agent cannot delegate again
        elif delegate_cfg.enabled and DELEGATE_TOOL_NAME not in tool_map:
            tool_map[DELEGATE_TOOL_NAME] = DelegateTool(self, timeout_s=self.delegate_timeout_s)
        self.tools: dict[str, Tool] = tool_map
        self._specs = tuple(ToolSpec(name, tool.description, tool.parameters)
                            for name, tool in tool_map.items())
        self._delegate_runtime: AgentRuntime | None = None
        self._log = get_logger(LOG_TARGET)

    def __repr__(self) -> str:
        return (f"<AgentRuntime provider={getattr(self.provider, 'name', '?')} "
                f"tools={sorted(self.tools)} receipts={'on' if self.receipts_enabled else 'off'}>")

    # -- lifecycle (background delegates) ------------------------------------------------------

    async def __aenter__(self) -> AgentRuntime:
        await self.background.tasks.open()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        return await self.background.tasks.close(exc_type, exc, tb)

    @property
    def background_active(self) -> int:
        """How many background delegates are running."""
        return self.background.active

    async def wait_background(self, timeout_s: float) -> bool:
        """Wait until no background delegate runs; False if ``timeout_s`` passed first."""
        return await self.background.wait_idle(timeout_s)

    # -- one turn --------------------------------------------------------------------------------

    async def run_turn(self, *, conversation_id: str, user_message: str, sender: str = "user",
                       channel: str = "cli", scope: ReceiptScope | None,
                       approval: ApprovalHook | None = None,
                       client_history: Sequence[ChatMessage] | None = None) -> TurnResult:
        """Run one turn for ``conversation_id``; never raises for model or tool failures.
        ``client_history``: the client holds the history; the stored one is not used."""
        started = time.perf_counter()
        turn_scope = scope if self.receipts_enabled else None
        # 32 hex characters, as uuid4().hex gave, without building a UUID object.
        turn = TurnContext(turn_scope, TurnCollector(), conversation_id, secrets.token_hex(16))
        self._log.debug("Turn started", conversation=conversation_id, turn=turn.turn_id,
                        channel=channel, sender=sender, receipts=turn_scope is not None)
        user = ChatMessage("user", user_message)
        earlier = (self.history.messages(conversation_id) if client_history is None
                   else client_history)
        messages = [self._system_message(turn_scope), *earlier, user]
        audit_cfg = self.config.agent.tool_receipts.audit
        revision: Revision | None = None
        with bind_turn(turn):
            rounds = await self._run_rounds(turn, messages, approval, channel=channel,
                                            sender=sender)
            if audit_cfg.mode == "revise" and rounds.outcome is TurnOutcome.FINAL:
                revision = await self._revise(turn, messages, rounds, user_message, approval,
                                              channel=channel, sender=sender)
        history = [user, *rounds.messages, ChatMessage("assistant", rounds.text)]
        if revision is not None:
            history.extend(revision.messages)
        if client_history is None:
            self.history.append_turn(conversation_id, history)
        result = await finish_turn(self.config, self.audit_db, turn, rounds, user_message,
                                   revision)
        seconds = time.perf_counter() - started
        self._log.debug("Turn finished", conversation=conversation_id, turn=turn.turn_id,
                        outcome=result.outcome.value, tool_calls=len(result.events),
                        receipts=len(result.receipts), seconds=round(seconds, 4))
        if self.observer is not None:
            self.observer.on_turn(result, seconds)
        return result

    def _system_message(self, scope: ReceiptScope | None) -> ChatMessage:
        # Both forms are fixed for this runtime's config: built once, shared by every turn.
        return self._system_with_receipts if scope is not None else self._system_plain

    async def _run_rounds(self, turn: TurnContext, messages: Sequence[ChatMessage],
                          approval: ApprovalHook | None, *, channel: str,
                          sender: str) -> _RoundsResult:
        new_messages: list[ChatMessage] = []
        calls_run = 0
        for round_index in range(self.max_tool_iterations):
            try:
                response = await self._chat([*messages, *new_messages])
            except _ProviderFailed as failure:
                return _RoundsResult(_provider_failure_text(failure.message, calls_run),
                                     new_messages, TurnOutcome.PROVIDER_ERROR)
            if not response.tool_calls:
                return _RoundsResult(response.text, new_messages, TurnOutcome.FINAL)
            calls = _normalise_calls(response.tool_calls, turn.turn_id, round_index)
            new_messages.append(ChatMessage("assistant", response.text, tool_calls=calls))
            outcomes = await run_calls(self.middleware, self.tools, self.observer, calls, turn,
                                       approval, channel=channel, sender=sender)
            # A refused call (unknown, invalid, denied) never ran: the failure reply must
            # not tell the user it did.
            calls_run += sum(1 for event, _ in outcomes if event.status in _STATUSES_THAT_RAN)
            new_messages.extend(ChatMessage("tool", text, tool_call_id=call.id, name=call.name,
                                            is_error=event.status is not ToolStatus.OK)
                                for call, (event, text) in zip(calls, outcomes, strict=True))
        text = (f"I stopped after {self.max_tool_iterations} tool rounds without a final "
                "answer.")
        return _RoundsResult(text, new_messages, TurnOutcome.MAX_ITERATIONS)

    async def _chat(self, messages: Sequence[ChatMessage]) -> ChatResponse:
        try:
            with TimeLimit(self.provider_deadline_s):
                response = await self.provider.chat(messages, self._specs)
        except ProviderError as exc:
            self._log.warning("Model provider failed", provider=exc.provider, error=exc.message,
                              status_code=exc.status_code)
            raise _ProviderFailed(exc.message) from None
        except TimeoutError:
            self._log.warning("Model provider timed out", seconds=self.provider_deadline_s)
            raise _ProviderFailed(
                f"no answer within {self.provider_deadline_s:g} s") from None
        except Exception as exc:  # a provider bug must not crash the turn
            self._log.error("Model provider raised", error=type(exc).__name__, message=str(exc))
            raise _ProviderFailed(f"unexpected {type(exc).__name__}") from None
        if not isinstance(response, ChatResponse):
            raise _ProviderFailed(f"returned {type(response).__name__}, not a response")
        return response

    async def _revise(self, turn: TurnContext, messages: Sequence[ChatMessage],
                      rounds: _RoundsResult, user_message: str, approval: ApprovalHook | None,
                      *, channel: str, sender: str) -> Revision | None:
        """The revise loop (agent/revise.py); None when the first audit itself failed."""
        audit_cfg = self.config.agent.tool_receipts.audit

        async def audit(text: str) -> AuditReport:
            return await audit_off_loop(text, turn, user_message)

        async def run_rounds(conversation: Sequence[ChatMessage]) -> _RoundsResult:
            return await self._run_rounds(turn, conversation, approval, channel=channel,
                                          sender=sender)

        try:
            first_report = await audit(strip_receipts_block(rounds.text))
        except Exception as exc:  # finish_turn withholds or annotates as for any audit failure
            self._log.error("Reply audit failed", error=type(exc).__name__, turn=turn.turn_id)
            return None
        revision = await revise(messages=messages, first=rounds, first_report=first_report,
                                run_rounds=run_rounds, audit=audit,
                                max_revisions=audit_cfg.max_revisions,
                                fallback=audit_cfg.revise_fallback)
        if revision.rounds:
            self._log.info("Reply revised", turn=turn.turn_id, outcome=revision.outcome.value,
                           rounds=len(revision.rounds), fixed=len(revision.fixed))
        return revision

    # -- delegates (called by DelegateTool) ------------------------------------------------------

    def _sub_runtime(self) -> AgentRuntime:
        if self._delegate_runtime is None:
            self._delegate_runtime = AgentRuntime(self.config, self.provider, self.tools,
                                                  self.audit_db, self.observer,
                                                  _delegate_of=self)
        return self._delegate_runtime

    async def run_delegate(self, task: str, parent: TurnContext,
                           approval: ApprovalHook | None) -> str:
        """Run a synchronous sub-agent turn inside ``parent`` (its scope and collector)."""
        rounds = await self._sub_runtime().task_rounds(parent, task, approval)
        if rounds.outcome is TurnOutcome.PROVIDER_ERROR:
            raise ToolExecutionError(DELEGATE_TOOL_NAME, f"the sub-agent failed: {rounds.text}")
        if rounds.outcome is TurnOutcome.MAX_ITERATIONS:
            raise ToolExecutionError(DELEGATE_TOOL_NAME, f"the sub-agent gave no answer: "
                                                         f"{rounds.text}")
        return strip_receipts_block(rounds.text)

    def start_background_delegate(self, task: str, parent: TurnContext) -> str:
        """Start a detached sub-agent turn; return its task id. Raises if unavailable."""
        return self.background.start(task, parent, self._sub_runtime(), self.followup)

    async def task_rounds(self, turn: TurnContext, task: str,
                          approval: ApprovalHook | None) -> _RoundsResult:
        """This runtime's rounds for a delegated ``task`` inside ``turn``."""
        messages = [self._system_message(turn.scope), ChatMessage("user", task)]
        return await self._run_rounds(turn, messages, approval, channel="delegate",
                                      sender="agent")

    async def finish_task(self, turn: TurnContext, rounds: _RoundsResult,
                          task: str) -> TurnResult:
        """Audit, render and record a background task's turn."""
        return await finish_turn(self.config, self.audit_db, turn, rounds, task)
