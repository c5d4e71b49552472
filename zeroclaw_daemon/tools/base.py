"""The tool interface: name, description, JSON-schema parameters, risk class.

A tool's ``run`` returns :class:`ToolOutput` on success and raises a
:class:`zeroclaw_daemon.errors.ToolError` subclass otherwise. Argument
validation against ``parameters`` happens before ``run`` (in the agent's
middleware), so ``run`` may trust the shape of ``args``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class RiskClass(StrEnum):
    """What a tool can do; the autonomy policy decides by this."""

    READ = "read"
    WRITE = "write"
    EXEC = "exec"
    NETWORK = "network"


@dataclass(frozen=True, slots=True)
class ToolOutput:
    """A successful result.

    ``count`` is an item count the tool itself reports (for example matches
    found); ``urls`` are the URLs really fetched (final URL after redirects).
    """

    text: str
    urls: tuple[str, ...] = ()
    count: int | None = None


@dataclass(frozen=True, slots=True)
class ToolContext:
    """Who is calling: passed to every ``run`` for logging and delegation."""

    conversation_id: str
    turn_id: str
    call_id: str
    extra: Mapping[str, Any] = field(default_factory=dict)


class Tool(ABC):
    """Base class of every tool."""

    name: str
    description: str
    parameters: Mapping[str, Any]
    risk: RiskClass
    timeout_s: float = 30.0
    # Other names of what the tool acts on ("pagerduty", "incident"), beside its name and
    # description: the auditor links a reply's action claims to calls through them.
    aliases: tuple[str, ...] = ()

    @abstractmethod
    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        """Execute with validated ``args``; raise ``ToolError`` on failure."""

    def about(self) -> str:
        """What the tool says it acts on, for the reply auditor: description and aliases."""
        return " ".join([self.description, *self.aliases])

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name!r} risk={self.risk.value}>"


def closed_object_schema(properties: Mapping[str, Any], *, required: Sequence[str] = (),
                         description: str | None = None) -> dict[str, Any]:
    """The JSON schema of an arguments object with exactly ``properties`` (any other
    argument is refused, so a model's misspelt argument is an error, not ignored)."""
    schema: dict[str, Any] = {"type": "object"}
    if description is not None:
        schema["description"] = description
    schema["properties"] = dict(properties)
    if required:
        schema["required"] = list(required)
    schema["additionalProperties"] = False
    return schema


def require_positive(**limits: float) -> None:
    """Raise ValueError naming the first of ``limits`` that is not above zero."""
    for name, value in limits.items():
        if value <= 0:
            raise ValueError(f"{name} must be positive")
