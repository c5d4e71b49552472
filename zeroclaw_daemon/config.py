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
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

import tomli_w
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from zeroclaw_daemon.errors import ConfigError, ConfigProblem, ZeroclawError
from zeroclaw_daemon.logs import get_logger

__all__ = [
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
    "require_env",
    "write_config_atomic",
]

DEFAULT_SYSTEM_PROMPT = (
    "You are ZeroClaw, a careful assistant that can use tools. Use a tool whenever the "
    "answer depends on files, commands or web pages, report only what the tools returned, "
    "and say plainly when a tool failed or found nothing."
)
DEFAULT_DELEGATE_PROMPT = (
    "You are a focused sub-agent. Complete the single task you are given with the tools "
    "available, then answer with the result only."
)
DEFAULT_SHELL_ALLOW = ("ls", "cat", "echo", "date", "uname", "wc", "grep", "git", "head", "tail")

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_AT_END = re.compile(r"\s*\(at end of document\)\s*$")
# A cross-field check inside a validator can only point at its whole table; load_config
# runs them itself afterwards so each problem gets its own dotted path.
_DEFER_CROSS_CHECKS = "zeroclaw_defer_cross_checks"


# ---------------------------------------------------------------------------------------------
# Field types. Messages raised here must not contain the value being checked.


def _list_to_tuple(value: object) -> object:
    # TOML arrays arrive as lists; strict mode only accepts a tuple for a tuple field, and
    # tuples keep the frozen models deeply immutable and hashable.
    return tuple(value) if isinstance(value, list) else value


def _check_env_name(value: str) -> str:
    if value and not _ENV_NAME.fullmatch(value):
        raise ValueError(
            "expected the NAME of an environment variable (letters, digits, underscores), "
            "never the secret itself"
        )
    return value


def _check_not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _check_url(value: str) -> str:
    if value and not value.startswith(("http://", "https://")):
        raise ValueError("expected an http:// or https:// URL")
    return value


def _check_listen(value: str) -> str:
    # Port 0 is allowed: the OS picks a free port, which tests and ad-hoc runs rely on.
    host, sep, port = value.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise ValueError("expected host:port; write an IPv6 address as [addr]:port")
    if not sep or not host or not port.isascii() or not port.isdigit():
        raise ValueError("expected host:port, for example 127.0.0.1:8731")
    if not 0 <= int(port) <= 65535:
        raise ValueError("port must be between 0 and 65535")
    return value


def _check_irc_channels(value: tuple[str, ...]) -> tuple[str, ...]:
    for name in value:
        if not name.startswith(("#", "&")) or any(c in name for c in " ,\x07\r\n"):
            raise ValueError("expected IRC channel names starting with '#' or '&'")
    return value


StrTuple = Annotated[tuple[str, ...], BeforeValidator(_list_to_tuple)]
EnvVarName = Annotated[str, AfterValidator(_check_env_name)]
NonEmptyStr = Annotated[str, AfterValidator(_check_not_blank)]
HttpUrl = Annotated[str, AfterValidator(_check_url)]
ListenAddress = Annotated[str, AfterValidator(_check_listen)]
Seconds = Annotated[float, Field(gt=0)]
Count = Annotated[int, Field(ge=1)]


