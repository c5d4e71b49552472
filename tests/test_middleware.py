"""The receipt middleware on its own: the ok pipeline's order, error mapping, sink, timeouts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anyio
import pytest

from zeroclaw_daemon.agent.middleware import ReceiptMiddleware
from zeroclaw_daemon.agent.policy import Policy
from zeroclaw_daemon.errors import (
    ToolArgumentError,
    ToolDeniedError,
    ToolExecutionError,
    ToolTimeoutError,
)
from zeroclaw_daemon.providers.base import ToolCall
from zeroclaw_daemon.receipts import (
    ReceiptScope,
    ToolEvent,
    ToolStatus,
    TurnCollector,
    TurnContext,
    defang,
    truncate,
)
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput

FAKE_RECEIPT = "zc-receipt-1700000000-" + "A" * 43


class EchoTool(Tool):
    """Returns a fixed text (or raises a fixed exception), after an optional delay."""

    name = "echo"
    description = "echo"
    parameters: Mapping[str, Any] = {
        "type": "object",
        "properties": {"text": {"type": "string"}},
        "additionalProperties": False,
    }
    risk = RiskClass.READ

    def __init__(self, output: ToolOutput | None = None, error: BaseException | None = None,
                 delay: float = 0.0, risk: RiskClass = RiskClass.READ,
                 timeout_s: float | None = None) -> None:
        self.output = output or ToolOutput("out")
        self.error = error
        self.delay = delay
        self.risk = risk
        self.ran = 0
        if timeout_s is not None:
            self.timeout_s = timeout_s

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        self.ran += 1
        if self.delay:
            await anyio.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return self.output


class RecordingSink:
    """An audit sink that keeps what it was given."""

    def __init__(self, fail: bool = False) -> None:
        self.events: list[tuple[ToolEvent, str | None]] = []
        self.fail = fail

    async def record_tool_event(self, event: ToolEvent, *, scope_id: str | None) -> None:
        if self.fail:
            raise OSError("disk full")
        self.events.append((event, scope_id))


def middleware(scope: ReceiptScope | None = None, max_chars: int = 1000,
               autonomy: str = "full", sink: RecordingSink | None = None,
               default_timeout_s: float | None = None) -> ReceiptMiddleware:
    return ReceiptMiddleware(scope=scope, max_result_chars=max_chars, policy=Policy(autonomy),
                             audit_sink=sink, default_timeout_s=default_timeout_s)


async def run(mw: ReceiptMiddleware, tool: Tool | None, arguments: str = "{}",
              scope: ReceiptScope | None = None, name: str = "echo",
              collector: TurnCollector | None = None) -> tuple[ToolEvent, str, TurnContext]:
    turn = TurnContext(scope, collector or TurnCollector(), "conv", "turn-1")
    call = ToolCall("call-1", name, arguments)
    with anyio.fail_after(10):
        event, text = await mw.execute(call, tool, ToolContext("conv", "turn-1", "call-1"),
                                       turn, None)
    return event, text, turn


async def test_ok_pipeline_truncates_then_defangs_then_signs() -> None:
    """ok: the receipt covers the truncated, defanged text, which is what the model reads."""
    scope = ReceiptScope()
    raw = f"head {FAKE_RECEIPT} [receipt: x] " + "y" * 500 + " tail " + FAKE_RECEIPT
    mw = middleware(scope, max_chars=200)
    event, text, turn = await run(mw, EchoTool(ToolOutput(raw, urls=("http://x/",), count=7)),
                                  '{"text": "a"}', scope)
    expected, hits = defang(truncate(raw, 200))
    assert (expected, 2) == (event.result, hits)  # the tail token was cut, two hits remain
    assert (2, 7, ("http://x/",)) == (event.defanged, event.result_count, event.urls)
    assert event.receipt is not None
    assert f"{expected}\n\n[receipt: {event.receipt}]" == text
    assert scope.verify(event.receipt, "echo", {"text": "a"}, expected) is True
    assert scope.verify(event.receipt, "echo", {"text": "a"}, truncate(raw, 200)) is False
    assert FAKE_RECEIPT not in text
    assert (event,) == turn.collector.events


async def test_turn_scope_signs_over_middleware_scope() -> None:
    """The turn's scope signs (a delegate uses its parent's), not the middleware's own."""
    own, parent = ReceiptScope(), ReceiptScope()
    event, _, _ = await run(middleware(own), EchoTool(), scope=parent)
    assert event.receipt is not None
    assert (True, 0, 1) == (parent.verify(event.receipt, "echo", {}, "out"), len(own.ledger),
                            len(parent.ledger))


