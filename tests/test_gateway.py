"""The HTTP gateway over a real loopback socket: every route and every error class."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping

import pytest
from gateway_harness import (
    TOKEN,
    FakeBackend,
    RecordingHandler,
    error_code,
    post_turn,
    running_gateway,
)

from zeroclaw_daemon.channels.base import InboundMessage, OutboundReply, ReceiptLine
from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings, parse_listen
from zeroclaw_daemon.errors import ProviderError, ShuttingDownError


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
