"""Provider faults through whole turns: the real loop, the real openai/anthropic providers
(made by ``build_provider`` from the config, the key read from the env variable it names),
real tools, and fake vendor servers on loopback speaking the vendors' wire formats.

``test_provider_openai``/``test_provider_anthropic`` prove the providers retry and fail
correctly on their own; these tests prove what a *user* then sees: the retried turn's
correct answer, or an honest error reply, receipts only for tools that really ran, no API
key anywhere, and a runtime that serves the next turn.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from loop_harness import make_config, one_turn, records, runtime_for

import tests.fakes.anthropic_server as anth
import tests.fakes.openai_server as oai
from tests.fakes import FakeResponse, fast_retries
from zeroclaw_daemon.agent.loop import AgentRuntime, TurnOutcome, TurnResult
from zeroclaw_daemon.providers import AnthropicProvider, OpenAIProvider, build_provider
from zeroclaw_daemon.receipts import ReceiptScope, ToolStatus

KEY_ENV = "ZC_FAULTS_PROVIDER_KEY"
API_KEY = "sk-faults-9f8e7d6c5b4a-do-not-leak"
MAX_RETRIES = 2
TOKEN_RE = re.compile(r"zc-receipt-\d+-[A-Za-z0-9_-]+")
RETRYING = "Provider request failed; retrying"


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    """The provider key, only in the environment, under the name the config gives."""
    monkeypatch.setenv(KEY_ENV, API_KEY)
    return API_KEY


@pytest.fixture
def logs(capture_json_logs: Callable[[str], io.StringIO]) -> io.StringIO:
    """Every log record at debug, as JSON lines, so retries and leaks can be read back."""
    return capture_json_logs("debug")


@pytest.fixture
def openai_fake() -> Iterator[oai.FakeOpenAI]:
    """A fresh fake OpenAI-compatible server."""
    with oai.FakeOpenAI.serve() as server:
        yield server


@pytest.fixture
def anthropic_fake() -> Iterator[anth.FakeAnthropic]:
    """A fresh fake Anthropic Messages server."""
    with anth.FakeAnthropic.serve() as server:
        yield server


def provider_runtime(tmp_path: Path, kind: str, base_url: str, timeout_s: float = 5.0
                     ) -> AgentRuntime:
    cfg = make_config(tmp_path, [], {"provider": {
        "kind": kind, "base_url": base_url, "model": f"{kind}-test", "api_key_env": KEY_ENV,
        "timeout_s": timeout_s, "max_retries": MAX_RETRIES}})
    (tmp_path / "files" / "notes.txt").write_text("milk\neggs\n", encoding="utf-8")
    provider = build_provider(cfg, lambda name: tmp_path / name)
    assert isinstance(provider, OpenAIProvider | AnthropicProvider)
    # The config has no backoff keys; only the delays shrink, the retry count is the config's.
    provider.policy = replace(provider.policy, backoff=fast_retries().backoff)
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    return runtime


def openai_runtime(tmp_path: Path, fake: oai.FakeOpenAI, timeout_s: float = 5.0
                   ) -> AgentRuntime:
    return provider_runtime(tmp_path, "openai", fake.base_url, timeout_s)


def anthropic_runtime(tmp_path: Path, fake: anth.FakeAnthropic) -> AgentRuntime:
    return provider_runtime(tmp_path, "anthropic", fake.base_url)


READ_NOTES = oai.tool_call("read_file", {"path": "notes.txt"}, "call_read")


def assert_no_key(result: TurnResult, logs: io.StringIO | None = None) -> None:
    """The key is in no reply, no tool result or error text, and no log line."""
    seen = [result.reply, result.text, result.raw_reply] + [e.result for e in result.events]
    assert [] == [text for text in seen if API_KEY in text]
    if logs is not None:
        assert API_KEY not in logs.getvalue()


def assert_honest_failure(result: TurnResult, scope: ReceiptScope) -> None:
    """A provider failure with no tool run: an error reply, no events, no receipts."""
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert result.reply.startswith("The model provider failed: ")
    assert result.reply.endswith("No tools ran for this message.")
    assert ((), (), 0, 0) == (result.events, result.receipts, scope.issued, len(scope.ledger))
    assert "zc-receipt-" not in result.text
    assert_no_key(result)


async def next_turn_works(runtime: AgentRuntime, scope: ReceiptScope,
                          enqueue: Callable[[FakeResponse], None],
                          answer: Callable[[str], FakeResponse]) -> None:
    """The same runtime answers a plain follow-up turn and issues nothing new for it."""
    issued = scope.issued
    enqueue(answer("still here"))
    after = await one_turn(runtime, scope, "are you there?", conversation="next")
    assert (TurnOutcome.FINAL, "still here", (), issued) == (
        after.outcome, after.reply, after.events, scope.issued)


async def openai_next_turn_works(runtime: AgentRuntime, scope: ReceiptScope,
                                 fake: oai.FakeOpenAI) -> None:
    await next_turn_works(runtime, scope, fake.enqueue, oai.text_response)


@pytest.mark.parametrize("first", [
    pytest.param(oai.error_response(500, "The server had an error"), id="500"),
    pytest.param(oai.closed_mid_body_response(), id="closed-mid-body"),
])
async def test_transient_failure_is_retried_and_the_turn_is_correct(
        tmp_path: Path, openai_fake: oai.FakeOpenAI, logs: io.StringIO,
        first: FakeResponse) -> None:
    """A transient failure before the tool round is retried: the tool runs once, its one
    receipt verifies and reaches the model, and the reply is the model's answer."""
    openai_fake.enqueue(first, oai.tool_calls_response(READ_NOTES),
                        oai.text_response("You need milk and eggs."))
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    (event,) = result.events
    assert (TurnOutcome.FINAL, "You need milk and eggs.") == (result.outcome, result.reply)
    assert (ToolStatus.OK, "milk\neggs\n", 1) == (event.status, event.result, scope.issued)
    assert event.receipt is not None
    assert (event,) == result.receipts
    assert scope.verify(event.receipt, "read_file", event.args, event.result) is True
    assert 3 == len(openai_fake.requests)
    assert 1 == len(records(logs, RETRYING))
    tool_message = openai_fake.requests[-1].json()["messages"][-1]
    assert ("tool", "call_read") == (tool_message["role"], tool_message["tool_call_id"])
    assert [event.receipt] == TOKEN_RE.findall(tool_message["content"])
    assert_no_key(result, logs)
    await openai_next_turn_works(runtime, scope, openai_fake)