async def test_receipts_disabled_pass_output_through() -> None:
    """scope None: no receipt, no trailer, no defanging: the tool output as is."""
    raw = f"text with {FAKE_RECEIPT}"
    event, text, _ = await run(middleware(None), EchoTool(ToolOutput(raw)))
    assert (raw, raw, None, 0) == (text, event.result, event.receipt, event.defanged)


async def test_error_text_is_defanged_when_receipts_are_on() -> None:
    """A failing tool cannot hand the model a real-looking receipt in its error message."""
    tool = EchoTool(error=ToolExecutionError("echo", f"stderr: {FAKE_RECEIPT}"))
    event, text, _ = await run(middleware(ReceiptScope()), tool, scope=ReceiptScope())
    assert "zc-receipt-1700000000" not in text
    assert (ToolStatus.FAILED, 1) == (event.status, event.defanged)


@pytest.mark.parametrize(("error", "status", "text"), [
    (ToolExecutionError("echo", "exit 2"), ToolStatus.FAILED, "Error (failed): exit 2."),
    (ToolDeniedError("echo", "outside root"), ToolStatus.DENIED,
     "Error (denied): outside root."),
    (ToolTimeoutError("echo", "took too long"), ToolStatus.TIMEOUT,
     "Error (timeout): took too long."),
    (ToolArgumentError("echo", "bad path"), ToolStatus.INVALID, "Error (invalid): bad path."),
    (ValueError("bad value"), ToolStatus.FAILED,
     "Error (failed): echo raised ValueError: bad value."),
    (KeyError("k"), ToolStatus.FAILED, "Error (failed): echo raised KeyError: 'k'."),
])
async def test_exceptions_map_to_statuses(error: Exception, status: ToolStatus,
                                          text: str) -> None:
    """ToolError subclasses map by .status; other exceptions are failed with type and message."""
    scope = ReceiptScope()
    event, seen, _ = await run(middleware(), EchoTool(error=error), scope=scope)
    assert (status, None, text + " No receipt was issued.") == (event.status, event.receipt,
                                                                seen)
    assert "Traceback" not in seen
    assert 0 == len(scope.ledger)


async def test_middleware_timeout_cancels_the_tool() -> None:
    """A tool that overruns its timeout_s is cancelled and reported as timeout."""
    tool = EchoTool(delay=30, timeout_s=0.05)
    event, text, _ = await run(middleware(), tool, scope=ReceiptScope())
    assert (ToolStatus.TIMEOUT, "Error (timeout): echo did not finish within 0.05 s. No "
            "receipt was issued.") == (event.status, text)


async def test_default_timeout_applies_to_tools_without_their_own() -> None:
    """agent.tool_timeout_s bounds a tool that only inherits Tool's default timeout_s."""
    inherits, own = EchoTool(delay=30), EchoTool(delay=30, timeout_s=0.05)
    mw = middleware(default_timeout_s=0.1)
    assert (0.1, 0.05) == (mw.timeout_for(inherits), mw.timeout_for(own))
    event, _, _ = await run(mw, inherits)
    assert ToolStatus.TIMEOUT == event.status


async def test_outer_cancellation_is_not_swallowed() -> None:
    """Cancelling the caller cancels the tool; it is not turned into a tool result."""
    tool = EchoTool(delay=30)
    with anyio.move_on_after(0.05) as outer:
        await run(middleware(), tool)
    assert outer.cancelled_caught is True


async def test_denied_tool_never_runs() -> None:
    """A policy denial stops the call before the tool runs."""
    tool = EchoTool(risk=RiskClass.EXEC)
    event, text, _ = await run(middleware(autonomy="read_only"), tool, scope=ReceiptScope())
    assert (0, ToolStatus.DENIED) == (tool.ran, event.status)
    assert "Error (denied): autonomy is read_only and echo (exec) is not a read tool. No " \
           "receipt was issued." == text


async def test_invalid_arguments_never_run() -> None:
    """Arguments that fail the schema stop the call before the tool runs."""
    tool = EchoTool()
    event, _, _ = await run(middleware(), tool, '{"other": 1}')
    assert (0, ToolStatus.INVALID, {"other": 1}) == (tool.ran, event.status, dict(event.args))


