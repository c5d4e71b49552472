"""Model providers, and :func:`build_provider` to make the configured one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from zeroclaw_daemon.errors import ConfigError, ConfigProblem
from zeroclaw_daemon.providers.anthropic import AnthropicProvider
from zeroclaw_daemon.providers.base import (
    ChatMessage,
    ChatResponse,
    Provider,
    ToolCall,
    ToolSpec,
)
from zeroclaw_daemon.providers.openai import OpenAIProvider
from zeroclaw_daemon.providers.scripted import ScriptedProvider

if TYPE_CHECKING:
    from zeroclaw_daemon.config import Config

__all__ = [
    "AnthropicProvider",
    "ChatMessage",
    "ChatResponse",
    "OpenAIProvider",
    "Provider",
    "ScriptedProvider",
    "ToolCall",
    "ToolSpec",
    "build_provider",
]


def build_provider(cfg: Config, resolve_path: Callable[[str], Path]) -> Provider:
    """The provider ``cfg.provider`` describes. The API key comes from the named env variable.

    Raises ConfigError for a missing model or an unset key variable (naming the
    variable, never a value) and for a bad script.
    """
    section = cfg.provider
    if section.kind == "scripted":
        return ScriptedProvider(resolve_path(section.script))
    if not section.model.strip():
        raise ConfigError("config", [ConfigProblem(
            "provider.model", f"required when provider.kind is {section.kind}")])
    api_key: str | None = None
    if section.api_key_env:
        from zeroclaw_daemon.config import require_env

        api_key = require_env(section.api_key_env, f"the {section.kind} API key")
    if section.kind == "openai":
        return OpenAIProvider(base_url=section.base_url,
                              model=section.model, api_key=api_key,
                              timeout_s=section.timeout_s, max_retries=section.max_retries)
    if section.kind == "anthropic":
        return AnthropicProvider(base_url=section.base_url,
                                 model=section.model, api_key=api_key,
                                 timeout_s=section.timeout_s, max_retries=section.max_retries)
    raise ConfigError("config", [ConfigProblem("provider.kind", "unknown provider kind")])
