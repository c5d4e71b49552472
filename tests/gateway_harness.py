"""A gateway on a real loopback socket with a fake daemon behind it, for the gateway tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import httpx

from zeroclaw_daemon.channels.base import InboundMessage, OutboundReply, ReceiptLine
from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings
from zeroclaw_daemon.daemon.metrics import METRICS_CONTENT_TYPE, DaemonMetrics
from zeroclaw_daemon.receipts import ReceiptScope

Handler = Callable[[InboundMessage], Awaitable[OutboundReply]]
TOKEN = "s3cret-gateway-token-for-tests"


@dataclass
class FakeBackend:
    """The daemon side of the gateway, with a real scope and real metrics."""

    receipt_scope: ReceiptScope | None = field(default_factory=ReceiptScope)
    accepting: bool = True
    metrics: DaemonMetrics = field(default_factory=lambda: DaemonMetrics(process_metrics=False))

    def metrics_text(self) -> bytes:
        return self.metrics.render()

    def metrics_content_type(self) -> str:
        return METRICS_CONTENT_TYPE

    def health(self) -> Mapping[str, object]:
        return {"receipts": self.receipt_scope is not None}


class RecordingHandler:
    """A turn handler that records messages and answers with a fixed reply."""

    def __init__(self, reply: OutboundReply | None = None,
                 error: Exception | None = None, gate: anyio.Event | None = None) -> None:
        self.messages: list[InboundMessage] = []
        self.arrived = anyio.Event()
        self.reply = reply or OutboundReply(
            turn_id="t-1", text="It is done. [receipt: zc-receipt-1-x]",
            receipts=(ReceiptLine("shell", "call_1", "zc-receipt-1-x"),),
            trust="verified", findings=())
        self.error = error
        self.gate = gate

    async def __call__(self, message: InboundMessage) -> OutboundReply:
        self.messages.append(message)
        self.arrived.set()
        if self.gate is not None:
            await self.gate.wait()
        if self.error is not None:
            raise self.error
        return self.reply


@asynccontextmanager
async def running_gateway(handler: Handler, backend: FakeBackend | None = None,
                          **settings: Any) -> AsyncIterator[tuple[httpx.AsyncClient,
                                                                  GatewayChannel]]:
    """A gateway on 127.0.0.1:0 in this event loop, and a client for it."""
    channel = GatewayChannel(GatewaySettings(host="127.0.0.1", port=0, **settings),
                             backend or FakeBackend())
    with anyio.fail_after(15):
        async with anyio.create_task_group() as tg:
            host, port = await tg.start(channel.run, handler)
            async with httpx.AsyncClient(base_url=f"http://{host}:{port}", timeout=10) as client:
                yield client, channel
            channel.request_stop()


async def post_turn(client: httpx.AsyncClient, body: object, **headers: str) -> httpx.Response:
    return await client.post("/v1/turns", json=body, headers=headers)


def error_code(response: httpx.Response) -> str:
    body = response.json()
    assert set(body) == {"error"}
    assert {"code", "message"} <= set(body["error"])
    return str(body["error"]["code"])
