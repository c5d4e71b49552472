"""One round's tool calls: run concurrently through the receipt middleware, collected in the
model's call order (a delegate's sub-events right before the delegate's own event)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import anyio

from zeroclaw_daemon.agent.middleware import ReceiptMiddleware
from zeroclaw_daemon.agent.policy import ApprovalHook
from zeroclaw_daemon.agent.turn import TurnObserver
from zeroclaw_daemon.providers.base import ToolCall
from zeroclaw_daemon.receipts import ToolEvent, TurnCollector, TurnContext, bind_turn
from zeroclaw_daemon.tools.base import Tool, ToolContext


async def run_calls(middleware: ReceiptMiddleware, tools: Mapping[str, Tool],
                    observer: TurnObserver | None, calls: Sequence[ToolCall],
                    turn: TurnContext, approval: ApprovalHook | None, *, channel: str,
                    sender: str) -> list[tuple[ToolEvent, str]]:
    """Run one round's calls concurrently; collect events in the model's call order.

    Returns each call's event and the text the model gets for it, in call order.
    """
    results: list[tuple[ToolEvent, str, TurnCollector] | None] = [None] * len(calls)

    async def run_one(index: int, call: ToolCall) -> None:
        # Each call gets its own collector for the events of a delegate it may start,
        # so they land in the parent's collector right before the delegate's own
        # event, whatever order concurrent calls finish in.
        nested = TurnCollector()
        call_turn = TurnContext(turn.scope, nested, turn.conversation_id, turn.turn_id,
                                turn.detached)
        ctx = ToolContext(turn.conversation_id, turn.turn_id, call.id,
                          {"approval": approval, "channel": channel, "sender": sender})
        with bind_turn(call_turn):
            event, text = await middleware.execute(
                call, tools.get(call.name), ctx, turn, approval, collect=False)
        results[index] = (event, text, nested)

    if len(calls) == 1:
        await run_one(0, calls[0])
    else:
        async with anyio.create_task_group() as task_group:
            for index, call in enumerate(calls):
                task_group.start_soon(run_one, index, call)
    outcomes: list[tuple[ToolEvent, str]] = []
    for entry in results:
        if entry is None:  # pragma: no cover - every task fills its slot or raises
            raise RuntimeError("a tool call finished without a result")
        event, text, nested = entry
        for sub_event in nested.events:  # already seen by the observer in the sub-turn
            turn.collector.add(sub_event)
        turn.collector.add(event)
        if observer is not None:
            observer.on_tool_event(event)
        outcomes.append((event, text))
    return outcomes
