"""Errors raised by zeroclaw_daemon.

Every error the daemon raises on purpose derives from :class:`ZeroclawError`
and carries the data it rejected (never a secret value)::

    ZeroclawError
    ├── ConfigError              bad config file or environment; exit 78 (EX_CONFIG)
    ├── ToolError                a tool call that did not succeed (no receipt is issued)
    │   ├── ToolArgumentError    arguments failed JSON parsing or the tool's schema
    │   ├── ToolDeniedError      refused by autonomy policy or confinement rules
    │   ├── ToolTimeoutError     ran past its time limit (process group killed)
    │   └── ToolExecutionError   ran and failed (exception, non-zero exit, HTTP error)
    ├── ProviderError            the model endpoint failed after its retries
    │   ├── ProviderTimeoutError
    │   └── ProviderResponseError  malformed or unexpected response body
    ├── ChannelError             a channel could not connect or deliver
    └── ShuttingDownError        the daemon accepts no new turns (channels answer 503)
        └── TurnAbandonedError   the daemon stopped before an accepted turn finished

``zeroclaw_daemon.receipts`` stands alone and imports nothing of ours, so its
errors hang off their own base, :class:`zeroclaw_daemon.receipts.ReceiptError`
(a ``ValueError``); the CLI treats both bases alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EX_CONFIG = 78
EX_SOFTWARE = 70
# sysexits EX_UNAVAILABLE: a listener could not bind at start (port in use, no permission).
EX_UNAVAILABLE = 69


class ZeroclawError(Exception):
    """Base class of every error zeroclaw_daemon raises deliberately."""

    exit_code: int = 1


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """One problem in a config: where it is and what is wrong (never the value)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = self.path or "<root>"
        if self.line is not None:
            where += f" (line {self.line}, column {self.column})"
        return f"{where}: {self.message}"


class ConfigError(ZeroclawError):
    """A config file or its environment is invalid; carries every problem found."""

    exit_code = EX_CONFIG

    def __init__(self, source: str, problems: Sequence[ConfigProblem]) -> None:
        self.source = source
        self.problems = tuple(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"{source}: {count} config {noun}:\n{lines}")


class ToolError(ZeroclawError):
    """A tool call that did not succeed. ``status`` names how it ended."""

    status: str = "failed"

    def __init__(self, tool: str, message: str) -> None:
        self.tool = tool
        self.message = message
        super().__init__(f"{tool}: {message}")


class ToolArgumentError(ToolError):
    """The model's arguments were not valid JSON or did not match the schema."""

    status = "invalid"


class ToolDeniedError(ToolError):
    """The call was refused by policy (autonomy, allow-list, confinement)."""

    status = "denied"


class ToolTimeoutError(ToolError):
    """The tool ran past its time limit."""

    status = "timeout"


class ToolExecutionError(ToolError):
    """The tool ran and failed."""

    status = "failed"


class ProviderError(ZeroclawError):
    """The model endpoint failed; ``retryable`` says whether another try may help."""

    def __init__(self, provider: str, message: str, *, retryable: bool = False,
                 status_code: int | None = None, retry_after: float | None = None) -> None:
        self.provider = provider
        self.message = message
        self.retryable = retryable
        self.status_code = status_code
        self.retry_after = retry_after
        super().__init__(f"{provider}: {message}")


class ProviderTimeoutError(ProviderError):
    """The model endpoint did not answer in time."""


class ProviderResponseError(ProviderError):
    """The model endpoint answered with something we cannot use."""


class ChannelError(ZeroclawError):
    """A channel could not connect, authenticate or deliver."""

    def __init__(self, channel: str, message: str) -> None:
        self.channel = channel
        self.message = message
        super().__init__(f"{channel}: {message}")


class ShuttingDownError(ZeroclawError):
    """The daemon is shutting down and accepts no new turns."""

    def __init__(self) -> None:
        super().__init__("the daemon is shutting down and accepts no new turns")


class TurnAbandonedError(ShuttingDownError):
    """The daemon stopped (drain budget spent, or forced) before this turn finished."""

    def __init__(self) -> None:
        ZeroclawError.__init__(self, "the daemon stopped before this turn finished")
