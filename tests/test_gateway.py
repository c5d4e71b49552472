"""The HTTP gateway over a real loopback socket: every route and every error class."""

from __future__ import annotations

import json
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from daemon_harness import daemon_config, write_config

from zeroclaw_daemon.channels.base import InboundMessage, OutboundReply, ReceiptLine
from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings, parse_listen
from zeroclaw_daemon.config import load_config
from zeroclaw_daemon.daemon.context import ChannelRuntimeContext
from zeroclaw_daemon.daemon.metrics import METRICS_CONTENT_TYPE, DaemonMetrics
from zeroclaw_daemon.errors import ProviderError, ShuttingDownError
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


async def test_turn_returns_the_documented_shape() -> None:
    """POST /v1/turns answers turn_id, reply, receipts and audit; the handler got the message."""
    handler = RecordingHandler(OutboundReply(
        turn_id="t-9", text="Two files.", receipts_block="---\nTool receipts:\n  list_dir: zc-1",
        receipts=(ReceiptLine("list_dir", "call_a", "zc-1"),), trust="suspect",
        findings=({"type": "count_mismatch", "start": 0, "end": 3, "call_id": "call_a",
                   "message": "said 2, tool listed 3"},)))
    async with running_gateway(handler) as (client, _):
        response = await post_turn(client, {"conversation_id": "c1", "message": "list",
                                            "sender": "alice"})
    assert 200 == response.status_code
    expected = {
        "turn_id": "t-9",
        "reply": "Two files.\n\n---\nTool receipts:\n  list_dir: zc-1",
        "receipts": [{"tool": "list_dir", "call_id": "call_a", "receipt": "zc-1"}],
        "audit": {"trust": "suspect", "findings": [
            {"type": "count_mismatch", "start": 0, "end": 3, "call_id": "call_a",
             "message": "said 2, tool listed 3"}]},
    }
    assert expected == response.json()
    assert [InboundMessage("gateway", "c1", "alice", "list")] == handler.messages


async def test_sender_defaults_to_api() -> None:
    """A request without sender reaches the handler as sender 'api'."""
    handler = RecordingHandler()
    async with running_gateway(handler) as (client, _):
        await post_turn(client, {"conversation_id": "c1", "message": "hi"})
    assert ["api"] == [m.sender for m in handler.messages]


async def test_port_zero_binds_a_real_port() -> None:
    """listen on port 0: the kernel picks a port and the channel reports it."""
    async with running_gateway(RecordingHandler()) as (client, channel):
        port = channel.bound_port
        response = await client.get("/healthz")
    assert port is not None and port > 0
    assert str(port) == str(client.base_url.port)
    assert 200 == response.status_code


async def test_healthz_reports_ok_and_draining() -> None:
    """GET /healthz is {"status": "ok"} while serving, 503 "draining" during a drain."""
    backend = FakeBackend()
    async with running_gateway(RecordingHandler(), backend) as (client, _):
        ok = await client.get("/healthz")
        backend.accepting = False
        draining = await client.get("/healthz")
    assert (200, "ok", True) == (ok.status_code, ok.json()["status"], ok.json()["receipts"])
    assert (503, "draining") == (draining.status_code, draining.json()["status"])


class BrokenHealthBackend(FakeBackend):
    """A backend whose health report fails."""

    def health(self) -> Mapping[str, object]:
        raise RuntimeError("health report broke")


async def test_healthz_failure_is_a_json_500_without_details() -> None:
    """/healthz skips the route wrapper, yet a failing health report is still a JSON 500."""
    async with running_gateway(RecordingHandler(), BrokenHealthBackend()) as (client, _):
        response = await client.get("/healthz")
    assert (500, "internal") == (response.status_code, error_code(response))
    assert "broke" not in response.text


async def test_bearer_token_is_required_when_configured() -> None:
    """With a token: a missing or wrong Authorization is 401 JSON; healthz stays open."""
    handler = RecordingHandler()
    body = {"conversation_id": "c1", "message": "hi"}
    async with running_gateway(handler, auth_token=TOKEN) as (client, _):
        missing = await post_turn(client, body)
        wrong = await post_turn(client, body, Authorization="Bearer nope")
        wrong_scheme = await post_turn(client, body, Authorization=f"Basic {TOKEN}")
        right = await post_turn(client, body, Authorization=f"Bearer {TOKEN}")
        metrics = await client.get("/metrics")
        verify = await client.post("/v1/receipts/verify", json={"text": "x"})
        health = await client.get("/healthz")
    statuses = [r.status_code for r in (missing, wrong, wrong_scheme, right, metrics, verify,
                                        health)]
    assert [401, 401, 401, 200, 401, 401, 200] == statuses
    assert "unauthorized" == error_code(missing)
    assert "Bearer" == missing.headers["www-authenticate"]
    assert TOKEN not in missing.text
    assert 1 == len(handler.messages)


