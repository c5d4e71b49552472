"""Log levels and the RUST_LOG-style filter: parse directives, pick the spec, decide.

Pure data: no structlog, no I/O besides reading the environment variables in
:func:`select_filter_spec`. The semantics are described in :mod:`zeroclaw_daemon.logs`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

# Same numbers as the stdlib, so stdlib records map over directly.
TRACE: Final = 5
DEBUG: Final = 10
INFO: Final = 20
WARN: Final = 30
ERROR: Final = 40
OFF: Final = 1_000  # a threshold above every level

_LEVEL_BY_NAME: Final[Mapping[str, int]] = {
    "trace": TRACE,
    "debug": DEBUG,
    "info": INFO,
    "warn": WARN,
    "warning": WARN,
    "error": ERROR,
    "off": OFF,
}
_FORBIDDEN_IN_TARGET: Final = frozenset(' \t\r\n=,/[]{}"')
_CACHE_LIMIT: Final = 4096
_ENV_VARS: Final = ("ZEROCLAW_LOG", "RUST_LOG")


def level_number(level: str | int) -> int:
    """The numeric level for a name (``"debug"``, ``"WARN"``, ``"warning"``) or a number."""
    if isinstance(level, int):
        return level
    try:
        return _LEVEL_BY_NAME[level.lower()]
    except KeyError:
        raise ValueError(f"unknown log level {level!r}") from None


# ---------------------------------------------------------------------------------------------
# The filter.


@dataclass(frozen=True, slots=True)
class Directive:
    """One parsed directive: ``target`` (None for the default) and its threshold level."""

    target: str | None
    level: int


class LogFilter:
    """A parsed RUST_LOG-style filter. Decisions are cached per target."""

    __slots__ = ("_by_length", "_cache", "default", "directives", "spec")

    def __init__(self, directives: Sequence[Directive] = (), spec: str = "") -> None:
        self.spec = spec
        self.directives = tuple(directives)
        default: int | None = None
        by_target: dict[str, int] = {}
        for directive in self.directives:
            if directive.target is None:
                default = directive.level
            else:
                by_target[directive.target] = directive.level  # the last one for a target wins
        if default is None:
            # Rust semantics: naming targets only means "just these"; naming nothing means
            # our documented default.
            default = OFF if by_target else INFO
        self.default = default
        self._by_length = sorted(by_target.items(), key=lambda item: len(item[0]), reverse=True)
        self._cache: dict[str, int] = {}

    @classmethod
    def parse(cls, spec: str) -> tuple[LogFilter, list[str]]:
        """Parse ``spec``; returns the filter and one message per ignored bad directive."""
        errors: list[str] = []
        text, slash, regex = spec.partition("/")
        if slash:
            errors.append(f"message filter '/{regex}' is not supported; ignored it")
        directives: list[Directive] = []
        for raw in text.split(","):
            part = raw.strip()
            if not part:
                continue
            directive, error = _parse_directive(part)
            if directive is not None:
                directives.append(directive)
            else:
                errors.append(f"invalid log directive {part!r}: {error}; ignored it")
        return cls(directives, spec), errors

    def threshold(self, target: str) -> int:
        """The lowest level enabled for ``target`` (``OFF`` when nothing is)."""
        try:
            return self._cache[target]
        except KeyError:
            pass
        found = self.default
        for prefix, level in self._by_length:
            if target.startswith(prefix):
                found = level
                break
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()  # bounded: stdlib logger names are not a closed set
        self._cache[target] = found
        return found

    def names(self, target: str) -> bool:
        """Whether a directive names ``target`` (or a prefix of it), not just the default."""
        return any(target.startswith(prefix) for prefix, _ in self._by_length)

    def enabled(self, target: str, level: int | str) -> bool:
        """Whether a record at ``level`` on ``target`` passes the filter."""
        if not isinstance(level, int):
            level = level_number(level)
        try:
            return level >= self._cache[target]
        except KeyError:
            return level >= self.threshold(target)

    @property
    def min_threshold(self) -> int:
        """The lowest level any target can log at (used to gate the stdlib cheaply)."""
        return min([self.default, *(level for _, level in self._by_length)])

    def __repr__(self) -> str:
        return f"LogFilter({self.spec!r})"


def _valid_target(target: str) -> bool:
    return bool(target) and not any(char in _FORBIDDEN_IN_TARGET for char in target)


def _parse_directive(part: str) -> tuple[Directive | None, str]:
    target, equals, level_text = part.partition("=")
    if not equals:
        level = _LEVEL_BY_NAME.get(part.lower())
        if level is not None:
            return Directive(None, level), ""
        if _valid_target(part):
            return Directive(part, TRACE), ""
        return None, "not a level or a target name"
    target, level_text = target.strip(), level_text.strip()
    if not target:
        return None, "missing target before '='"
    if "=" in level_text:
        return None, "more than one '='"
    if not _valid_target(target):
        return None, "invalid target name (span and field filters are not supported)"
    level = _LEVEL_BY_NAME.get(level_text.lower())
    if level is None:
        return None, "unknown level (expected off, error, warn, info, debug or trace)"
    return Directive(target, level), ""


def select_filter_spec(
    config_filter: str, environ: Mapping[str, str] | None = None
) -> tuple[str, str]:
    """(source, spec): ZEROCLAW_LOG, else RUST_LOG, else the config value, else "info".

    A variable that is set but blank counts as unset.
    """
    env = os.environ if environ is None else environ
    for name in _ENV_VARS:
        value = env.get(name, "")
        if value.strip():
            return name, value
    if config_filter.strip():
        return "config", config_filter
    return "default", "info"
