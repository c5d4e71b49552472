"""The gateway in front of the real ChannelRuntimeContext (scripted model)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
from daemon_harness import daemon_config, write_config
from gateway_harness import post_turn

from zeroclaw_daemon.audit import MAX_CHECKED_CHARS, partial_notice
from zeroclaw_daemon.channels.gateway import GatewayChannel, GatewaySettings
from zeroclaw_daemon.config import load_config
from zeroclaw_daemon.daemon.context import ChannelRuntimeContext


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


async def test_an_over_long_reply_says_where_its_audit_stopped(tmp_path: Path) -> None:
    """A reply past the audit's bounds reaches the client whole, with the notice of how much
    was checked, and the response's audit object gives the offset where reading stopped."""
    sentence = "Nothing here claims anything at all, it is only a long message. "
    message = sentence * (MAX_CHECKED_CHARS // len(sentence) + 40)
    async with real_daemon_gateway(tmp_path) as (client, _):
        response = await post_turn(client, {"conversation_id": "long", "message": message})
        short = (await post_turn(client, {"conversation_id": "short",
                                          "message": sentence})).json()
    body = response.json()
    cut = body["audit"]["unchecked_from"]
    # The scripted model's default rule answers "No rule for: <message>".
    sent = f"No rule for: {message}"
    assert (200, True) == (response.status_code, 0 < cut <= MAX_CHECKED_CHARS)
    assert f"{sent.rstrip()}\n\n{partial_notice(sent, cut)}" == body["reply"]
    assert "unchecked_from" not in short["audit"]