async def test_body_over_limit_by_content_length_is_413() -> None:
    """A declared Content-Length over max_body_bytes is refused before reading."""
    handler = RecordingHandler()
    async with running_gateway(handler, max_body_bytes=100) as (client, _):
        response = await post_turn(client, {"conversation_id": "c1", "message": "x" * 200})
    assert (413, "payload_too_large") == (response.status_code, error_code(response))
    assert [] == handler.messages


async def test_streamed_body_over_limit_is_413() -> None:
    """A chunked body (no Content-Length) is counted as it arrives and cut at the limit."""
    handler = RecordingHandler()

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"conversation_id": "c1", "message": "'
        for _ in range(10):
            yield b"y" * 50
        yield b'"}'

    async with running_gateway(handler, max_body_bytes=200) as (client, _):
        response = await client.post("/v1/turns", content=chunks(),
                                     headers={"Content-Type": "application/json"})
    assert (413, "payload_too_large") == (response.status_code, error_code(response))
    assert [] == handler.messages


@pytest.mark.parametrize("content_type", ["text/plain", "", "application/x-www-form-urlencoded"])
async def test_non_json_content_type_is_415(content_type: str) -> None:
    """Only application/json (or +json) bodies are accepted."""
    async with running_gateway(RecordingHandler()) as (client, _):
        headers = {"Content-Type": content_type} if content_type else {}
        response = await client.post("/v1/turns", content=b'{"a": 1}', headers=headers)
    assert (415, "unsupported_media_type") == (response.status_code, error_code(response))


@pytest.mark.parametrize("raw", [b"{not json", b'{"conversation_id": NaN, "message": "x"}',
                                 b"\xff\xfe", b""])
async def test_bad_json_is_400(raw: bytes) -> None:
    """Unparseable JSON (including NaN and invalid UTF-8) is a 400 invalid_json."""
    async with running_gateway(RecordingHandler()) as (client, _):
        response = await client.post("/v1/turns", content=raw,
                                     headers={"Content-Type": "application/json"})
    assert (400, "invalid_json") == (response.status_code, error_code(response))


@pytest.mark.parametrize(("body", "paths"), [
    ({"message": "hi"}, ["conversation_id"]),
    ({"conversation_id": "c1", "message": 5}, ["message"]),
    ({"conversation_id": "", "message": "hi"}, ["conversation_id"]),
    ({"conversation_id": "c1", "message": "hi", "extra": True}, ["extra"]),
    ({"conversation_id": 7, "message": None}, ["conversation_id", "message"]),
    ([1, 2], [""]),
])
async def test_schema_errors_are_422_with_field_paths(body: object, paths: list[str]) -> None:
    """Schema violations name every offending field and never echo its value."""
    handler = RecordingHandler()
    async with running_gateway(handler) as (client, _):
        response = await post_turn(client, body)
    assert (422, "invalid_request") == (response.status_code, error_code(response))
    details = response.json()["error"]["details"]
    assert paths == [d["path"] for d in details]
    assert all("input" not in d for d in details)
    assert [] == handler.messages


async def test_unknown_route_is_404_json() -> None:
    """An unknown path gets a JSON 404, not Starlette's plain text."""
    async with running_gateway(RecordingHandler()) as (client, _):
        response = await client.get("/v2/nothing")
    assert (404, "not_found") == (response.status_code, error_code(response))


async def test_wrong_method_is_405_json_with_allow() -> None:
    """GET on a POST route is a JSON 405 naming the allowed method."""
    async with running_gateway(RecordingHandler()) as (client, _):
        response = await client.get("/v1/turns")
    assert (405, "method_not_allowed") == (response.status_code, error_code(response))
    assert "POST" == response.headers["allow"]


async def test_handler_crash_is_500_json_without_traceback() -> None:
    """An unexpected exception becomes a generic 500; its text never reaches the client."""
    handler = RecordingHandler(error=RuntimeError("secret internals at /srv/app.py line 3"))
    async with running_gateway(handler) as (client, _):
        response = await post_turn(client, {"conversation_id": "c1", "message": "hi"})
    assert (500, "internal") == (response.status_code, error_code(response))
    assert "Traceback" not in response.text
    assert "secret internals" not in response.text


async def test_provider_failure_is_502() -> None:
    """A ProviderError reaching the gateway is a 502 provider_error."""
    handler = RecordingHandler(error=ProviderError("openai", "upstream 500", retryable=True))
    async with running_gateway(handler) as (client, _):
        response = await post_turn(client, {"conversation_id": "c1", "message": "hi"})
    assert (502, "provider_error") == (response.status_code, error_code(response))
    assert True is response.json()["error"]["retryable"]


async def test_draining_daemon_answers_503() -> None:
    """A turn refused because the daemon drains is a 503 with Retry-After."""
    async with running_gateway(RecordingHandler(error=ShuttingDownError())) as (client, _):
        response = await post_turn(client, {"conversation_id": "c1", "message": "hi"})
    assert (503, "shutting_down") == (response.status_code, error_code(response))
    assert "retry-after" in response.headers


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