class _Section(BaseModel):
    """Shared settings of every config table."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)


# ---------------------------------------------------------------------------------------------
# The sections, in the order of the shipped file.


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


class ProviderConfig(_Section):
    """``[provider]``: the model endpoint."""

    kind: Literal["scripted", "openai", "anthropic"] = "scripted"
    base_url: HttpUrl = ""
    model: str = ""
    api_key_env: EnvVarName = ""
    timeout_s: Seconds = 60.0
    max_retries: Annotated[int, Field(ge=0, le=100)] = 3
    script: str = "demo-script.toml"


class AuditConfig(_Section):
    """``[agent.tool_receipts.audit]``: what happens to a reply whose claims fail the audit."""

    mode: Literal["off", "log", "annotate", "block"] = "annotate"


class ToolReceiptsConfig(_Section):
    """``[agent.tool_receipts]``: HMAC receipts on tool results."""

    enabled: bool = True
    show_in_response: bool = False
    inject_system_prompt: bool = True
    ledger_max_entries: Count = 100_000
    audit: AuditConfig = Field(default_factory=AuditConfig)


class AgentConfig(_Section):
    """``[agent]``: the tool-calling loop."""

    system_prompt: str = DEFAULT_SYSTEM_PROMPT
    max_tool_iterations: Count = 8
    max_tool_result_chars: Count = 16_000
    autonomy: Literal["read_only", "supervised", "full"] = "supervised"
    history_max_messages: Count = 40
    tool_timeout_s: Seconds = 30.0
    tool_receipts: ToolReceiptsConfig = Field(default_factory=ToolReceiptsConfig)


class ShellToolConfig(_Section):
    """``[tools.shell]``: argv commands from an allow-list (no shell)."""

    enabled: bool = True
    allow: StrTuple = DEFAULT_SHELL_ALLOW
    workdir: NonEmptyStr = "."
    timeout_s: Seconds = 20.0
    max_output_bytes: Count = 65_536


class FilesToolConfig(_Section):
    """``[tools.files]``: read and write files confined to ``root``."""

    enabled: bool = True
    root: NonEmptyStr = "."
    max_read_bytes: Count = 1_048_576
    max_write_bytes: Count = 1_048_576


class HttpGetToolConfig(_Section):
    """``[tools.http_get]``: fetch URLs, refusing private addresses unless allowed."""

    enabled: bool = True
    allow_hosts: StrTuple = ()
    deny_hosts: StrTuple = ()
    allow_private: bool = False
    timeout_s: Seconds = 20.0
    max_bytes: Count = 1_048_576


class DelegateToolConfig(_Section):
    """``[tools.delegate]``: hand a sub-task to a sub-agent sharing the receipt scope."""

    enabled: bool = True
    system_prompt: str = DEFAULT_DELEGATE_PROMPT
    max_tool_iterations: Count = 6


class ToolsConfig(_Section):
    """``[tools.*]``: one table per built-in tool."""

    shell: ShellToolConfig = Field(default_factory=ShellToolConfig)
    files: FilesToolConfig = Field(default_factory=FilesToolConfig)
    http_get: HttpGetToolConfig = Field(default_factory=HttpGetToolConfig)
    delegate: DelegateToolConfig = Field(default_factory=DelegateToolConfig)


class GatewayConfig(_Section):
    """``[channels.gateway]``: the HTTP API."""

    enabled: bool = True
    listen: ListenAddress = "127.0.0.1:8731"
    auth_token_env: EnvVarName = ""
    max_body_bytes: Count = 1_048_576
    # uvicorn bounds only idle keep-alive connections; these bound slow senders.
    header_timeout_s: Seconds = 10.0
    body_timeout_s: Seconds = 30.0


class TelegramConfig(_Section):
    """``[channels.telegram]``: a long-polling Telegram bot."""

    enabled: bool = False
    bot_token_env: EnvVarName = "ZEROCLAW_TELEGRAM_TOKEN"
    api_base: HttpUrl = "https://api.telegram.org"
    allowed_users: StrTuple = ()
    poll_timeout_s: Annotated[int, Field(ge=0, le=600)] = 25


class IrcConfig(_Section):
    """``[channels.irc]``: an IRC client joining ``channels``."""

    enabled: bool = False
    server: NonEmptyStr = "127.0.0.1"
    port: Annotated[int, Field(ge=1, le=65535)] = 6667
    tls: bool = False
    nick: NonEmptyStr = "zeroclaw"
    channels: Annotated[StrTuple, AfterValidator(_check_irc_channels)] = ("#zeroclaw",)
    password_env: EnvVarName = ""


class ChannelsConfig(_Section):
    """``[channels.*]``: where messages come from."""

    gateway: GatewayConfig = Field(default_factory=GatewayConfig)
    telegram: TelegramConfig = Field(default_factory=TelegramConfig)
    irc: IrcConfig = Field(default_factory=IrcConfig)


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


# ---------------------------------------------------------------------------------------------
# Turning pydantic and tomllib errors into ConfigProblems.

_TYPE_MESSAGES = {
    "bool_type": "expected a boolean (true or false)",
    "int_type": "expected an integer",
    "float_type": "expected a number",
    "string_type": "expected a string",
    "list_type": "expected an array",
    "tuple_type": "expected an array",
    "model_type": "expected a table",
    "dict_type": "expected a table",
    "model_attributes_type": "expected a table",
    "missing": "required key is missing",
    "finite_number": "expected a finite number",
    "int_from_float": "expected an integer",
    "string_too_short": "must not be empty",
    "frozen_instance": "cannot be changed",
}


def _format_loc(loc: Sequence[str | int]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
            continue
        key = item if _BARE_KEY.fullmatch(item) else json.dumps(item, ensure_ascii=False)
        parts.append(f".{key}" if parts else key)
    return "".join(parts)


def _model_at(loc: Sequence[str | int]) -> type[BaseModel] | None:
    model: type[BaseModel] = Config
    for item in loc:
        field = model.model_fields.get(item) if isinstance(item, str) else None
        annotation = field.annotation if field is not None else None
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return None
        model = annotation
    return model


def _message_for(error: Mapping[str, Any]) -> str:
    kind = str(error["type"])
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    loc: tuple[str | int, ...] = tuple(error["loc"])
    if kind == "extra_forbidden":
        parent = _model_at(loc[:-1])
        key = loc[-1]
        if parent is not None and isinstance(key, str):
            close = difflib.get_close_matches(key, list(parent.model_fields), n=1)
            if close:
                return f"unknown key (did you mean {close[0]!r}?)"
        return "unknown key"
    if kind in _TYPE_MESSAGES:
        return _TYPE_MESSAGES[kind]
    if kind == "literal_error":
        return f"expected one of {ctx.get('expected', 'the allowed values')}"
    bounds = {
        "greater_than": ("gt", "must be greater than"),
        "greater_than_equal": ("ge", "must be at least"),
        "less_than": ("lt", "must be less than"),
        "less_than_equal": ("le", "must be at most"),
    }
    if kind in bounds:
        key, text = bounds[kind]
        bound = ctx.get(key)
        if isinstance(bound, float) and bound.is_integer():
            bound = int(bound)
        return f"{text} {bound}"
    if kind in ("value_error", "assertion_error") and "error" in ctx:
        return str(ctx["error"])
    # pydantic keeps the input out of "msg" (it is in "input", which we never read).
    message = str(error.get("msg", "invalid value"))
    return message[:1].lower() + message[1:]


def _problems_from_validation(exc: ValidationError) -> list[ConfigProblem]:
    problems = []
    for error in exc.errors(include_url=False, include_input=False):
        problems.append(ConfigProblem(_format_loc(error["loc"]), _message_for(error)))
    return problems


def _problem_from_syntax(exc: tomllib.TOMLDecodeError, text: str) -> ConfigProblem:
    message = str(exc)
    line: int | None = None
    column: int | None = None
    position = _TOML_POSITION.search(message)
    if position:
        line, column = int(position.group(1)), int(position.group(2))
        message = message[: position.start()]
    elif _TOML_AT_END.search(message):
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
        message = _TOML_AT_END.sub("", message) + " at end of file"
    return ConfigProblem("", f"TOML syntax error: {message}", line=line, column=column)


# ---------------------------------------------------------------------------------------------
# Loading, dumping, writing.


def _validate(data: Mapping[str, Any], source: str) -> Config:
    try:
        cfg = Config.model_validate(data, context={_DEFER_CROSS_CHECKS: True})
    except ValidationError as exc:
        raise ConfigError(source, _problems_from_validation(exc)) from None
    problems = _cross_field_problems(cfg)
    if problems:
        raise ConfigError(source, problems)
    return cfg


def parse_config(text: str, source: str = "<string>", base_dir: Path | None = None) -> Config:
    """Validate TOML ``text`` into a Config; ConfigError lists every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, [_problem_from_syntax(exc, text)]) from None
    cfg = _validate(data, source)
    cfg._base_dir = base_dir
    return cfg