async def test_rate_limit_retry_after_is_honoured(tmp_path: Path, openai_fake: oai.FakeOpenAI,
                                                  logs: io.StringIO) -> None:
    """A 429 with ``Retry-After: 0.2`` is retried after the server's delay (not the much
    shorter backoff), and the retried request's answer is the reply."""
    openai_fake.enqueue(oai.rate_limited_response("0.2"), oai.text_response("Hello!"))
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "hi")
    assert (TurnOutcome.FINAL, "Hello!", (), 0) == (
        result.outcome, result.reply, result.events, scope.issued)
    assert 2 == len(openai_fake.requests)
    assert [(429, 0.2)] == [(r["fields"]["status"], r["fields"]["delay_s"])
                         for r in records(logs, RETRYING)]
    assert_no_key(result, logs)
    await openai_next_turn_works(runtime, scope, openai_fake)


@pytest.mark.parametrize(("responses", "why"), [
    pytest.param([oai.error_response(500, "down") for _ in range(1 + MAX_RETRIES)],
                 f"HTTP 500: server_error: down (gave up after {1 + MAX_RETRIES} attempts)",
                 id="500-forever"),
    pytest.param([oai.truncated_json_response()], "response body is not valid JSON",
                 id="truncated-json"),
    pytest.param([oai.error_response(401, f"Incorrect API key provided: {API_KEY}.",
                                     type_="invalid_request_error")],
                 "HTTP 401: invalid_request_error: Incorrect API key provided: [redacted]",
                 id="401-echoing-the-key"),
])
async def test_persistent_failure_is_an_honest_reply(
        tmp_path: Path, openai_fake: oai.FakeOpenAI, logs: io.StringIO,
        responses: list[FakeResponse], why: str) -> None:
    """Failures that retries do not fix end the turn with an honest error reply naming the
    cause, after exactly the allowed attempts, with no tool run, no receipt and no key,
    and the next turn on the same runtime is answered."""
    openai_fake.enqueue(*responses)
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    assert_honest_failure(result, scope)
    assert why in result.reply
    assert (len(responses), 0) == (len(openai_fake.requests), openai_fake.endpoint.pending)
    assert_no_key(result, logs)
    await openai_next_turn_works(runtime, scope, openai_fake)


