"""The OpenAI-compatible chat API of the real daemon's gateway, driven by the official
``openai`` SDK (sync, async, streaming) over loopback."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import openai
import pytest
import tomli_w
from daemon_harness import TEST_SCRIPT, DaemonProcess, _merge, daemon_config, start_daemon
from gateway_harness import RecordingHandler, running_gateway
from hypothesis import given
from hypothesis import strategies as st

from zeroclaw_daemon.channels.gateway_openai import text_pieces

TOKEN = "openai-api-test-token"
TOKEN_ENV = "ZC_OPENAI_TEST_TOKEN"
MODEL = "zeroclaw-scripted"
TURN_TIMEOUT_S = 30.0
MAX_BODY_BYTES = 65536
TOKEN_RE = re.compile(r"zc-receipt-[0-9A-Za-z_-]+")
QUOTE_RULE = {"match": "^quote ", "reply": "You asked me to repeat this: {user}"}


def script_with(tmp_path: Path, *rules: dict[str, Any]) -> str:
    script = tmp_path / "openai-script.toml"
    script.write_text(tomli_w.dumps({"default": TEST_SCRIPT["default"],
                                     "rule": [*rules, *TEST_SCRIPT["rule"]]}),
                      encoding="utf-8")
    return str(script)


def api_config(tmp_path: Path, **sections: Any) -> dict[str, Any]:
    """The harness config with a bearer token, a 64 KiB body limit and the quote rule."""
    config = daemon_config(tmp_path, channels={"gateway": {
        "auth_token_env": TOKEN_ENV, "max_body_bytes": MAX_BODY_BYTES}})
    for name, values in sections.items():
        _merge(config.setdefault(name, {}), values)
    config["provider"]["script"] = script_with(tmp_path, QUOTE_RULE)
    return config


def client_for(daemon: DaemonProcess, **options: Any) -> openai.OpenAI:
    return openai.OpenAI(base_url=daemon.url("/v1"), api_key=TOKEN, max_retries=0,
                         timeout=TURN_TIMEOUT_S, **options)


def user(text: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": text}]


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    """One daemon for the read-only tests: a token, receipts shown, audit mode annotate."""
    tmp_path = tmp_path_factory.mktemp("openai-api")
    config = api_config(tmp_path, agent={"tool_receipts": {"show_in_response": True}})
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as running:
        yield running


@pytest.fixture
def client(daemon: DaemonProcess) -> Iterator[openai.OpenAI]:
    with client_for(daemon) as sdk:
        yield sdk


def extension(completion: Any) -> dict[str, Any]:
    ext: dict[str, Any] = completion.model_extra["zeroclaw"]
    return ext


def complete(sdk: openai.OpenAI, request: dict[str, Any],
             stream: bool) -> tuple[str, dict[str, Any]]:
    """One completion, streamed or whole: the assistant's text and the zeroclaw extension
    (on the last chunk when streamed)."""
    if stream:
        chunks = list(sdk.chat.completions.create(**request, stream=True))
        return ("".join(c.choices[0].delta.content or "" for c in chunks),
                extension(chunks[-1]))
    completion = sdk.chat.completions.create(**request)
    return completion.choices[0].message.content or "", extension(completion)


def test_models_lists_the_configured_model(client: openai.OpenAI) -> None:
    """GET /v1/models lists the served model (zeroclaw-scripted for the scripted model);
    retrieving another name is a 404 the SDK raises as NotFoundError."""
    assert [MODEL] == [model.id for model in client.models.list()]
    assert MODEL == client.models.retrieve(MODEL).id
    with pytest.raises(openai.NotFoundError) as caught:
        client.models.retrieve("gpt-4o")
    assert "model_not_found" == caught.value.code


def test_sync_completion_runs_tools_and_carries_receipts_and_audit(
        daemon: DaemonProcess, client: openai.OpenAI) -> None:
    """A sync completion runs list_dir inside the turn: the content is the final reply with
    the receipts block (show_in_response), the zeroclaw extension holds the receipt, which
    the daemon verifies as valid in the turn's conversation, and a verified audit."""
    completion = client.chat.completions.create(
        model=MODEL, messages=user("list files"),
        extra_headers={"X-Zeroclaw-Conversation": "sync-1"})
    content = completion.choices[0].message.content or ""
    ext = extension(completion)
    assert "chat.completion" == completion.object
    assert ("assistant", "stop") == (completion.choices[0].message.role,
                                     completion.choices[0].finish_reason)
    assert "alpha.txt" in content
    assert ["list_dir"] == [receipt["tool"] for receipt in ext["receipts"]]
    token = ext["receipts"][0]["receipt"]
    assert "Tool receipts:" in content and token in content
    assert ("sync-1", "verified", []) == (ext["conversation_id"], ext["audit"]["trust"],
                                          ext["audit"]["findings"])
    assert f"chatcmpl-{ext['turn_id']}" == completion.id
    verdicts = httpx.post(daemon.url("/v1/receipts/verify"), timeout=10,
                          headers={"Authorization": f"Bearer {TOKEN}"},
                          json={"text": token, "conversation_id": "sync-1"}).json()
    assert [(token, "valid")] == [(v["token"], v["verdict"]) for v in verdicts["tokens"]]


