"""The OpenAI-compatible API where a daemon of its own is needed: drain, limits, block and
revise modes, leak redaction, and the client's history as the model receives it."""

from __future__ import annotations

import json
import secrets
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from daemon_harness import DaemonProcess, daemon_config, start_daemon
from test_openai_api import (
    MODEL,
    TOKEN,
    TOKEN_ENV,
    TURN_TIMEOUT_S,
    api_config,
    client_for,
    complete,
    extension,
    script_with,
    user,
)

import tests.fakes.openai_server as oai
from zeroclaw_daemon.receipts import format_token
from zeroclaw_daemon.storage.audit_db import read_recent_audits

SHIPPED_DEMO = Path(__file__).parent.parent / "config" / "demo-script.toml"
# Long enough that the request made while it runs meets it in flight, even on a busy host.
SLOW_RULE = {"match": "^take your time",
             "steps": [[{"tool": "shell", "args": {"argv": ["sleep", "5"]}}]],
             "reply": "Slept. [receipt: {receipt:1}]"}
LEAK_RULE = {"match": "^show the key",
             "reply": "The key is sk-u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzdocJ2isAj ok"}


def in_flight(daemon: DaemonProcess, count: int) -> None:
    deadline = time.monotonic() + 10
    while httpx.get(daemon.url("/healthz"), timeout=5).json()["turns_in_flight"] < count:
        assert time.monotonic() < deadline, "the slow turn never started"
        time.sleep(0.05)


def test_draining_daemon_answers_503_and_delivers_the_turn_in_flight(
        tmp_path: Path) -> None:
    """SIGTERM while a streamed completion runs its slow tool: that stream is still
    delivered whole; a new completion gets 503 (APIStatusError) in OpenAI's error shape."""
    streamed: list[str] = []
    config = api_config(tmp_path)
    config["provider"]["script"] = script_with(tmp_path, SLOW_RULE)
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon:
        def slow() -> None:
            with client_for(daemon) as sdk:
                for chunk in sdk.chat.completions.create(
                        model=MODEL, messages=user("take your time"), stream=True):
                    streamed.append(chunk.choices[0].delta.content or "")

        thread = threading.Thread(target=slow)
        thread.start()
        in_flight(daemon, 1)
        daemon.send_signal(signal.SIGTERM)
        daemon.wait_notify("STOPPING=1", after=daemon.ready_index)
        with client_for(daemon) as sdk, pytest.raises(openai.APIStatusError) as caught:
            sdk.chat.completions.create(model=MODEL, messages=user("list files"))
        thread.join(TURN_TIMEOUT_S)
        assert 0 == daemon.wait_exit()
    assert (503, "shutting_down", "server_error") == (
        caught.value.status_code, caught.value.code, caught.value.type)
    assert "".join(streamed).startswith("Slept.")


def test_per_client_limit_is_429_in_openai_shape(tmp_path: Path) -> None:
    """With one concurrent turn per client, a second completion while the first runs is a
    429 the SDK raises as RateLimitError; the first one completes."""
    config = api_config(tmp_path, channels={"gateway": {"max_concurrent_turns_per_client": 1}})
    config["provider"]["script"] = script_with(tmp_path, SLOW_RULE)
    answers: list[str] = []
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
            client_for(daemon) as sdk:
        def slow() -> None:
            completion = sdk.chat.completions.create(model=MODEL, messages=user("take your time"))
            answers.append(completion.choices[0].message.content or "")

        thread = threading.Thread(target=slow)
        thread.start()
        in_flight(daemon, 1)
        with pytest.raises(openai.RateLimitError) as caught:
            sdk.chat.completions.create(model=MODEL, messages=user("list files"))
        thread.join(TURN_TIMEOUT_S)
    assert ("rate_limit_exceeded", "1") == (caught.value.code,
                                            caught.value.response.headers["retry-after"])
    assert [True] == [answer.startswith("Slept.") for answer in answers]


def test_block_mode_stream_never_carries_the_lie(tmp_path: Path) -> None:
    """mode = "block": the streamed text is the withheld notice from its first chunk on;
    the made-up count never leaves the daemon, and the audit log keeps the original."""
    config = api_config(tmp_path, agent={"tool_receipts": {"audit": {"mode": "block"}}},
                        daemon={"store_payloads": True})
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
            client_for(daemon) as sdk:
        chunks = list(sdk.chat.completions.create(
            model=MODEL, messages=user("how many files"), stream=True,
            extra_headers={"X-Zeroclaw-Conversation": "blocked"}))
        daemon.send_signal(signal.SIGTERM)  # the audit log is complete once it has exited
        assert 0 == daemon.wait_exit()
    content = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert content.startswith("⚠ Audit: the reply was withheld")
    assert "there are 42 files in it" not in content  # the notice may quote the claim
    assert "count_mismatch" in [f["type"] for f in extension(chunks[-1])["audit"]["findings"]]
    (audit,) = read_recent_audits(tmp_path / "state" / "audit.db", "blocked")
    assert "there are 42 files in it" in audit["original_reply"]


