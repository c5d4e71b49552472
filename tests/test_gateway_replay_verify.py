"""The gateway's Idempotency-Key replays, receipt verification, metrics, signals and stop."""

from __future__ import annotations

import signal

import anyio
import httpx
from gateway_harness import (
    FakeBackend,
    RecordingHandler,
    error_code,
    post_turn,
    running_gateway,
)

from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings


async def test_idempotency_key_replays_the_first_response() -> None:
    """The same Idempotency-Key and conversation runs once; the replay is byte-identical."""
    handler = RecordingHandler()
    body = {"conversation_id": "c1", "message": "hi"}
    async with running_gateway(handler) as (client, _):
        first = await post_turn(client, body, **{"Idempotency-Key": "k1"})
        second = await post_turn(client, body, **{"Idempotency-Key": "k1"})
        other_conversation = await post_turn(client, {**body, "conversation_id": "c2"},
                                             **{"Idempotency-Key": "k1"})
    assert first.content == second.content
    assert ("true", None) == (second.headers.get("idempotent-replayed"),
                              first.headers.get("idempotent-replayed"))
    assert 200 == other_conversation.status_code
    assert ["c1", "c2"] == [m.conversation_id for m in handler.messages]


async def test_concurrent_duplicate_waits_for_the_first() -> None:
    """A duplicate arriving while the first runs waits and gets the same answer; one turn ran."""
    gate = anyio.Event()
    handler = RecordingHandler(gate=gate)
    body = {"conversation_id": "c1", "message": "hi"}
    responses: list[httpx.Response] = []
    async with running_gateway(handler) as (client, _), anyio.create_task_group() as tg:
        async def send() -> None:
            responses.append(await post_turn(client, body, **{"Idempotency-Key": "dup"}))
        tg.start_soon(send)
        tg.start_soon(send)
        with anyio.fail_after(5):
            await handler.arrived.wait()
        await anyio.sleep(0.1)
        gate.set()
    assert [200, 200] == [r.status_code for r in responses]
    assert responses[0].content == responses[1].content
    assert 1 == len(handler.messages)


async def test_idempotency_key_with_another_body_is_422() -> None:
    """Reusing a key for a different message is refused rather than replaying a wrong answer."""
    handler = RecordingHandler()
    async with running_gateway(handler) as (client, _):
        await post_turn(client, {"conversation_id": "c1", "message": "a"},
                        **{"Idempotency-Key": "k"})
        reused = await post_turn(client, {"conversation_id": "c1", "message": "b"},
                                 **{"Idempotency-Key": "k"})
    assert (422, "idempotency_key_reused") == (reused.status_code, error_code(reused))
    assert 1 == len(handler.messages)


async def test_failed_first_request_is_not_replayed() -> None:
    """A first attempt that failed (500) is forgotten, so the retry really runs."""
    handler = RecordingHandler(error=RuntimeError("boom"))
    body = {"conversation_id": "c1", "message": "hi"}
    async with running_gateway(handler) as (client, _):
        failed = await post_turn(client, body, **{"Idempotency-Key": "k"})
        handler.error = None
        retried = await post_turn(client, body, **{"Idempotency-Key": "k"})
    assert (500, 200) == (failed.status_code, retried.status_code)
    assert 2 == len(handler.messages)


async def test_idempotency_cache_is_bounded() -> None:
    """Beyond its size the cache forgets the oldest key, which then runs again."""
    handler = RecordingHandler()
    async with running_gateway(handler, idempotency_cache_entries=2) as (client, _):
        for key in ("a", "b", "c", "a"):
            await post_turn(client, {"conversation_id": "c1", "message": "hi"},
                            **{"Idempotency-Key": key})
    assert 4 == len(handler.messages)