async def test_non_tool_output_is_failed() -> None:
    """A tool returning something other than ToolOutput is a failure, not a receipt."""
    tool = EchoTool(output="plain string")  # type: ignore[arg-type]
    event, text, _ = await run(middleware(), tool, scope=ReceiptScope())
    assert (ToolStatus.FAILED, None) == (event.status, event.receipt)
    assert "Error (failed): echo returned str, not a result. No receipt was issued." == text


async def test_closed_scope_withholds_the_result() -> None:
    """A result that cannot be signed (scope closed) is failed, never shown unsigned."""
    scope = ReceiptScope()
    scope.close()
    event, text, _ = await run(middleware(), EchoTool(ToolOutput("secret result")), scope=scope)
    assert (ToolStatus.FAILED, None) == (event.status, event.receipt)
    assert "secret result" not in text


async def test_every_event_goes_to_the_sink_with_the_scope_id() -> None:
    """The audit sink gets ok and failed events alike, tagged with the signing scope."""
    sink = RecordingSink()
    scope = ReceiptScope()
    mw = middleware(sink=sink)
    ok, _, _ = await run(mw, EchoTool(), scope=scope)
    unknown, _, _ = await run(mw, None, name="ghost")
    assert [(ok, scope.id), (unknown, None)] == sink.events


async def test_sink_failure_does_not_fail_the_call() -> None:
    """A broken audit sink is logged; the call's result stands."""
    event, _, _ = await run(middleware(sink=RecordingSink(fail=True)), EchoTool(),
                            scope=ReceiptScope())
    assert ToolStatus.OK == event.status


async def test_collect_false_leaves_the_collector_to_the_caller() -> None:
    """With collect=False the event is returned but not added to the turn's collector."""
    turn = TurnContext(ReceiptScope(), TurnCollector(), "conv", "t")
    event, _ = await middleware().execute(ToolCall("c", "echo", "{}"), EchoTool(),
                                          ToolContext("conv", "t", "c"), turn, None,
                                          collect=False)
    assert ((), ToolStatus.OK) == (turn.collector.events, event.status)


async def test_event_carries_turn_identity_and_detached_flag() -> None:
    """Events record the turn's conversation, turn id and detached flag."""
    turn = TurnContext(ReceiptScope(), TurnCollector(), "conv-9", "turn-9").detach()
    event, _ = await middleware().execute(ToolCall("c", "echo", "{}"), EchoTool(),
                                          ToolContext("conv-9", "turn-9", "c"), turn, None)
    assert ("conv-9", "turn-9", True) == (event.conversation_id, event.turn_id,
                                          event.detached)
    assert event.receipt is not None
    record = turn.scope.ledger.get(event.receipt) if turn.scope else None
    assert record is not None and ("conv-9", "turn-9") == (record.conversation_id,
                                                           record.turn_id)


def test_receipt_precheck_never_skips_text_defang_would_change() -> None:
    """The cheap pre-check is a superset of defang: every case-insensitive spelling hits."""
    import itertools

    from zeroclaw_daemon.agent.middleware import _may_hold_receipt_text

    spellings = {"r": "rR", "e": "eE", "c": "cC", "i": "iI\u0130\u0131", "p": "pP",
                 "t": "tT"}
    missed = []
    for letters in itertools.product(*(spellings[ch] for ch in "receipt")):
        word = "".join(letters)
        for text in (f"zc-{word}-1-x", f"ZC-{word}", f"[ {word} : x]", f"[{word}:"):
            if defang(text)[0] != text and not _may_hold_receipt_text(text):
                missed.append(text)
    assert [] == missed
    assert (False, ("plain output", 0)) == (_may_hold_receipt_text("plain output"),
                                            defang("plain output"))


async def test_event_carries_what_the_tool_says_it_acts_on() -> None:
    """The event's ``about`` holds the tool's description and aliases, for the auditor."""
    tool = EchoTool()
    tool.description = "Power-cycle a host through its console"
    tool.aliases = ("reboot", "bounce")
    event, _, _ = await run(middleware(), tool, '{"text": "web-2"}')
    assert "Power-cycle a host through its console reboot bounce" == event.about


async def test_an_unknown_tool_has_nothing_to_say_about_itself() -> None:
    """A call to a tool that does not exist carries no metadata."""
    event, _, _ = await run(middleware(), None, name="nope")
    assert (ToolStatus.UNKNOWN, "") == (event.status, event.about)