def test_secret_in_a_reply_is_redacted_on_the_openai_api(tmp_path: Path) -> None:
    """A reply carrying an API key reaches the OpenAI client redacted, streamed or not."""
    config = api_config(tmp_path)
    config["provider"]["script"] = script_with(tmp_path, LEAK_RULE)
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
            client_for(daemon) as sdk:
        whole = sdk.chat.completions.create(model=MODEL, messages=user("show the key"))
        chunks = list(sdk.chat.completions.create(model=MODEL, messages=user("show the key"),
                                                  stream=True))
    texts = [whole.choices[0].message.content or "",
             "".join(c.choices[0].delta.content or "" for c in chunks)]
    assert [False, False] == ["sk-u8jzPde0Ig" in text for text in texts]
    assert [True, True] == [text.startswith("The key is ") for text in texts]


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_shipped_demo_revises_through_the_openai_api(tmp_path: Path, stream: bool) -> None:
    """mode = "revise" with the shipped demo script: "count the files, then fix it" lies,
    is told, looks again; the OpenAI client reads only the corrected reply, marked revised."""
    config = api_config(tmp_path, agent={"tool_receipts": {"audit": {"mode": "revise"}}})
    config["provider"]["script"] = str(SHIPPED_DEMO)
    request = {"model": MODEL, "messages": user("count the files, then fix it")}
    with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
            client_for(daemon) as sdk:
        content, ext = complete(sdk, request, stream)
    assert content.startswith("You are right, I miscounted.")
    assert "42 files" not in content and "alpha.txt" in content
    assert ("fixed", []) == (ext["audit"]["revision"]["outcome"], ext["audit"]["findings"])


def test_client_history_reaches_the_model_and_stays_out_of_the_stored_history(
        tmp_path: Path) -> None:
    """The client's earlier messages reach the model after the daemon's system prompt (its
    system message as system, the receipts block stripped from the assistant's); a later
    /v1/turns in the same conversation does not see them (the client holds that history)."""
    with oai.FakeOpenAI.serve() as fake:
        config = daemon_config(tmp_path, channels={"gateway": {"auth_token_env": TOKEN_ENV}},
                               provider={"kind": "openai", "base_url": fake.base_url,
                                         "model": "upstream-model", "max_retries": 0})
        fake.enqueue(oai.text_response("Four."), oai.text_response("Hello."))
        with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
                client_for(daemon) as sdk:
            assert ["upstream-model"] == [m.id for m in sdk.models.list()]
            completion = sdk.chat.completions.create(
                model="upstream-model", extra_headers={"X-Zeroclaw-Conversation": "hist"},
                messages=[{"role": "system", "content": "Answer in one word."},
                          {"role": "user", "content": "What is 2+2?"},
                          {"role": "assistant",
                           "content": "4\n\nTool receipts:\n- shell: zc-receipt-1-abc"},
                          {"role": "user", "content": "And 2+2 again?"}])
            later = httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                               headers={"Authorization": f"Bearer {TOKEN}"},
                               json={"conversation_id": "hist", "message": "hi"})
        first, second = (json.loads(r.body)["messages"] for r in fake.requests)
    assert "Four." == completion.choices[0].message.content
    assert 200 == later.status_code
    assert ["system", "system", "user", "assistant", "user"] == [m["role"] for m in first]
    assert [("system", "Answer in one word."), ("user", "What is 2+2?"), ("assistant", "4"),
            ("user", "And 2+2 again?")] == [(m["role"], m["content"]) for m in first[1:]]
    assert [("user", "hi")] == [(m["role"], m["content"]) for m in second[1:]]


def revise_forged(fake: oai.FakeOpenAI) -> None:
    """A first reply citing a receipt no key signed, then a provider that fails."""
    forged = format_token(int(time.time()), secrets.token_bytes(32))
    fake.enqueue(oai.text_response(f"It is sunny. [receipt: {forged}]"),
                 oai.error_response(500, "upstream down"))


def test_revision_failing_at_the_provider_falls_back_through_the_gateway(
        tmp_path: Path) -> None:
    """mode = "revise": the correction round's provider call fails (HTTP 500, no retries);
    /v1/turns and the OpenAI API both answer with the first reply under the annotate
    fallback (audited, never bare), and the revision says provider_error."""
    with oai.FakeOpenAI.serve() as fake:
        config = daemon_config(tmp_path, channels={"gateway": {"auth_token_env": TOKEN_ENV}},
                               provider={"kind": "openai", "base_url": fake.base_url,
                                         "model": "upstream-model", "max_retries": 0},
                               agent={"tool_receipts": {"audit": {"mode": "revise"}}})
        with start_daemon(tmp_path, config, env={TOKEN_ENV: TOKEN}) as daemon, \
                client_for(daemon) as sdk:
            revise_forged(fake)
            turn = httpx.post(daemon.url("/v1/turns"), timeout=TURN_TIMEOUT_S,
                              headers={"Authorization": f"Bearer {TOKEN}"},
                              json={"conversation_id": "rv-fail", "message": "weather?"})
            revise_forged(fake)
            completion = sdk.chat.completions.create(model="upstream-model",
                                                     messages=user("weather?"))
    body: dict[str, Any] = turn.json()
    ext = extension(completion)
    for reply, audit in ((body["reply"], body["audit"]),
                         (completion.choices[0].message.content or "", ext["audit"])):
        assert reply.startswith("It is sunny.")
        assert "⚠ Audit:" in reply
        assert ("provider_error", False) == (audit["revision"]["outcome"],
                                             audit["revision"]["revised"])
        assert "forged_receipt" in [f["type"] for f in audit["findings"]]
    assert 4 == len(fake.requests)
