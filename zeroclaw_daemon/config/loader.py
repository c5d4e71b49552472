"""Loading a config: TOML text or file -> validated :class:`Config`, every problem reported."""

from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from zeroclaw_daemon.config.model import (
    _DEFER_CROSS_CHECKS,
    Config,
    _cross_field_problems,
    check_secrets,
)
from zeroclaw_daemon.errors import ConfigError, ConfigProblem
from zeroclaw_daemon.logs import get_logger

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


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
# Loading.


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