@pytest.mark.parametrize(("listen", "expected"), [
    ("127.0.0.1:8731", ("127.0.0.1", 8731)),
    ("[::1]:0", ("::1", 0)),
    ("localhost:80", ("localhost", 80)),
])
def test_parse_listen(listen: str, expected: tuple[str, int]) -> None:
    """HOST:PORT with bracketed IPv6 parses to (host, port)."""
    assert expected == parse_listen(listen)


@pytest.mark.parametrize("listen", ["8731", ":8731", "host:", "host:70000", "host:x"])
def test_parse_listen_rejects_garbage(listen: str) -> None:
    """A listen value without a host or with a bad port is refused."""
    with pytest.raises(ValueError):
        parse_listen(listen)


def test_settings_repr_hides_the_token() -> None:
    """The bearer token never appears in a repr (and so never in a log line)."""
    settings = GatewaySettings(auth_token=TOKEN)
    assert TOKEN not in repr(settings)
    assert json.dumps(TOKEN) not in repr(GatewayChannel(settings, FakeBackend()))


# --- the real context behind the gateway ---------------------------------------------------


@asynccontextmanager
async def real_daemon_gateway(tmp_path: Path, environ: Mapping[str, str] | None = None,
                              **sections: Any) -> AsyncIterator[tuple[httpx.AsyncClient,
                                                                      ChannelRuntimeContext]]:
    """The real ChannelRuntimeContext (scripted model) behind a gateway on port 0."""
    cfg = load_config(write_config(tmp_path / "zeroclaw.toml", daemon_config(tmp_path,
                                                                             **sections)))
    with anyio.fail_after(20):
        async with ChannelRuntimeContext(cfg, environ=environ or {}) as ctx:
            settings = GatewaySettings.from_section(cfg.channels.gateway, environ or {})
            channel = GatewayChannel(settings, ctx)
            async with anyio.create_task_group() as tg:
                host, port = await tg.start(channel.run, ctx.handle)
                async with httpx.AsyncClient(base_url=f"http://{host}:{port}", timeout=10,
                                             trust_env=False) as client:
                    yield client, ctx
                channel.request_stop()


async def test_real_turn_is_audited_counted_and_its_receipt_verifies(tmp_path: Path) -> None:
    """Through the real context: a wrong count is flagged, metrics count the turn, the tool
    call and the receipt, and the receipt verifies for its conversation."""
    async with real_daemon_gateway(tmp_path) as (client, _):
        response = await post_turn(client, {"conversation_id": "m1",
                                            "message": "how many files"})
        body = response.json()
        token = body["receipts"][0]["receipt"]
        verdicts = (await client.post("/v1/receipts/verify", json={
            "text": body["reply"], "conversation_id": "m1"})).json()["tokens"]
        metrics = (await client.get("/metrics")).text
    assert 200 == response.status_code
    assert "count_mismatch" in [f["type"] for f in body["audit"]["findings"]]
    assert body["audit"]["trust"] in ("suspect", "contradicted")
    assert [{"token": token, "verdict": "valid", "tool": "list_dir"}] == verdicts
    for sample in ('zeroclaw_turns_total{channel="gateway"} 1.0',
                   'zeroclaw_tool_calls_total{status="ok",tool="list_dir"} 1.0',
                   "zeroclaw_receipts_issued_total 1.0",
                   'zeroclaw_audit_findings_total{type="count_mismatch"} 1.0',
                   "zeroclaw_turn_seconds_count 1.0"):
        assert sample in metrics


async def test_real_reply_is_redacted_but_receipts_pass(tmp_path: Path) -> None:
    """A secret echoed into a reply (an API key shape, a configured secret's exact value)
    is redacted on the way out; the receipt token in the same reply is untouched."""
    configured = "configured-Secret-Value-1234"
    api_key = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0" * 2
    environ = {"ZC_GATEWAY_TOKEN": configured}
    async with real_daemon_gateway(
            tmp_path, environ, channels={"gateway": {"auth_token_env": "ZC_GATEWAY_TOKEN"}},
            agent={"tool_receipts": {"show_in_response": True}}) as (client, _):
        headers = {"Authorization": f"Bearer {configured}"}
        echoed = await client.post("/v1/turns", headers=headers, json={
            "conversation_id": "r1", "message": f"remember {api_key} and {configured}"})
        listed = await client.post("/v1/turns", headers=headers, json={
            "conversation_id": "r1", "message": "list files"})
    reply = echoed.json()["reply"]
    assert api_key not in reply and configured not in reply
    assert "[REDACTED:" in reply
    token = listed.json()["receipts"][0]["receipt"]
    assert 2 == listed.json()["reply"].count(token)  # in the reply and in its receipts block
