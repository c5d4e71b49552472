"""What every HTTP model provider does the same way (OpenAI-compatible and Anthropic, each
against its fake server on loopback): transient failures retried, Retry-After honoured,
timeouts and cut-off bodies reported honestly."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.fakes import ChatError, ChatOnce, ScriptedFake, fast_retries
from tests.fakes.providers import PROVIDER_CASES, ProviderCase
from zeroclaw_daemon.errors import ProviderResponseError, ProviderTimeoutError
from zeroclaw_daemon.providers.base import ChatMessage

USER_ONLY = [ChatMessage(role="user", content="hi")]


@pytest.fixture(params=PROVIDER_CASES, ids=lambda case: case.name)
def case(request: pytest.FixtureRequest) -> ProviderCase:
    """Each HTTP provider kind in turn."""
    chosen: ProviderCase = request.param
    return chosen


@pytest.fixture
def fake(case: ProviderCase) -> Iterator[ScriptedFake]:
    """A fresh fake server of the provider's kind for each test."""
    with case.serve() as server:
        yield server


async def test_retry_after_is_honoured(chat_once: ChatOnce, case: ProviderCase,
                                       fake: ScriptedFake) -> None:
    """A 429 with Retry-After: 0.2 waits at least that long before the retry."""
    fake.enqueue(case.rate_limited("0.2"), case.text("after the pause"))
    provider = case.make(fake)
    started = time.monotonic()
    response = await chat_once(provider, USER_ONLY, [])
    elapsed = time.monotonic() - started
    assert "after the pause" == response.text
    assert 0.2 <= elapsed < 3.0


async def test_truncated_json_body_is_a_response_error_not_retried(
        chat_error: ChatError, case: ProviderCase, fake: ScriptedFake) -> None:
    """A 200 whose body is cut-off JSON fails at once with a clear message."""
    fake.enqueue(case.truncated_json(), case.text("never asked for"))
    provider = case.make(fake)
    error = await chat_error(provider, USER_ONLY, expected=ProviderResponseError)
    assert "response body is not valid JSON" in error.message
    assert 1 == len(fake.requests)


async def test_connection_closed_mid_body_is_retried(chat_once: ChatOnce, case: ProviderCase,
                                                     fake: ScriptedFake) -> None:
    """A connection dropped halfway through the body counts as a transient failure."""
    fake.enqueue(case.closed_mid_body(), case.text("second try"))
    provider = case.make(fake)
    response = await chat_once(provider, USER_ONLY, [])
    assert ("second try", 2) == (response.text, len(fake.requests))


async def test_hang_past_timeout_raises_timeout_after_retries(
        chat_error: ChatError, case: ProviderCase, fake: ScriptedFake) -> None:
    """A server that never answers in time gives ProviderTimeoutError after every attempt,
    without waiting for the hang itself (2 s per attempt)."""
    fake.enqueue(case.hang(2.0), case.hang(2.0))
    provider = case.make(fake, timeout_s=0.3, policy=fast_retries(1))
    started = time.monotonic()
    error = await chat_error(provider, USER_ONLY, expected=ProviderTimeoutError)
    assert "no response within 0.3 s (gave up after 2 attempts)" == error.message
    assert 2 == len(fake.requests)
    assert time.monotonic() - started < 1.5
