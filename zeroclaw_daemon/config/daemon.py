"""``[daemon]`` and ``[logging]``: process-wide settings."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from zeroclaw_daemon.config._types import Count, NonEmptyStr, _Section
from zeroclaw_daemon.logs.filter import LogFilter


def _check_filter(value: str) -> str:
    """A bad directive in the file is a config error; in RUST_LOG it is only a warning,
    since the environment belongs to whoever starts the process, not to the config."""
    _, errors = LogFilter.parse(value)
    if errors:
        # Each error quotes its directive: a log filter is not a secret.
        raise ValueError("; ".join(error.removesuffix("; ignored it") for error in errors))
    return value


class DaemonConfig(_Section):
    """``[daemon]``: process-wide settings."""

    state_dir: NonEmptyStr = "state"
    drain_timeout_s: Annotated[float, Field(ge=0)] = 30.0
    max_concurrent_turns: Count = 8
    store_payloads: bool = False


class LoggingConfig(_Section):
    """``[logging]``: RUST_LOG-style filter and output format (env vars take precedence)."""

    filter: Annotated[str, AfterValidator(_check_filter)] = "info"
    format: Literal["console", "json"] = "console"
