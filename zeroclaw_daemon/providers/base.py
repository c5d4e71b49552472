"""The model interface every provider implements.

Messages are provider-neutral; each provider maps them to its wire format
(OpenAI Chat Completions, Anthropic Messages, or a TOML script).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call the model asked for. ``arguments`` is the raw JSON text it sent."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message of the conversation sent to the model.

    ``tool_calls`` is set on assistant messages that called tools;
    ``tool_call_id`` and ``name`` on ``tool`` messages carrying a result;
    ``is_error`` on a ``tool`` message whose call did not succeed (failed, timed
    out, refused), for APIs that carry that flag beside the text.
    """

    role: Role
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    is_error: bool = False


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool as advertised to the model: name, description, JSON schema."""

    name: str
    description: str
    parameters: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ChatResponse:
    """The model's answer: either tool calls, or final text, or both."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: Mapping[str, int] = field(default_factory=dict)


@runtime_checkable
class Provider(Protocol):
    """A chat model. Raises :class:`zeroclaw_daemon.errors.ProviderError` on failure."""

    name: str

    async def chat(
        self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec]
    ) -> ChatResponse:
        """Send the conversation and the tool list; return the model's answer."""
        ...

    async def aclose(self) -> None:
        """Release connections."""
        ...