def test_async_completion_runs_the_turn(daemon: DaemonProcess) -> None:
    """AsyncOpenAI gets the same audited completion, whole and streamed, with its receipt
    in the extension."""
    async def main() -> tuple[Any, list[Any]]:
        async with openai.AsyncOpenAI(base_url=daemon.url("/v1"), api_key=TOKEN,
                                      max_retries=0, timeout=TURN_TIMEOUT_S) as sdk:
            whole = await sdk.chat.completions.create(model=MODEL,
                                                      messages=user("list files"))
            stream = await sdk.chat.completions.create(model=MODEL, stream=True,
                                                       messages=user("list files"))
            return whole, [chunk async for chunk in stream]

    completion, chunks = anyio.run(main)
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert "alpha.txt" in (completion.choices[0].message.content or "")
    assert "alpha.txt" in streamed
    assert ["list_dir"] == [r["tool"] for r in extension(completion)["receipts"]]
    assert ["list_dir"] == [r["tool"] for r in extension(chunks[-1])["receipts"]]


def test_streaming_sends_the_audited_reply_in_chunks_then_done(daemon: DaemonProcess,
                                                               client: openai.OpenAI) -> None:
    """stream=True: a role chunk, several content chunks that join to the whole reply, a
    last chunk with finish_reason stop and the zeroclaw extension, then data: [DONE]."""
    stream = client.chat.completions.create(model=MODEL, messages=user("list files"),
                                            stream=True)
    chunks = list(stream)
    assert "assistant" == chunks[0].choices[0].delta.role
    content = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert [None] * (len(chunks) - 1) + ["stop"] == [c.choices[0].finish_reason
                                                     for c in chunks]
    assert len(chunks) > 3
    ext = extension(chunks[-1])
    assert ["list_dir"] == [r["tool"] for r in ext["receipts"]]
    assert "alpha.txt" in content and ext["receipts"][0]["receipt"] in content
    assert {f"chatcmpl-{ext['turn_id']}"} == {c.id for c in chunks}
    raw = httpx.post(daemon.url("/v1/chat/completions"), timeout=TURN_TIMEOUT_S,
                     headers={"Authorization": f"Bearer {TOKEN}"},
                     json={"model": MODEL, "messages": user("list files"), "stream": True})
    assert "text/event-stream" == raw.headers["content-type"].partition(";")[0]
    assert raw.text.endswith("data: [DONE]\n\n")


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_a_lying_reply_is_annotated_before_release(client: openai.OpenAI,
                                                   stream: bool) -> None:
    """The scripted model claims 42 files where list_dir found 3: the client's text already
    carries the audit notice and the extension the count finding, streamed or not."""
    request = {"model": MODEL, "messages": user("how many files")}
    content, ext = complete(client, request, stream)
    assert "⚠ Audit:" in content
    assert "count_mismatch" in [f["type"] for f in ext["audit"]["findings"]]