async def test_verify_text_gives_a_verdict_per_token() -> None:
    """Text form: issued tokens are valid (foreign under another conversation), the rest judged."""
    backend = FakeBackend()
    scope = backend.receipt_scope
    assert scope is not None
    token = scope.issue(tool="shell", args={"argv": ["ls"]}, result="a\nb", call_id="c",
                        conversation_id="conv-a", turn_id="t")
    forged = token[:-5] + ("AAAAA" if not token.endswith("AAAAA") else "BBBBA")
    text = f"ran it [receipt: {token}] and {forged} and zc-receipt-12-short"
    async with running_gateway(RecordingHandler(), backend) as (client, _):
        no_conversation = await client.post("/v1/receipts/verify", json={"text": text})
        other = await client.post("/v1/receipts/verify",
                                  json={"text": text, "conversation_id": "conv-b"})
    expected = [{"token": token, "verdict": "valid", "tool": "shell"},
                {"token": forged, "verdict": "forged"},
                {"token": "zc-receipt-12-short", "verdict": "malformed"}]
    assert {"tokens": expected} == no_conversation.json()
    assert ["foreign", "forged", "malformed"] == [t["verdict"] for t in other.json()["tokens"]]


async def test_verify_receipt_form_checks_the_mac() -> None:
    """Receipt form: valid for the exact fields, false for any change or a malformed token."""
    backend = FakeBackend()
    scope = backend.receipt_scope
    assert scope is not None
    args = {"path": "."}
    token = scope.issue(tool="list_dir", args=args, result="x\ny", call_id="c",
                        conversation_id="conv", turn_id="t")
    cases = [
        {"receipt": token, "tool": "list_dir", "args": args, "result": "x\ny"},
        {"receipt": token, "tool": "list_dir", "args": args, "result": "x\nz"},
        {"receipt": token, "tool": "read_file", "args": args, "result": "x\ny"},
        {"receipt": "zc-receipt-nope", "tool": "list_dir", "args": args, "result": "x\ny"},
    ]
    async with running_gateway(RecordingHandler(), backend) as (client, _):
        answers = [(await client.post("/v1/receipts/verify", json=case)).json()
                   for case in cases]
    assert [{"valid": True}, {"valid": False}, {"valid": False}, {"valid": False}] == answers


async def test_verify_schema_errors_are_422() -> None:
    """A receipt-form body missing fields names them."""
    async with running_gateway(RecordingHandler()) as (client, _):
        response = await client.post("/v1/receipts/verify", json={"receipt": "zc"})
    assert 422 == response.status_code
    assert ["tool", "args", "result"] == [d["path"] for d in response.json()["error"]["details"]]


async def test_verify_without_receipts_is_409() -> None:
    """A daemon with receipts disabled says so instead of calling every token forged."""
    async with running_gateway(RecordingHandler(), FakeBackend(receipt_scope=None)) as (c, _):
        response = await c.post("/v1/receipts/verify", json={"text": "zc-receipt-1-x"})
    assert (409, "receipts_disabled") == (response.status_code, error_code(response))


async def test_metrics_is_prometheus_text() -> None:
    """GET /metrics serves the context's own registry in the text exposition format."""
    backend = FakeBackend()
    backend.metrics.count_turn("gateway")
    async with running_gateway(RecordingHandler(), backend) as (client, _):
        response = await client.get("/metrics")
    assert 200 == response.status_code
    assert response.headers["content-type"].startswith("text/plain")
    assert 'zeroclaw_turns_total{channel="gateway"} 1.0' in response.text
    assert "# TYPE zeroclaw_turn_seconds histogram" in response.text


async def test_gateway_leaves_signal_handlers_alone() -> None:
    """Serving does not replace SIGTERM/SIGINT handlers: the daemon owns signals."""
    before = (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT))
    async with running_gateway(RecordingHandler()) as (client, _):
        await client.get("/healthz")
        during = (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT))
    assert before == during


async def test_request_stop_lets_in_flight_requests_finish() -> None:
    """Stopping the gateway delivers the reply of a request already running."""
    gate = anyio.Event()
    handler = RecordingHandler(gate=gate)
    responses: list[httpx.Response] = []
    channel = GatewayChannel(GatewaySettings(host="127.0.0.1", port=0), FakeBackend())
    with anyio.fail_after(15):
        async with anyio.create_task_group() as tg:
            host, port = await tg.start(channel.run, handler)
            async with httpx.AsyncClient(base_url=f"http://{host}:{port}") as client:
                async def send() -> None:
                    responses.append(await post_turn(client, {"conversation_id": "c",
                                                              "message": "m"}))
                async with anyio.create_task_group() as requests:
                    requests.start_soon(send)
                    await handler.arrived.wait()
                    channel.request_stop()
                    await anyio.sleep(0.2)
                    gate.set()
    assert [200] == [r.status_code for r in responses]
    assert channel.bound is None
