"""The receipt middleware: the one path every tool execution takes, for every entry point.

For one tool call, in order:

1. unknown tool                      -> ``unknown``, nothing runs
2. JSON parse + schema validation    -> ``invalid``, nothing runs
3. arguments canonicalisable for the MAC (no NaN, string keys) -> else ``invalid``
4. autonomy policy (maybe approval)  -> ``denied``, nothing runs
5. run under ``TimeLimit(tool.timeout_s)`` (``anyio.fail_after``) -> ``timeout``; a ``ToolError``
   maps by its ``.status``; any other exception -> ``failed`` (type and message,
   never a traceback)
6. ok: truncate -> defang -> sign exactly that text -> trailer

Only ``ok`` earns a receipt. Every outcome becomes a :class:`ToolEvent` that
goes to the audit sink, and is logged on target ``zeroclaw_runtime::agent``:
DEBUG ``Tool receipt generated`` for a receipt, INFO (denied, invalid,
unknown) or WARN (failed, timeout) otherwise.

With ``scope=None`` receipts are disabled: nothing is signed, no trailer is
written, and tool output is passed through as is (no ``zc-receipt`` text is
produced by the runtime at all).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

from zeroclaw_daemon.agent.policy import ApprovalHook, Policy, approval_prompt
from zeroclaw_daemon.errors import ToolArgumentError, ToolError
from zeroclaw_daemon.logs import DEBUG, get_logger
from zeroclaw_daemon.providers.base import ToolCall
from zeroclaw_daemon.receipts import (
    ArgsNotCanonicalError,
    ReceiptError,
    ReceiptScope,
    ToolEvent,
    ToolStatus,
    TurnContext,
    canonical_args,
    count_items,
    defang,
    parse_tool_arguments,
    trailer,
    truncate,
)
from zeroclaw_daemon.taskgroups import TimeLimit
from zeroclaw_daemon.tools.base import Tool, ToolContext, ToolOutput
from zeroclaw_daemon.tools.schema import validate_arguments

LOG_TARGET = "zeroclaw_runtime::agent"
# What a person is shown when asked to approve a call: enough to decide, bounded.
# Error reasons come from exceptions and tool stderr; keep them readable for the model.
MAX_REASON_CHARS = 2000
_STATUS_BY_NAME = {status.value: status for status in ToolStatus}


class AuditSink(Protocol):
    """Where every tool event is recorded (the SQLite audit log). Must not block."""

    async def record_tool_event(self, event: ToolEvent, *, scope_id: str | None) -> None:
        """Queue ``event`` for recording; never wait on disk."""
        ...


class ReceiptMiddleware:
    """Runs tool calls and turns each outcome into an event and the model-visible text."""

    def __init__(self, *, scope: ReceiptScope | None, max_result_chars: int, policy: Policy,
                 audit_sink: AuditSink | None = None,
                 default_timeout_s: float | None = None) -> None:
        if max_result_chars < 1:
            raise ValueError("max_result_chars must be at least 1")
        if default_timeout_s is not None and not default_timeout_s > 0:
            raise ValueError("default_timeout_s must be positive")
        self.scope = scope
        self.default_timeout_s = default_timeout_s
        self.max_result_chars = max_result_chars
        self.policy = policy
        self.audit_sink = audit_sink
        self._log = get_logger(LOG_TARGET)

    def __repr__(self) -> str:
        receipts = "on" if self.scope is not None else "off"
        return f"<ReceiptMiddleware receipts={receipts} policy={self.policy!r}>"

    async def execute(self, call: ToolCall, tool: Tool | None, ctx: ToolContext,
                      turn: TurnContext, approval: ApprovalHook | None, *,
                      collect: bool = True) -> tuple[ToolEvent, str]:
        """Run one call; return its event and the exact text the model sees.

        ``turn`` says which scope signs (``turn.scope`` wins over the
        middleware's own, so a delegate signs with its parent's) and which
        collector gathers. With ``collect`` the event is added to
        ``turn.collector`` here; the loop passes False and adds the events of
        parallel calls itself, in the model's call order.
        """
        started = time.perf_counter()
        scope = turn.scope if turn.scope is not None else self.scope
        if tool is None:
            args = _best_effort_args(call.arguments)
            event, text = self._failure(call, args, ToolStatus.UNKNOWN,
                                        f"there is no tool named {call.name!r}", started,
                                        turn, scope)
        else:
            event, text = await self._run_known(call, tool, ctx, turn, scope, approval,
                                                started)
            if not event.ok:  # a success was built with it: no second event, no second join
                event = replace(event, about=tool.about())
        if collect:
            turn.collector.add(event)
        await self._record(event, scope)
        return event, text

    async def _run_known(self, call: ToolCall, tool: Tool, ctx: ToolContext, turn: TurnContext,
                         scope: ReceiptScope | None, approval: ApprovalHook | None,
                         started: float) -> tuple[ToolEvent, str]:
        try:
            args = validate_arguments(tool, call.arguments)
            args_json = canonical_args(args)
        except ToolArgumentError as exc:
            return self._failure(call, _best_effort_args(call.arguments), ToolStatus.INVALID,
                                 exc.message, started, turn, scope)
        except ArgsNotCanonicalError as exc:
            return self._failure(call, {}, ToolStatus.INVALID,
                                 f"arguments are not usable: {exc.reason}", started, turn, scope)
        except Exception as exc:  # a broken schema is our bug; the call still must not run
            return self._failure(call, {}, ToolStatus.FAILED,
                                 f"{tool.name} could not check its arguments "
                                 f"({type(exc).__name__}: {exc})", started, turn, scope)

        # The prompt is built only if a person is asked (most calls are allowed outright).
        decision = await self.policy.check(
            tool, functools.partial(approval_prompt, tool.name, args), approval)
        if not decision.allowed:
            return self._failure(call, args, ToolStatus.DENIED, decision.reason, started,
                                 turn, scope)

        timeout_s = self.timeout_for(tool)
        run_started = time.perf_counter()
        try:
            with TimeLimit(timeout_s):
                output = await tool.run(args, ctx)
        except TimeoutError:
            return self._failure(call, args, ToolStatus.TIMEOUT,
                                 f"{tool.name} did not finish within {timeout_s:g} s",
                                 run_started, turn, scope)
        except ToolError as exc:
            status = _STATUS_BY_NAME.get(exc.status, ToolStatus.FAILED)
            if status is ToolStatus.OK:  # a ToolError is never a success
                status = ToolStatus.FAILED
            return self._failure(call, args, status, exc.message, run_started, turn, scope)
        except Exception as exc:  # the model gets the type and message, never a traceback
            return self._failure(call, args, ToolStatus.FAILED,
                                 f"{tool.name} raised {type(exc).__name__}: {exc}",
                                 run_started, turn, scope)
        if not isinstance(output, ToolOutput) or not isinstance(output.text, str):
            return self._failure(call, args, ToolStatus.FAILED,
                                 f"{tool.name} returned {type(output).__name__}, not a result",
                                 run_started, turn, scope)
        try:
            return self._success(call, args, args_json, output, run_started, turn, scope,
                                 about=tool.about())
        except ReceiptError as exc:  # e.g. the scope was closed: never show it unsigned
            return self._failure(call, args, ToolStatus.FAILED,
                                 f"the result of {tool.name} was withheld because no receipt "
                                 f"could be issued ({type(exc).__name__})", run_started, turn,
                                 scope)

    def timeout_for(self, tool: Tool) -> float:
        """The tool's own ``timeout_s``; ``default_timeout_s`` if it only inherits Tool's."""
        if self.default_timeout_s is not None and _inherits_default_timeout(tool):
            return self.default_timeout_s
        return tool.timeout_s

    def _success(self, call: ToolCall, args: Mapping[str, Any], args_json: bytes,
                 output: ToolOutput,
                 started: float, turn: TurnContext,
                 scope: ReceiptScope | None, *, about: str = "") -> tuple[ToolEvent, str]:
        text = truncate(output.text, self.max_result_chars)
        count = output.count if output.count is not None else count_items(text)
        receipt: str | None = None
        defanged = 0
        model_text = text
        if scope is not None:
            # Defang, then sign exactly what the model will read before the trailer.
            if _may_hold_receipt_text(text):
                text, defanged = defang(text)
            receipt = scope.issue(tool=call.name, args=args, result=text, call_id=call.id,
                                  conversation_id=turn.conversation_id, turn_id=turn.turn_id,
                                  urls=output.urls, result_count=count,
                                  args_bytes=args_json)
            model_text = trailer(text, receipt)
        event = ToolEvent(call_id=call.id, tool=call.name, args=args, status=ToolStatus.OK,
                          result=text, receipt=receipt, urls=tuple(output.urls),
                          result_count=count, duration_ms=_ms_since(started),
                          defanged=defanged, turn_id=turn.turn_id,
                          conversation_id=turn.conversation_id, detached=turn.detached,
                          about=about)
        if receipt is not None and self._log.is_enabled(DEBUG):
            self._log.debug("Tool receipt generated", tool=call.name, receipt=receipt,
                            call_id=call.id, conversation=turn.conversation_id)
        if defanged:
            self._log.info("Defanged receipt-like text in tool output", tool=call.name,
                           call_id=call.id, defanged=defanged,
                           conversation=turn.conversation_id)
        return event, model_text

    def _failure(self, call: ToolCall, args: Mapping[str, Any], status: ToolStatus,
                 reason: str, started: float, turn: TurnContext,
                 scope: ReceiptScope | None) -> tuple[ToolEvent, str]:
        reason = _clip_reason(reason)
        defanged = 0
        # Error text reaches the model too; only runtime trailers may look like receipts.
        if scope is not None and _may_hold_receipt_text(reason):
            reason, defanged = defang(reason)
        text = f"Error ({status.value}): {reason}"
        if not text.endswith((".", "!", "?")):
            text += "."
        if scope is not None:
            text += " No receipt was issued."
        duration_ms = _ms_since(started)
        event = ToolEvent(call_id=call.id, tool=call.name, args=args, status=status,
                          result=text, receipt=None, duration_ms=duration_ms,
                          defanged=defanged, turn_id=turn.turn_id,
                          conversation_id=turn.conversation_id, detached=turn.detached)
        log = self._log.warning if status in (ToolStatus.FAILED, ToolStatus.TIMEOUT) \
            else self._log.info
        log("Tool call ended without a receipt", status=status.value, tool=call.name,
            call_id=call.id, reason=reason, duration_ms=round(duration_ms, 3),
            conversation=turn.conversation_id, turn=turn.turn_id)
        return event, text

    async def _record(self, event: ToolEvent, scope: ReceiptScope | None) -> None:
        if self.audit_sink is None:
            return
        try:
            await self.audit_sink.record_tool_event(
                event, scope_id=scope.id if scope is not None else None)
        except Exception as exc:  # the audit log must never fail a tool call
            self._log.error("Audit sink failed", error=type(exc).__name__,
                            call_id=event.call_id)


def _may_hold_receipt_text(text: str) -> bool:
    """False only when :func:`defang` would certainly change nothing (a cheap pre-check).

    Both defang patterns contain "receipt" matched case-insensitively. Under
    ``re.IGNORECASE`` the letters r, e, c, p, t match only their ASCII cases,
    and i also matches U+0130 and U+0131; ``str.lower`` turns U+0130 into
    "i" + U+0307 and leaves U+0131 alone, hence the three spellings. Scanning a
    lowered copy with ``in`` is about ten times faster than defang's
    case-insensitive regexes on text that holds nothing receipt-like (and faster
    than scanning the text itself for a rarer two-letter piece in its four cases:
    a two-character needle is searched without the skip table, about 0.9 µs per
    KiB each).
    """
    lowered = text.lower()
    return ("receipt" in lowered or "rece\u0131pt" in lowered
            or "recei\u0307pt" in lowered)


def _inherits_default_timeout(tool: Tool) -> bool:
    if "timeout_s" in vars(tool):
        return False
    return not any("timeout_s" in vars(klass) for klass in type(tool).__mro__
                   if klass is not Tool and issubclass(klass, Tool))


def _best_effort_args(raw: str) -> dict[str, Any]:
    """The call's arguments if they parse, for the event; else an empty object."""
    try:
        args = parse_tool_arguments(raw)
        canonical_args(args)
    except ArgsNotCanonicalError:
        return {}
    return args


def _clip_reason(reason: str) -> str:
    reason = reason.strip() or "no reason given"
    if len(reason) > MAX_REASON_CHARS:
        reason = reason[: MAX_REASON_CHARS - 3] + "..."
    return reason


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