def test_conversation_id_scopes_receipts(client: openai.OpenAI) -> None:
    """A receipt issued in conversation A (header) is valid when quoted in A and foreign
    when quoted in B (the user field); without either the id is the client's."""
    issued = client.chat.completions.create(
        model=MODEL, messages=user("list files"),
        extra_headers={"X-Zeroclaw-Conversation": "scope-A"})
    token = extension(issued)["receipts"][0]["receipt"]

    def findings(**where: Any) -> list[str]:
        completion = client.chat.completions.create(model=MODEL,
                                                    messages=user(f"quote {token}"), **where)
        return [f["type"] for f in extension(completion)["audit"]["findings"]]

    assert "foreign_receipt" not in findings(
        extra_headers={"X-Zeroclaw-Conversation": "scope-A"})
    assert "foreign_receipt" in findings(user="scope-B")
    fallback = client.chat.completions.create(model=MODEL, messages=user("hello"))
    assert "openai:token#1" == extension(fallback)["conversation_id"]


def test_wrong_api_key_is_401_in_openai_shape(daemon: DaemonProcess) -> None:
    """A wrong bearer token: the SDK raises AuthenticationError from OpenAI's error shape."""
    with openai.OpenAI(base_url=daemon.url("/v1"), api_key="wrong", max_retries=0) as sdk, \
            pytest.raises(openai.AuthenticationError) as caught:
        sdk.chat.completions.create(model=MODEL, messages=user("list files"))
    assert 401 == caught.value.status_code
    assert {"message", "type", "param", "code"} == set(caught.value.body)  # type: ignore[arg-type]
    assert "invalid_api_key" == caught.value.code


@pytest.mark.parametrize(("options", "param"), [
    ({"n": 2}, "n"),
    ({"logprobs": True}, "logprobs"),
    ({"top_logprobs": 3}, "top_logprobs"),
    ({"tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}]}, "tools"),
    ({"tool_choice": "required"}, "tool_choice"),
    ({"response_format": {"type": "json_object"}}, "response_format"),
    ({"stop": ["\n"]}, "stop"),
    ({"extra_body": {"frobnicate": 1}}, "frobnicate"),
    ({"messages": [{"role": "tool", "content": "x", "tool_call_id": "c"}]},
     "messages[0].role"),
    ({"messages": [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "http://x/y.png"}}]}]},
     "messages[0].content[0]"),
    ({"messages": [{"role": "system", "content": "be brief"}]}, "messages"),
    ({"messages": [*user("hi"), {"role": "assistant", "content": "Sure"}]},
     "messages[1].role"),
], ids=["n", "logprobs", "top_logprobs", "tools", "tool_choice", "json", "stop", "unknown",
        "tool-role", "image", "no-user", "assistant-last"])
def test_what_cannot_be_honoured_is_400(client: openai.OpenAI, options: dict[str, Any],
                                        param: str) -> None:
    """Each parameter the daemon cannot honour, an unknown one, a tool message, an image
    part, no user message, a trailing assistant message: BadRequestError naming the param."""
    request: dict[str, Any] = {"model": MODEL, "messages": user("list files"), **options}
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(**request)
    assert (400, param) == (caught.value.status_code, caught.value.param)
    assert "invalid_request_error" == caught.value.type


def test_harmless_parameters_are_accepted(client: openai.OpenAI) -> None:
    """temperature, max_tokens, seed, stream_options, n=1 and text parts are accepted."""
    completion = client.chat.completions.create(
        model=MODEL, temperature=0.2, max_tokens=50, seed=7, n=1, top_p=0.9,
        messages=[{"role": "system", "content": "be brief"},
                  {"role": "user", "content": [{"type": "text", "text": "list files"}]}])
    assert "alpha.txt" in (completion.choices[0].message.content or "")


