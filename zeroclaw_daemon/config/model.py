"""The whole config (:class:`Config`), the checks that span sections, and its secrets."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import Field, PrivateAttr, ValidationInfo, model_validator

from zeroclaw_daemon.config._types import _Section
from zeroclaw_daemon.config.agent import AgentConfig
from zeroclaw_daemon.config.channels import ChannelsConfig, is_loopback_host
from zeroclaw_daemon.config.daemon import DaemonConfig, LoggingConfig
from zeroclaw_daemon.config.mcp import mcp_problems
from zeroclaw_daemon.config.provider import ProviderConfig
from zeroclaw_daemon.config.tools import ToolsConfig
from zeroclaw_daemon.errors import ConfigError, ConfigProblem

# A cross-field check inside a validator can only point at its whole table; load_config
# runs them itself afterwards so each problem gets its own dotted path.
_DEFER_CROSS_CHECKS = "zeroclaw_defer_cross_checks"


class Config(_Section):
    """The whole config file. Equality and hashing look at the settings only, not at
    which directory the file was loaded from."""

    daemon: DaemonConfig = Field(default_factory=DaemonConfig)
    logging: LoggingConfig = Field(default_factory=LoggingConfig)
    provider: ProviderConfig = Field(default_factory=ProviderConfig)
    agent: AgentConfig = Field(default_factory=AgentConfig)
    tools: ToolsConfig = Field(default_factory=ToolsConfig)
    channels: ChannelsConfig = Field(default_factory=ChannelsConfig)

    _source: Path | None = PrivateAttr(default=None)
    _base_dir: Path | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _cross_checks(self, info: ValidationInfo) -> Config:
        if isinstance(info.context, Mapping) and info.context.get(_DEFER_CROSS_CHECKS):
            return self
        problems = _cross_field_problems(self)
        if problems:
            raise ValueError("; ".join(str(p) for p in problems))
        return self

    @property
    def source(self) -> Path | None:
        """The file this config was loaded from (None for defaults or in-memory configs)."""
        return self._source

    @property
    def base_dir(self) -> Path:
        """The directory relative paths in this config are resolved against."""
        return self._base_dir if self._base_dir is not None else Path.cwd()

    def resolve_path(self, value: str) -> Path:
        """Expand ``~`` in ``value`` and make it absolute relative to :attr:`base_dir`."""
        path = Path(value).expanduser()
        return path if path.is_absolute() else self.base_dir / path

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Config):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))


# ---------------------------------------------------------------------------------------------
# Checks that span fields. Each returns problems instead of raising so load_config can
# report them all together.


def _cross_field_problems(cfg: Config) -> list[ConfigProblem]:
    problems: list[ConfigProblem] = []
    provider = cfg.provider
    if provider.kind == "scripted" and not provider.script.strip():
        problems.append(ConfigProblem("provider.script", "required when provider.kind is scripted"))
    if provider.kind in ("openai", "anthropic") and not provider.model.strip():
        problems.append(
            ConfigProblem("provider.model", f"required when provider.kind is {provider.kind}")
        )
    gateway = cfg.channels.gateway
    host = gateway.listen.rpartition(":")[0]
    if (gateway.enabled and not gateway.auth_token_env and not gateway.allow_unauthenticated
            and not is_loopback_host(host)):
        problems.append(ConfigProblem(
            "channels.gateway.listen",
            "listens beyond loopback without a bearer token: anyone who can reach it could "
            "drive the agent and its tools; set channels.gateway.auth_token_env, or "
            "allow_unauthenticated = true if a proxy in front authenticates"))
    telegram = cfg.channels.telegram
    if telegram.enabled and not telegram.bot_token_env:
        problems.append(
            ConfigProblem(
                "channels.telegram.bot_token_env", "required when channels.telegram is enabled"
            )
        )
    irc = cfg.channels.irc
    if irc.enabled and not irc.channels:
        problems.append(
            ConfigProblem("channels.irc.channels", "required when channels.irc is enabled")
        )
    problems.extend(ConfigProblem(path, message) for path, message in mcp_problems(cfg.tools.mcp))
    return problems


def _secret_refs(cfg: Config) -> Iterable[tuple[str, str, str]]:
    """(dotted path, variable name, what needs it) for each secret an enabled part reads."""
    provider = cfg.provider
    if provider.kind in ("openai", "anthropic") and provider.api_key_env:
        yield "provider.api_key_env", provider.api_key_env, f"provider.kind is {provider.kind}"
    gateway = cfg.channels.gateway
    if gateway.enabled and gateway.auth_token_env:
        yield "channels.gateway.auth_token_env", gateway.auth_token_env, "the gateway is enabled"
    telegram = cfg.channels.telegram
    if telegram.enabled and telegram.bot_token_env:
        yield "channels.telegram.bot_token_env", telegram.bot_token_env, "telegram is enabled"
    irc = cfg.channels.irc
    if irc.enabled and irc.password_env:
        yield "channels.irc.password_env", irc.password_env, "irc is enabled"
    yield from _mcp_secret_refs(cfg)


def _mcp_secret_refs(cfg: Config) -> Iterable[tuple[str, str, str]]:
    for index, server in enumerate(cfg.tools.mcp):
        if not server.enabled:
            continue
        why = f"MCP server {server.name} is enabled"
        for key, name in server.env_from:
            yield f"tools.mcp[{index}].env_from.{key}", name, why
        for header, name in server.headers_env:
            yield f"tools.mcp[{index}].headers_env.{header}", name, why


def check_secrets(cfg: Config, environ: Mapping[str, str] | None = None) -> list[ConfigProblem]:
    """Problems for every environment variable an enabled part needs that is unset or empty.

    Only variable names are reported, never their values.
    """
    env = os.environ if environ is None else environ
    return [
        ConfigProblem(path, f"environment variable {name} is not set or empty ({why})")
        for path, name, why in _secret_refs(cfg)
        if not env.get(name, "").strip()
    ]


def secret_env_status(
    cfg: Config, environ: Mapping[str, str] | None = None
) -> list[tuple[str, str, bool, bool]]:
    """(dotted path, variable name, is set, is needed) for every env var the config names.

    "Needed" means an enabled part reads it (what :func:`check_secrets` checks).
    """
    env = os.environ if environ is None else environ
    needed = {path for path, _, _ in _secret_refs(cfg)}
    refs = [
        ("provider.api_key_env", cfg.provider.api_key_env),
        ("channels.gateway.auth_token_env", cfg.channels.gateway.auth_token_env),
        ("channels.telegram.bot_token_env", cfg.channels.telegram.bot_token_env),
        ("channels.irc.password_env", cfg.channels.irc.password_env),
        *((path, name) for path, name, _ in _mcp_secret_refs(cfg)),
    ]
    return [
        (path, name, bool(env.get(name, "").strip()), path in needed)
        for path, name in refs
        if name
    ]


def require_env(name: str, what: str) -> str:
    """The value of environment variable ``name``; ConfigError naming it when unset or empty.

    ``what`` says what the value is for ("the Telegram bot token"). The value itself never
    appears in the error.
    """
    value = os.environ.get(name, "")
    if not value.strip():
        raise ConfigError(
            "environment",
            [ConfigProblem(name, f"environment variable is not set or empty; it must hold {what}")],
        )
    return value