def load_config(path: str | os.PathLike[str], *, check_env: bool = False) -> Config:
    """Load and validate the TOML file at ``path``.

    Raises ConfigError carrying every problem found (each with its dotted path; syntax
    errors with line and column). With ``check_env`` the environment variables that enabled
    parts need must be set as well (see :func:`check_secrets`).
    """
    file = Path(path).expanduser()
    source = str(path)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        raise ConfigError(source, [ConfigProblem("", "file not found")]) from None
    except IsADirectoryError:
        raise ConfigError(source, [ConfigProblem("", "is a directory, not a file")]) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(source, [ConfigProblem("", f"cannot read file: {reason}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(source, [ConfigProblem("", "file is not valid UTF-8")]) from None
    cfg = parse_config(text, source, base_dir=file.absolute().parent)
    cfg._source = file.absolute()
    if check_env:
        problems = check_secrets(cfg)
        if problems:
            raise ConfigError(source, problems)
    get_logger("zeroclaw_config").debug("Config loaded", path=str(cfg._source))
    return cfg


def default_config() -> Config:
    """The built-in defaults; relative paths resolve against the current directory."""
    cfg = Config()
    cfg._base_dir = Path.cwd()
    return cfg


def dump_config(cfg: Config) -> str:
    """The config as TOML text; ``parse_config(dump_config(cfg)) == cfg``."""
    return tomli_w.dumps(cfg.model_dump(mode="python"))


class ConfigFileExistsError(ZeroclawError):
    """Refused to overwrite an existing config file without ``force``."""

    exit_code = 1

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path} already exists (use --force to overwrite it)")


def _fsync_dir(directory: Path) -> None:
    # The rename is only durable once the directory entry is on disk too.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_config_atomic(path: str | os.PathLike[str], text: str, force: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically: temp file in the same directory, fsync, rename.

    Refuses (ConfigFileExistsError) when ``path`` exists and ``force`` is false; readers
    never see a half-written file either way. Returns the path written.
    """
    target = Path(path).expanduser()
    if target.exists() and not force:
        raise ConfigFileExistsError(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp creates 0600; a config holds no secrets, so make it readable like any file,
        # keeping the mode of a file we replace.
        mode = target.stat().st_mode & 0o7777 if target.exists() else 0o644
        os.chmod(temp, mode)
        if force:
            os.replace(temp, target)
        else:
            # link() fails if the name appeared since the check above: no clobbering race.
            try:
                os.link(temp, target)
            except FileExistsError:
                raise ConfigFileExistsError(target) from None
            except OSError:
                # Some file systems have no hard links; fall back to check-then-rename.
                if target.exists():
                    raise ConfigFileExistsError(target) from None
                os.replace(temp, target)
            else:
                temp.unlink()
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    _fsync_dir(target.parent)
    return target