@pytest.mark.parametrize(("body", "content_type", "param"), [
    (b"{not json", "application/json", None),
    (json.dumps({"model": MODEL}).encode(), "application/json", "messages"),
    (b"[1, 2]", "application/json", None),
], ids=["bad-json", "no-messages", "not-an-object"])
def test_bad_bodies_are_400_in_openai_shape(daemon: DaemonProcess, body: bytes,
                                            content_type: str, param: str | None) -> None:
    """Bad JSON, a body without messages, a JSON array: 400 with message, type, param, code."""
    response = httpx.post(daemon.url("/v1/chat/completions"), content=body, timeout=10,
                          headers={"Authorization": f"Bearer {TOKEN}",
                                   "Content-Type": content_type})
    error = response.json()["error"]
    assert 400 == response.status_code
    assert {"message", "type", "param", "code"} == set(error)
    assert ("invalid_request_error", param) == (error["type"], error["param"])


def test_oversized_body_is_413(client: openai.OpenAI) -> None:
    """A request body over max_body_bytes: APIStatusError with status 413."""
    with pytest.raises(openai.APIStatusError) as caught:
        client.chat.completions.create(model=MODEL, messages=user("x" * MAX_BODY_BYTES))
    assert 413 == caught.value.status_code
    assert "payload_too_large" == caught.value.code


def test_unknown_model_is_404(client: openai.OpenAI) -> None:
    """A model the daemon does not serve: NotFoundError naming the served one."""
    with pytest.raises(openai.NotFoundError) as caught:
        client.chat.completions.create(model="gpt-4o", messages=user("list files"))
    assert ("model", "model_not_found") == (caught.value.param, caught.value.code)
    assert MODEL in caught.value.message


def test_bad_conversation_header_is_400(client: openai.OpenAI) -> None:
    """An X-Zeroclaw-Conversation header that is empty or over 256 characters is refused."""
    for header in ("", "c" * 257):
        with pytest.raises(openai.BadRequestError) as caught:
            client.chat.completions.create(model=MODEL, messages=user("list files"),
                                           extra_headers={"X-Zeroclaw-Conversation": header})
        assert "invalid_conversation_id" == caught.value.code


async def test_openai_api_false_removes_the_routes() -> None:
    """[channels.gateway] openai_api = false: /v1/chat/completions and /v1/models are 404
    while /v1/turns still serves."""
    handler = RecordingHandler()
    async with running_gateway(handler, openai_api=False) as (http, _):
        chat = await http.post("/v1/chat/completions",
                               json={"model": MODEL, "messages": user("hi")})
        models = await http.get("/v1/models")
        turn = await http.post("/v1/turns", json={"conversation_id": "c", "message": "hi"})
    assert (404, 404, 200) == (chat.status_code, models.status_code, turn.status_code)


@given(st.text(max_size=400), st.integers(min_value=1, max_value=80))
def test_stream_pieces_join_to_the_text(text: str, size: int) -> None:
    """Streamed pieces are never empty or over the size, and join to the reply exactly."""
    pieces = text_pieces(text, size)
    assert text == "".join(pieces)
    assert [] == [piece for piece in pieces if not 0 < len(piece) <= size]


def turns_counted(daemon: DaemonProcess) -> float:
    metrics = httpx.get(daemon.url("/metrics"), timeout=10,
                        headers={"Authorization": f"Bearer {TOKEN}"}).text
    line = next(line for line in metrics.splitlines()
                if line.startswith('zeroclaw_turns_total{channel="gateway"}'))
    return float(line.rsplit(" ", 1)[1])


def test_completions_are_counted_as_gateway_turns(daemon: DaemonProcess,
                                                  client: openai.OpenAI) -> None:
    """A completion, whole or streamed, is one gateway turn in the daemon's metrics."""
    before = turns_counted(daemon)
    client.chat.completions.create(model=MODEL, messages=user("list files"))
    list(client.chat.completions.create(model=MODEL, messages=user("list files"), stream=True))
    assert before + 2 == turns_counted(daemon)
