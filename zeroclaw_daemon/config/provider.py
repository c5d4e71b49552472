"""``[provider]``: the model endpoint."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from zeroclaw_daemon.config._types import EnvVarName, HttpUrl, Seconds, _Section


class ProviderConfig(_Section):
    """``[provider]``: the model endpoint."""

    kind: Literal["scripted", "openai", "anthropic"] = "scripted"
    base_url: HttpUrl = ""
    model: str = ""
    api_key_env: EnvVarName = ""
    timeout_s: Seconds = 60.0
    max_retries: Annotated[int, Field(ge=0, le=100)] = 3
    script: str = "demo-script.toml"
