"""What the daemon derives from its config and environment: the secrets to redact, the
enabled channels, the state directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..config import Config


def configured_secrets(cfg: Config, environ: Mapping[str, str] | None = None) -> list[str]:
    """The values of every secret env var the config names (set ones only)."""
    env = os.environ if environ is None else environ
    names = [cfg.provider.api_key_env, cfg.channels.gateway.auth_token_env,
             cfg.channels.telegram.bot_token_env, cfg.channels.irc.password_env]
    for server in cfg.tools.mcp:  # what MCP servers get from the environment is secret too
        names.extend(name for _, name in (*server.env_from, *server.headers_env))
    return [env[name] for name in names if name and env.get(name)]


def enabled_channels(cfg: Config) -> list[str]:
    channels = cfg.channels
    return [name for name, section in (("gateway", channels.gateway),
                                       ("telegram", channels.telegram),
                                       ("irc", channels.irc)) if section.enabled]


def resolve_state_dir(cfg: Config, environ: Mapping[str, str] | None = None) -> Path:
    """Where the audit database lives.

    A relative ``daemon.state_dir`` resolves against the config file's
    directory, except under systemd's ``StateDirectory=`` (``$STATE_DIRECTORY``
    set): /etc is read-only there, so relative state goes below the directory
    systemd made for us.
    """
    env = os.environ if environ is None else environ
    value = Path(cfg.daemon.state_dir).expanduser()
    if value.is_absolute():
        return value
    systemd_state = env.get("STATE_DIRECTORY", "").split(":")[0]
    if systemd_state:
        return Path(systemd_state) / value
    return cfg.resolve_path(cfg.daemon.state_dir)


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) as 0700; the audit log is for the operator only."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path
