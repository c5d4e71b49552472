"""The receipt key never leaves memory: not in logs, responses, reprs, metrics or files.

One in-process daemon context serves real turns over the gateway with every log
target at TRACE; afterwards the key (read from the signer's private slot, the
only place it lives) is searched for, in every encoding a leak could take, in
everything the daemon produced.
"""

from __future__ import annotations

import base64
import io
import json
import pickle
from pathlib import Path

import anyio
import httpx
import pytest
from daemon_harness import daemon_config, write_config

from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings
from zeroclaw_daemon.config import load_config
from zeroclaw_daemon.daemon.context import ChannelRuntimeContext
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.receipts import ReceiptScope


def key_encodings(key: bytes) -> list[bytes]:
    """The shapes a leaked key would take: raw, hex (both cases, and each half on its
    own, as a truncated log field would show it), base64 and base64url with and without
    padding, and the repr of the bytes object (also as a JSON log line escapes it)."""
    half = len(key) // 2
    reprs = [repr(key), repr(bytearray(key))]
    return [key, key.hex().encode(), key.hex().upper().encode(),
            key[:half].hex().encode(), key[half:].hex().encode(),
            base64.b64encode(key), base64.b64encode(key).rstrip(b"="),
            base64.urlsafe_b64encode(key), base64.urlsafe_b64encode(key).rstrip(b"="),
            *(text.encode() for text in reprs),
            *(json.dumps(text)[1:-1].encode() for text in reprs)]


def read_key(scope: ReceiptScope) -> bytes:
    """The scope's key, from the signer's name-mangled slot (tests only)."""
    signer = scope._signer
    return bytes(signer._ReceiptSigner__key)  # type: ignore[attr-defined]


def assert_no_key(key: bytes, where: str, blob: bytes) -> None:
    for encoded in key_encodings(key):
        assert encoded not in blob, f"receipt key found in {where}"


def assert_no_key_in_files(key: bytes, root: Path) -> None:
    """No file the daemon wrote (audit database and its journal included) holds the key."""
    files = [path for path in root.rglob("*") if path.is_file()]
    assert any(path.name.startswith("audit.db") for path in files)
    for path in files:
        assert_no_key(key, str(path), path.read_bytes())


@pytest.mark.usefixtures("clean_logging")
async def test_key_stays_out_of_everything_the_daemon_produces(tmp_path: Path) -> None:
    """Turns, verifies, errors, health, metrics, reprs, logs at TRACE and state files: no key."""
    log_stream = io.StringIO()
    configure_logging("trace", "json", stream=log_stream, environ={})
    config_path = write_config(tmp_path / "zeroclaw.toml", daemon_config(
        tmp_path, agent={"tool_receipts": {"show_in_response": True}}))
    cfg = load_config(config_path)
    bodies: list[bytes] = []
    with anyio.fail_after(20):
        async with ChannelRuntimeContext(cfg) as ctx:
            scope = ctx.receipt_scope
            assert scope is not None
            key = read_key(scope)
            channel = GatewayChannel(GatewaySettings.from_section(cfg.channels.gateway), ctx)
            async with anyio.create_task_group() as tg:
                host, port = await tg.start(channel.run, ctx.handle)
                async with httpx.AsyncClient(base_url=f"http://{host}:{port}",
                                             trust_env=False, timeout=10) as client:
                    listed = await client.post("/v1/turns", json={
                        "conversation_id": "k1", "message": "list files"})
                    token = listed.json()["receipts"][0]["receipt"]
                    requests = [
                        client.post("/v1/turns", json={"conversation_id": "k1",
                                                       "message": "how many files"}),
                        client.post("/v1/turns", json={"conversation_id": "k2",
                                                       "message": "slow"}),
                        client.post("/v1/receipts/verify",
                                    json={"text": f"see [receipt: {token}] zc-receipt-9-x"}),
                        client.post("/v1/receipts/verify", json={
                            "receipt": token, "tool": "list_dir", "args": {"path": "."},
                            "result": "tampered"}),
                        client.post("/v1/receipts/verify", json={"receipt": 1}),
                        client.post("/v1/turns", content=b"{bad"),
                        client.get("/healthz"),
                        client.get("/metrics"),
                        client.get("/nowhere"),
                    ]
                    bodies.append(listed.content)
                    for request in requests:
                        response = await request
                        bodies.append(response.content)
                        bodies.append(str(response.headers).encode())
                channel.request_stop()
            reprs = [repr(ctx), repr(scope), str(scope), repr(scope._signer),
                     str(scope._signer), repr(scope.ledger), repr(channel), repr(ctx.redactor)]
            with pytest.raises(TypeError):
                pickle.dumps(scope._signer)
            metrics = ctx.metrics_text()
            health = repr(ctx.health()).encode()
    assert 200 == listed.status_code
    assert_no_key(key, "HTTP responses", b"\n".join(bodies))
    assert_no_key(key, "reprs", "\n".join(reprs).encode())
    assert_no_key(key, "metrics", metrics)
    assert_no_key(key, "health", health)
    logs = log_stream.getvalue()
    assert "Tool receipt generated" in logs  # TRACE/DEBUG really was on
    assert_no_key(key, "logs", logs.encode())
    assert_no_key_in_files(key, tmp_path)


async def test_closing_the_context_wipes_the_key(tmp_path: Path) -> None:
    """After the daemon's context closes, the key bytes are zeroed (best effort in Python)."""
    cfg = load_config(write_config(tmp_path / "zeroclaw.toml", daemon_config(tmp_path)))
    with anyio.fail_after(10):
        async with ChannelRuntimeContext(cfg) as ctx:
            scope = ctx.receipt_scope
            assert scope is not None
            assert bytes(32) != read_key(scope)
    assert bytes(32) == read_key(scope)
