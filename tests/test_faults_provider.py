"""Provider faults through whole turns: the real loop, the real openai/anthropic providers,
real tools, and fake vendor servers on loopback speaking the vendors' wire formats.

``test_provider_openai``/``test_provider_anthropic`` prove the providers retry and fail
correctly on their own; these tests prove what a *user* then sees: the retried turn's
correct answer, or an honest error reply, receipts only for tools that really ran, and a
runtime that serves the next turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_loop import make_config, one_turn, runtime_for

import tests.fakes.anthropic_server as anth
import tests.fakes.openai_server as oai
from tests.fakes import FakeResponse
from zeroclaw_daemon.agent.loop import AgentRuntime, TurnOutcome, TurnResult
from zeroclaw_daemon.providers._retry import RetryPolicy
from zeroclaw_daemon.providers.anthropic import AnthropicProvider
from zeroclaw_daemon.providers.openai import OpenAIProvider
from zeroclaw_daemon.receipts import ReceiptScope, ToolStatus

API_KEY = "sk-faults-9f8e7d6c5b4a-do-not-leak"
FAST = RetryPolicy(max_retries=2, base_delay_s=0.01, max_delay_s=0.02)
TOKEN_RE = re.compile(r"zc-receipt-\d+-[A-Za-z0-9_-]+")


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


def openai_runtime(tmp_path: Path, fake: oai.FakeOpenAI, timeout_s: float = 5.0
                   ) -> AgentRuntime:
    cfg = make_config(tmp_path, [])
    (tmp_path / "files" / "notes.txt").write_text("milk\neggs\n", encoding="utf-8")
    provider = OpenAIProvider(base_url=fake.base_url, model="gpt-test", api_key=API_KEY,
                              timeout_s=timeout_s, max_retries=FAST.max_retries,
                              retry_policy=FAST)
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    return runtime


def anthropic_runtime(tmp_path: Path, fake: anth.FakeAnthropic) -> AgentRuntime:
    cfg = make_config(tmp_path, [])
    (tmp_path / "files" / "notes.txt").write_text("milk\neggs\n", encoding="utf-8")
    provider = AnthropicProvider(base_url=fake.base_url, model="claude-test", api_key=API_KEY,
                                 timeout_s=5.0, max_retries=FAST.max_retries, max_tokens=512,
                                 retry_policy=FAST)
    runtime, _ = runtime_for(cfg, tmp_path, provider=provider)
    return runtime


READ_NOTES = oai.tool_call("read_file", {"path": "notes.txt"}, "call_read")


def assert_honest_failure(result: TurnResult, scope: ReceiptScope) -> None:
    """A provider failure with no tool run: an error reply, no events, no receipts."""
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert result.reply.startswith("The model provider failed: ")
    assert "No tools ran for this message." in result.reply
    assert ((), (), 0) == (result.events, result.receipts, scope.issued)
    assert API_KEY not in result.reply


async def next_turn_works(runtime: AgentRuntime, scope: ReceiptScope,
                          fake: oai.FakeOpenAI) -> None:
    fake.enqueue(oai.text_response("still here"))
    after = await one_turn(runtime, scope, "are you there?", conversation="next")
    assert (TurnOutcome.FINAL, "still here") == (after.outcome, after.reply)


@pytest.mark.parametrize("first", [
    pytest.param(oai.error_response(500, "The server had an error"), id="500"),
    pytest.param(oai.rate_limited_response("0.1"), id="429-retry-after"),
    pytest.param(oai.closed_mid_body_response(), id="closed-mid-body"),
])
async def test_transient_failure_is_retried_and_the_turn_is_correct(
        tmp_path: Path, openai_fake: oai.FakeOpenAI, first: FakeResponse) -> None:
    """A transient failure before the tool round is retried: the tool runs once, its one
    receipt verifies and is cited, and the reply is the model's answer."""
    openai_fake.enqueue(first, oai.tool_calls_response(READ_NOTES),
                        oai.text_response("You need milk and eggs."))
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    (event,) = result.events
    assert (TurnOutcome.FINAL, "You need milk and eggs.") == (result.outcome, result.reply)
    assert (ToolStatus.OK, "milk\neggs\n") == (event.status, event.result)
    assert event.receipt is not None
    assert scope.verify(event.receipt, "read_file", event.args, event.result) is True
    assert 3 == len(openai_fake.requests)
    tool_message = openai_fake.requests[-1].json()["messages"][-1]
    assert ("tool", "call_read") == (tool_message["role"], tool_message["tool_call_id"])
    assert [event.receipt] == TOKEN_RE.findall(tool_message["content"])


