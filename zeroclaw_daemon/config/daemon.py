"""``[daemon]`` and ``[logging]``: process-wide settings."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from zeroclaw_daemon.config._types import Count, NonEmptyStr, _Section


class DaemonConfig(_Section):
    """``[daemon]``: process-wide settings."""

    state_dir: NonEmptyStr = "state"
    drain_timeout_s: Annotated[float, Field(ge=0)] = 30.0
    max_concurrent_turns: Count = 8
    store_payloads: bool = False


class LoggingConfig(_Section):
    """``[logging]``: RUST_LOG-style filter and output format (env vars take precedence)."""

    filter: str = "info"
    format: Literal["console", "json"] = "console"