async def test_hang_past_the_timeout_is_an_honest_reply(tmp_path: Path,
                                                        openai_fake: oai.FakeOpenAI) -> None:
    """A server that never answers within the timeout: every attempt times out and the
    turn ends (inside one_turn's bound) with an honest reply saying so."""
    openai_fake.enqueue(*[oai.hang_response(3.0) for _ in range(1 + MAX_RETRIES)])
    runtime = openai_runtime(tmp_path, openai_fake, timeout_s=0.3)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "hello")
    assert_honest_failure(result, scope)
    assert f"no response within 0.3 s (gave up after {1 + MAX_RETRIES} attempts)" in result.reply
    assert 1 + MAX_RETRIES == len(openai_fake.requests)
    await openai_next_turn_works(runtime, scope, openai_fake)


@pytest.mark.parametrize(("call", "status"), [
    pytest.param(oai.tool_call("shell", '{"argv": [', "call_bad"),
                 ToolStatus.INVALID, id="invalid-json-arguments"),
    pytest.param(oai.tool_call("write_file", {"path": "x.txt", "content": 5}, "call_bad"),
                 ToolStatus.INVALID, id="schema-mismatch"),
    pytest.param(oai.tool_call("rm_rf", {"path": "x.txt"}, "call_bad"),
                 ToolStatus.UNKNOWN, id="unknown-tool"),
])
async def test_bad_tool_call_from_the_model_runs_nothing(
        tmp_path: Path, openai_fake: oai.FakeOpenAI, call: dict[str, Any],
        status: ToolStatus) -> None:
    """A tool call the model got wrong is not executed (no file written), earns no
    receipt, and the model's next request carries error text for that call id."""
    openai_fake.enqueue(oai.tool_calls_response(call), oai.text_response("Sorry."))
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "write a file")
    (event,) = result.events
    tool_message = openai_fake.requests[-1].json()["messages"][-1]
    assert (status, None, (), 0) == (event.status, event.receipt, result.receipts, scope.issued)
    assert [] == sorted(p.name for p in (tmp_path / "files").iterdir() if p.name != "notes.txt")
    assert ("tool", "call_bad") == (tool_message["role"], tool_message["tool_call_id"])
    assert tool_message["content"].startswith(f"Error ({status.value})")
    assert "zc-receipt-" not in tool_message["content"] + result.text
    assert (TurnOutcome.FINAL, "Sorry.", 2) == (
        result.outcome, result.reply, len(openai_fake.requests))
    assert_no_key(result)
    await openai_next_turn_works(runtime, scope, openai_fake)


async def test_failure_in_round_two_keeps_round_one_honest(tmp_path: Path,
                                                           openai_fake: oai.FakeOpenAI) -> None:
    """Round one runs one tool (receipted) and has one refused; round two's provider call
    fails for good: the reply counts only the call that ran, and only its receipt exists."""
    refused = oai.tool_call("rm_rf", {"path": "notes.txt"}, "call_refused")
    openai_fake.enqueue(oai.tool_calls_response(READ_NOTES, refused),
                        *[oai.error_response(503, "busy") for _ in range(1 + MAX_RETRIES)])
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    ran, not_run = result.events
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert ("The model provider failed: HTTP 503: server_error: busy (gave up after "
            f"{1 + MAX_RETRIES} attempts). 1 tool call ran before the failure, but no final "
            "answer was produced.") == result.reply
    assert ((ToolStatus.OK, ToolStatus.UNKNOWN), (ran,), 1, 1) == (
        (ran.status, not_run.status), result.receipts, scope.issued, len(scope.ledger))
    assert ran.receipt is not None and scope.ledger.get(ran.receipt) is not None
    assert (None, "milk\neggs\n") == (not_run.receipt, (tmp_path / "files" / "notes.txt")
                                       .read_text(encoding="utf-8"))
    assert "zc-receipt-" not in result.text
    assert 2 + MAX_RETRIES == len(openai_fake.requests)
    assert_no_key(result)
    await openai_next_turn_works(runtime, scope, openai_fake)


async def anthropic_next_turn_works(runtime: AgentRuntime, scope: ReceiptScope,
                                    fake: anth.FakeAnthropic) -> None:
    await next_turn_works(runtime, scope, fake.enqueue, anth.text_response)