@pytest.mark.parametrize(("responses", "why"), [
    pytest.param([oai.error_response(500, "down") for _ in range(3)], "gave up after 3",
                 id="500-forever"),
    pytest.param([oai.truncated_json_response()], "", id="truncated-json"),
    pytest.param([oai.error_response(401, "Incorrect API key", type_="invalid_request_error")],
                 "HTTP 401", id="401"),
])
async def test_persistent_failure_is_an_honest_reply(
        tmp_path: Path, openai_fake: oai.FakeOpenAI, responses: list[FakeResponse],
        why: str) -> None:
    """Failures that retries do not fix end the turn with an honest error reply, no tool
    run and no receipt, and the next turn on the same runtime is answered."""
    openai_fake.enqueue(*responses)
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    assert_honest_failure(result, scope)
    assert why in result.reply
    assert len(responses) == len(openai_fake.requests)
    await next_turn_works(runtime, scope, openai_fake)


async def test_hang_past_the_timeout_is_an_honest_reply(tmp_path: Path,
                                                        openai_fake: oai.FakeOpenAI) -> None:
    """A server that never answers within the timeout: every attempt times out and the
    turn ends with an honest reply saying so."""
    openai_fake.enqueue(*[oai.hang_response(3.0) for _ in range(3)])
    runtime = openai_runtime(tmp_path, openai_fake, timeout_s=0.3)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "hello")
    assert_honest_failure(result, scope)
    assert "0.3 s" in result.reply


@pytest.mark.parametrize(("call", "status"), [
    pytest.param(oai.tool_call("write_file", '{"path": "x.txt", "content": ', "call_bad"),
                 ToolStatus.INVALID, id="invalid-json-arguments"),
    pytest.param(oai.tool_call("write_file", {"path": "x.txt", "content": 5}, "call_bad"),
                 ToolStatus.INVALID, id="schema-mismatch"),
    pytest.param(oai.tool_call("rm_rf", {"path": "/"}, "call_bad"),
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
    assert (status, None, 0) == (event.status, event.receipt, scope.issued)
    assert not (tmp_path / "files" / "x.txt").exists()
    assert ("tool", "call_bad") == (tool_message["role"], tool_message["tool_call_id"])
    assert tool_message["content"].startswith("Error")
    assert "zc-receipt-" not in tool_message["content"]
    assert (TurnOutcome.FINAL, "Sorry.") == (result.outcome, result.reply)


async def test_failure_in_round_two_keeps_round_one_honest(tmp_path: Path,
                                                           openai_fake: oai.FakeOpenAI) -> None:
    """Round one's tool runs and is receipted; round two's provider call fails for good:
    the reply says a tool ran but no answer came, and only round one's receipt exists."""
    openai_fake.enqueue(oai.tool_calls_response(READ_NOTES),
                        *[oai.error_response(503, "busy") for _ in range(3)])
    runtime = openai_runtime(tmp_path, openai_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "what is on my list?")
    (event,) = result.events
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert "1 tool call ran before the failure, but no final answer was produced." in result.reply
    assert (ToolStatus.OK, 1) == (event.status, scope.issued)
    assert event.receipt is not None and scope.ledger.get(event.receipt) is not None
    assert API_KEY not in result.reply
    await next_turn_works(runtime, scope, openai_fake)


async def test_anthropic_overloaded_then_a_tool_turn(tmp_path: Path,
                                                     anthropic_fake: anth.FakeAnthropic) -> None:
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
    assert event.receipt is not None
    assert scope.verify(event.receipt, "read_file", event.args, event.result) is True
    assert 3 == len(anthropic_fake.requests)
    last_user = anthropic_fake.requests[-1].json()["messages"][-1]
    (block,) = [b for b in last_user["content"] if b.get("type") == "tool_result"]
    assert "toolu_1" == block["tool_use_id"]
    assert event.receipt in str(block["content"])


async def test_anthropic_unknown_tool_and_persistent_overload(
        tmp_path: Path, anthropic_fake: anth.FakeAnthropic) -> None:
    """An unknown tool_use from Claude runs nothing and gets an error tool_result; then
    overload on every retry ends the turn honestly with that call's failure on record."""
    anthropic_fake.enqueue(
        anth.tool_use_response(anth.tool_use_block("format_disk", {}, "toolu_bad")),
        *[anth.overloaded_response() for _ in range(3)])
    runtime = anthropic_runtime(tmp_path, anthropic_fake)
    scope = ReceiptScope()
    result = await one_turn(runtime, scope, "clean up")
    (event,) = result.events
    last_user = anthropic_fake.requests[-1].json()["messages"][-1]
    (block,) = [b for b in last_user["content"] if b.get("type") == "tool_result"]
    assert (ToolStatus.UNKNOWN, None, 0) == (event.status, event.receipt, scope.issued)
    assert str(block["content"]).startswith("Error (unknown): there is no tool named")
    assert TurnOutcome.PROVIDER_ERROR == result.outcome
    assert "zc-receipt-" not in result.reply
    assert API_KEY not in result.reply
