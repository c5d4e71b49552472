"""The HTTP model providers under test, each with its fake server and ready-made responses,
so the behaviour every HTTP provider shares (retries, timeouts, bad bodies) is tested once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.fakes import FakeResponse, ScriptedFake, anthropic_server, fast_retries, openai_server
from zeroclaw_daemon.providers._retry import RetryPolicy
from zeroclaw_daemon.providers.anthropic import AnthropicProvider
from zeroclaw_daemon.providers.base import Provider
from zeroclaw_daemon.providers.openai import OpenAIProvider

OPENAI_KEY = "sk-test-0123456789abcdef-secret"
ANTHROPIC_KEY = "sk-ant-test-0123456789-secret"


def openai_provider(fake: ScriptedFake, *, api_key: str | None = OPENAI_KEY,
                    timeout_s: float = 5.0, policy: RetryPolicy | None = None) -> OpenAIProvider:
    """An OpenAIProvider on ``fake`` with fast retries (max_retries=2)."""
    return OpenAIProvider(base_url=fake.base_url, model="gpt-test", api_key=api_key,
                          timeout_s=timeout_s, max_retries=2,
                          retry_policy=policy or fast_retries())


def anthropic_provider(fake: ScriptedFake, *, api_key: str = ANTHROPIC_KEY,
                       timeout_s: float = 5.0,
                       policy: RetryPolicy | None = None) -> AnthropicProvider:
    """An AnthropicProvider on ``fake`` with fast retries (max_retries=2, max_tokens=512)."""
    return AnthropicProvider(base_url=fake.base_url, model="claude-test", api_key=api_key,
                             timeout_s=timeout_s, max_retries=2,
                             max_tokens=512, retry_policy=policy or fast_retries())


@dataclass(frozen=True, slots=True)
class ProviderCase:
    """One HTTP provider kind: its fake server, how to build the provider on it, and the
    fake's ready-made responses."""

    name: str
    serve: Callable[[], Any]
    make: Callable[..., Provider]
    text: Callable[[str], FakeResponse]
    rate_limited: Callable[[str], FakeResponse]
    truncated_json: Callable[[], FakeResponse]
    hang: Callable[[float], FakeResponse]
    closed_mid_body: Callable[[], FakeResponse]


PROVIDER_CASES = (
    ProviderCase(
        "openai", openai_server.FakeOpenAI.serve, openai_provider,
        openai_server.text_response, openai_server.rate_limited_response,
        openai_server.truncated_json_response, openai_server.hang_response,
        openai_server.closed_mid_body_response),
    ProviderCase(
        "anthropic", anthropic_server.FakeAnthropic.serve, anthropic_provider,
        anthropic_server.text_response, anthropic_server.rate_limited_response,
        anthropic_server.truncated_json_response, anthropic_server.hang_response,
        anthropic_server.closed_mid_body_response),
)
