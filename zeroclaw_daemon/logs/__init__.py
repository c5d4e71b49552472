"""Logging: structlog output filtered with Rust's env_logger / EnvFilter directive syntax.

The filter comes from ``ZEROCLAW_LOG``, else ``RUST_LOG``, else ``[logging] filter``, so
recipes written for the upstream Rust daemon work unchanged::

    RUST_LOG=zeroclaw_runtime::agent=debug zeroclaw daemon

Directive semantics (see :meth:`LogFilter.parse`):

* directives are separated by commas; surrounding spaces are ignored;
* a bare level (``info``) sets the default for every target;
* ``target=level`` sets the level for every target starting with ``target``;
* a bare target (``zeroclaw_channels``) enables all its levels (``trace``);
* ``off`` disables, as a bare directive or as ``target=off``;
* the longest matching prefix wins (plain string prefix, so ``zeroclaw`` matches
  ``zeroclaw_runtime::agent``); for the same target the last directive wins;
* levels are ``trace < debug < info < warn < error`` (``warning`` means ``warn``),
  case-insensitive;
* when only target directives are given, every other target is off (as in Rust);
  when no directive at all is given, the default is ``info``;
* a bad directive is reported as a WARN line naming it, and ignored.

Targets are Rust-style names (``zeroclaw_runtime::agent``, ``zeroclaw_config``...).
Records of stdlib loggers (uvicorn, httpx, asyncio) pass through the same filter and
renderer with their logger name as target.

Nothing here is module-level mutable state: the active :class:`LogFilter` lives in the
first processor of structlog's configured chain, and the stdlib bridge is a handler on
the root logger; :func:`configure_logging` replaces both (safe to call again on reload).

Layout: :mod:`.filter` holds the levels and the filter, :mod:`.render` the console and
JSON line renderers, :mod:`.output` the filtering processor, :class:`Logger`, stdlib
bridge and :func:`configure_logging`.
"""

from __future__ import annotations

from zeroclaw_daemon.logs.filter import (
    DEBUG,
    ERROR,
    INFO,
    OFF,
    TRACE,
    WARN,
    Directive,
    LogFilter,
    level_number,
    select_filter_spec,
)
from zeroclaw_daemon.logs.output import (
    Logger,
    StdlibBridge,
    active_filter,
    configure_logging,
    get_logger,
    reset_logging,
)
from zeroclaw_daemon.logs.render import ConsoleLineRenderer, JsonLineRenderer

__all__ = [
    "DEBUG",
    "ERROR",
    "INFO",
    "OFF",
    "TRACE",
    "WARN",
    "ConsoleLineRenderer",
    "Directive",
    "JsonLineRenderer",
    "LogFilter",
    "Logger",
    "StdlibBridge",
    "active_filter",
    "configure_logging",
    "get_logger",
    "level_number",
    "reset_logging",
    "select_filter_spec",
]