def last_tool_result(fake: anth.FakeAnthropic) -> dict[str, Any]:
    last_user = fake.requests[-1].json()["messages"][-1]
    (block,) = [b for b in last_user["content"] if b.get("type") == "tool_result"]
    assert isinstance(block, dict)
    return block


async def test_anthropic_overloaded_then_a_tool_turn(tmp_path: Path,
                                                     anthropic_fake: anth.FakeAnthropic,
                                                     logs: io.StringIO) -> None:
    """Anthropic 529 overloaded is retried; the tool_use runs once with a receipt that
    verifies, and the tool_result the fake receives carries it."""
    anthropic_fake.enqueue(
        anth.overloaded_response(),
        anth.tool_use_response(anth.tool_use_block("read_file", {"path": "notes.txt"},
                                                    "toolu_1")),
        anth.text_response("Milk and eggs."))
    runtime = anthropic_runtime(tmp_path, anthropic_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    (event,) = result.events
    assert (TurnOutcome.FINAL, "Milk and eggs.") == (result.outcome, result.reply)
    assert ((event,), 1) == (result.receipts, scope.issued)
    assert event.receipt is not None
    assert scope.verify(event.receipt, "read_file", event.args, event.result) is True
    assert 3 == len(anthropic_fake.requests)
    assert [529] == [r["fields"]["status"] for r in records(logs, RETRYING)]
    block = last_tool_result(anthropic_fake)
    assert "toolu_1" == block["tool_use_id"]
    assert "is_error" not in block
    assert [event.receipt] == TOKEN_RE.findall(str(block["content"]))
    assert_no_key(result, logs)
    await anthropic_next_turn_works(runtime, scope, anthropic_fake)


@pytest.mark.parametrize(("block", "status"), [
    pytest.param(anth.tool_use_block("format_disk", {}, "toolu_bad"), ToolStatus.UNKNOWN,
                 id="unknown-tool"),
    pytest.param(anth.tool_use_block("write_file", {"path": "x.txt"}, "toolu_bad"),
                 ToolStatus.INVALID, id="missing-argument"),
])
async def test_anthropic_bad_tool_use_runs_nothing(
        tmp_path: Path, anthropic_fake: anth.FakeAnthropic, block: dict[str, Any],
        status: ToolStatus) -> None:
    """A tool_use Claude got wrong runs nothing, earns no receipt, and comes back to it as
    a tool_result for that id flagged is_error; the turn then ends with Claude's own answer."""
    anthropic_fake.enqueue(anth.tool_use_response(block), anth.text_response("My mistake."))
    runtime = anthropic_runtime(tmp_path, anthropic_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "clean up")
    (event,) = result.events
    sent = last_tool_result(anthropic_fake)
    assert (status, None, (), 0) == (event.status, event.receipt, result.receipts, scope.issued)
    assert not (tmp_path / "files" / "x.txt").exists()
    assert ("toolu_bad", True) == (sent["tool_use_id"], sent.get("is_error"))
    assert str(sent["content"]).startswith(f"Error ({status.value})")
    assert (TurnOutcome.FINAL, "My mistake.") == (result.outcome, result.reply)
    assert "zc-receipt-" not in str(sent["content"]) + result.text
    assert_no_key(result)
    await anthropic_next_turn_works(runtime, scope, anthropic_fake)


async def test_anthropic_unknown_tool_then_persistent_overload(
        tmp_path: Path, anthropic_fake: anth.FakeAnthropic) -> None:
    """An unknown tool_use, then overload on every retry: the turn ends honestly, saying
    no tool ran (the refused call did not), with no receipt for it."""
    anthropic_fake.enqueue(
        anth.tool_use_response(anth.tool_use_block("format_disk", {}, "toolu_bad")),
        *[anth.overloaded_response() for _ in range(1 + MAX_RETRIES)])
    runtime = anthropic_runtime(tmp_path, anthropic_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "clean up")
    (event,) = result.events
    assert (ToolStatus.UNKNOWN, None, (), 0) == (
        event.status, event.receipt, result.receipts, scope.issued)
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert result.reply.startswith("The model provider failed: HTTP 529")
    assert result.reply.endswith("No tools ran for this message.")
    assert "zc-receipt-" not in result.text
    assert 2 + MAX_RETRIES == len(anthropic_fake.requests)
    assert_no_key(result)
    await anthropic_next_turn_works(runtime, scope, anthropic_fake)
