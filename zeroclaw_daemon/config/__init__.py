"""The daemon's TOML config: pydantic v2 models plus load, check, dump and atomic write.

Every model is strict (``"true"`` is not a boolean, ``30`` is not a string), rejects
unknown keys at any depth and is frozen, so a loaded :class:`Config` can be shared
between tasks and swapped whole on reload. Attribute paths mirror the TOML tables:
``cfg.agent.tool_receipts.audit.mode`` is ``[agent.tool_receipts.audit] mode``.

Loading reports every problem in one :class:`~zeroclaw_daemon.errors.ConfigError`,
each with its dotted path and a short message that never repeats the offending
value: a value in the wrong place may be a secret someone pasted by mistake.
Secrets are never part of the file; the config names the environment variable
that holds each one (``api_key_env``, ``bot_token_env``, ``auth_token_env``,
``password_env``) and :func:`check_secrets` says which of them are missing.

Layout: one module per section (:mod:`.daemon`, :mod:`.provider`, :mod:`.agent`,
:mod:`.tools`, :mod:`.channels`), the whole :class:`Config` in :mod:`.model`, the
loader in :mod:`.loader`, the writer in :mod:`.writer`.
"""

from __future__ import annotations

from zeroclaw_daemon.config.agent import (
    DEFAULT_SYSTEM_PROMPT,
    AgentConfig,
    AuditConfig,
    ToolReceiptsConfig,
)
from zeroclaw_daemon.config.channels import ChannelsConfig, GatewayConfig, IrcConfig, TelegramConfig
from zeroclaw_daemon.config.daemon import DaemonConfig, LoggingConfig
from zeroclaw_daemon.config.loader import default_config, load_config, parse_config
from zeroclaw_daemon.config.model import Config, check_secrets, require_env, secret_env_status
from zeroclaw_daemon.config.provider import ProviderConfig
from zeroclaw_daemon.config.tools import (
    DEFAULT_DELEGATE_PROMPT,
    DEFAULT_SHELL_ALLOW,
    DelegateToolConfig,
    FilesToolConfig,
    HttpGetToolConfig,
    ShellToolConfig,
    ToolsConfig,
)
from zeroclaw_daemon.config.writer import ConfigFileExistsError, dump_config, write_config_atomic

__all__ = [
    "DEFAULT_DELEGATE_PROMPT",
    "DEFAULT_SHELL_ALLOW",
    "DEFAULT_SYSTEM_PROMPT",
    "AgentConfig",
    "AuditConfig",
    "ChannelsConfig",
    "Config",
    "ConfigFileExistsError",
    "DaemonConfig",
    "DelegateToolConfig",
    "FilesToolConfig",
    "GatewayConfig",
    "HttpGetToolConfig",
    "IrcConfig",
    "LoggingConfig",
    "ProviderConfig",
    "ShellToolConfig",
    "TelegramConfig",
    "ToolReceiptsConfig",
    "ToolsConfig",
    "check_secrets",
    "default_config",
    "dump_config",
    "load_config",
    "parse_config",
    "require_env",
    "secret_env_status",
    "write_config_atomic",
]
