"""Log output: the filtering processor, the Logger, the stdlib bridge, set-up (the line
renderers are in render.py)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping, MutableMapping
from typing import Any, Final, TextIO, cast

import structlog
from structlog.typing import EventDict, WrappedLogger

from zeroclaw_daemon.logs.filter import (
    DEBUG,
    ERROR,
    INFO,
    TRACE,
    WARN,
    LogFilter,
    level_number,
    select_filter_spec,
)
from zeroclaw_daemon.logs.render import UNKNOWN_TARGET, ConsoleLineRenderer, JsonLineRenderer

_NAME_BY_LEVEL: Final[Mapping[int, str]] = {
    TRACE: "TRACE",
    DEBUG: "DEBUG",
    INFO: "INFO",
    WARN: "WARN",
    ERROR: "ERROR",
}
_LEVEL_BY_RENDERED: Final[Mapping[str, int]] = {name: lvl for lvl, name in _NAME_BY_LEVEL.items()}
_LEVEL_BY_METHOD: Final[Mapping[str, int]] = {
    "trace": TRACE,
    "debug": DEBUG,
    "info": INFO,
    "msg": INFO,
    "warn": WARN,
    "warning": WARN,
    "error": ERROR,
    "err": ERROR,
    "exception": ERROR,
    "critical": ERROR,
    "fatal": ERROR,
}
# Method of structlog's bound logger used to emit each level (it has no "trace").
_METHOD_BY_LEVEL: Final[Mapping[int, str]] = {
    TRACE: "debug",
    DEBUG: "debug",
    INFO: "info",
    WARN: "warning",
    ERROR: "error",
}
_RESERVED_KEYS: Final = frozenset({"timestamp", "level", "target", "event", "exception"})
_FORCE_KEY: Final = "_zeroclaw_force"  # set on reports that must bypass the filter


def _level_from_stdlib(levelno: int) -> int:
    if levelno < DEBUG:
        return TRACE
    if levelno < INFO:
        return DEBUG
    if levelno < WARN:
        return INFO
    if levelno < ERROR:
        return WARN
    return ERROR


# ---------------------------------------------------------------------------------------------
# Processors.


class _TargetGate:
    """First processor of the chain: holds the active filter and drops what it rejects."""

    __slots__ = ("announced", "filter", "fmt", "retired", "stream")

    def __init__(self, log_filter: LogFilter, fmt: str, stream: TextIO | None) -> None:
        self.filter = log_filter
        self.fmt = fmt
        self.stream = stream  # as passed: None means "the current stderr"
        # The (filter, format) whose WARN/"Logging configured" lines were last printed:
        # a quiet interim set-up (the daemon's warn-only one before its config is read)
        # must not make the next one print them a second time.
        self.announced: tuple[str, str] | None = None
        # Set when a new configuration replaces this one, so loggers caching it look again.
        self.retired = False

    def __call__(self, logger: WrappedLogger, method_name: str, event_dict: EventDict) -> EventDict:
        forced = event_dict.pop(_FORCE_KEY, False)
        # Direct structlog callers may not set our keys; derive them from the method.
        level_name = event_dict.get("level")
        level = _LEVEL_BY_RENDERED.get(level_name) if isinstance(level_name, str) else None
        if level is None:
            level = _LEVEL_BY_METHOD.get(method_name, INFO)
            event_dict["level"] = _NAME_BY_LEVEL[level]
        target = event_dict.setdefault("target", UNKNOWN_TARGET)
        if not forced and not self.filter.enabled(str(target), level):
            raise structlog.DropEvent
        return event_dict


class _CurrentStderr:
    """Writes to whatever ``sys.stderr`` is at write time (test runners swap it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


# ---------------------------------------------------------------------------------------------
# Emitting.


def _configured_gate() -> _TargetGate | None:
    processors = structlog.get_config()["processors"]
    head = processors[0] if processors else None
    return head if isinstance(head, _TargetGate) else None


def _active_gate() -> _TargetGate | None:
    if not structlog.is_configured():
        configure_logging()  # first use without set-up: defaults, honouring RUST_LOG
    return _configured_gate()


def _retire_gate() -> None:
    gate = _configured_gate()
    if gate is not None:
        gate.retired = True


def active_filter() -> LogFilter | None:
    """The filter of the current configuration (None if structlog was set up elsewhere)."""
    gate = _active_gate()
    return None if gate is None else gate.filter


def _emit(target: str, level: int, event: str, fields: MutableMapping[str, Any],
          *, force: bool = False) -> None:
    for key in _RESERVED_KEYS.intersection(fields):
        fields[f"{key}_"] = fields.pop(key)
    fields["level"] = _NAME_BY_LEVEL[level]
    fields["target"] = target
    if force:
        fields[_FORCE_KEY] = True
    getattr(structlog.get_logger(), _METHOD_BY_LEVEL[level])(event, **fields)


class Logger:
    """A logger for one target; cheap to create, reads the active config on every call."""

    __slots__ = ("_context", "_gate", "_target")

    def __init__(self, target: str, context: Mapping[str, Any] | None = None) -> None:
        self._target = target
        self._context: Mapping[str, Any] = dict(context or {})
        self._gate: _TargetGate | None = None

    def _current_gate(self) -> _TargetGate | None:
        # Looking the gate up in structlog's config costs more than the filter decision, and
        # a disabled DEBUG sits on the receipt hot path: cache it until it is retired.
        gate = self._gate
        if gate is None or gate.retired:
            gate = self._gate = _active_gate()
        return gate

    @property
    def target(self) -> str:
        """The Rust-style target name this logger writes under."""
        return self._target

    def bind(self, **fields: Any) -> Logger:
        """A logger for the same target that adds ``fields`` to every record."""
        return Logger(self._target, {**self._context, **fields})

    def is_enabled(self, level: str | int) -> bool:
        """Whether a record at ``level`` would be written (guard for costly fields)."""
        # Called for every receipt (a disabled DEBUG guards its line): the cached gate and
        # a numeric level skip two calls.
        gate = self._gate
        if gate is None or gate.retired:
            gate = self._current_gate()
            if gate is None:
                return True
        return gate.filter.enabled(self._target,
                                   level if isinstance(level, int) else level_number(level))

    def _log(self, level: int, event: str, fields: dict[str, Any]) -> None:
        gate = self._current_gate()
        if gate is not None and not gate.filter.enabled(self._target, level):
            return
        if self._context:
            fields = {**self._context, **fields}
        _emit(self._target, level, event, fields)

    def trace(self, event: str, **fields: Any) -> None:
        """Log at TRACE."""
        self._log(TRACE, event, fields)

    def debug(self, event: str, **fields: Any) -> None:
        """Log at DEBUG."""
        self._log(DEBUG, event, fields)

    def info(self, event: str, **fields: Any) -> None:
        """Log at INFO."""
        self._log(INFO, event, fields)

    def warning(self, event: str, **fields: Any) -> None:
        """Log at WARN."""
        self._log(WARN, event, fields)

    warn = warning

    def error(self, event: str, **fields: Any) -> None:
        """Log at ERROR."""
        self._log(ERROR, event, fields)

    def exception(self, event: str, **fields: Any) -> None:
        """Log at ERROR with the exception being handled (traceback included)."""
        fields.setdefault("exc_info", True)
        self._log(ERROR, event, fields)

    def __repr__(self) -> str:
        return f"Logger({self._target!r})"


def get_logger(target: str) -> Logger:
    """A logger for the Rust-style ``target`` (``"zeroclaw_runtime::agent"``)."""
    return Logger(target)


# ---------------------------------------------------------------------------------------------
# The stdlib bridge.


OWN_PREFIX = "zeroclaw"
THIRD_PARTY_FLOOR = WARN


class StdlibBridge(logging.Handler):
    """Root-logger handler sending stdlib records through our filter and renderer."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            level = _level_from_stdlib(record.levelno)
            gate = _active_gate()
            if gate is not None and not gate.filter.enabled(record.name, level):
                return
            # Libraries (httpx logs every request at INFO) speak at warn and above
            # unless the filter names them or its default is debug or finer: `info`
            # means our info, not theirs; `trace` means everything.
            if (level < THIRD_PARTY_FLOOR and not record.name.startswith(OWN_PREFIX)
                    and (gate is None or (gate.filter.default >= INFO
                                          and not gate.filter.names(record.name)))):
                return
            fields: dict[str, Any] = {}
            if record.exc_info:
                fields["exc_info"] = record.exc_info
            _emit(record.name, level, record.getMessage(), fields)
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)


def _install_stdlib_bridge(log_filter: LogFilter) -> None:
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, StdlibBridge):
            root.removeHandler(handler)
    root.addHandler(StdlibBridge())
    # Let the stdlib drop what no target could want before it formats anything.
    root.setLevel(min(log_filter.min_threshold, logging.CRITICAL + 1))


def reset_logging() -> None:
    """Undo :func:`configure_logging` (for tests): structlog defaults, bridge removed."""
    _retire_gate()
    structlog.reset_defaults()
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, StdlibBridge):
            root.removeHandler(handler)
    root.setLevel(logging.WARNING)


def configure_logging(
    config_filter: str = "info",
    fmt: str = "console",
    stream: TextIO | None = None,
    *,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Set up structlog and the stdlib bridge; call again to apply a new config.

    The filter is ``ZEROCLAW_LOG``, else ``RUST_LOG``, else ``config_filter``. ``fmt`` is
    ``"console"`` or ``"json"``. Output goes to ``stream`` (default: the current stderr).
    Bad directives are reported as WARN lines and skipped.
    """
    renderer: ConsoleLineRenderer | JsonLineRenderer
    if fmt == "console":
        renderer = ConsoleLineRenderer()
    elif fmt == "json":
        renderer = JsonLineRenderer()
    else:
        raise ValueError(f"unknown log format {fmt!r} (expected 'console' or 'json')")
    source, spec = select_filter_spec(config_filter, environ)
    log_filter, errors = LogFilter.parse(spec)
    previous = _configured_gate()
    announced = (previous.announced if previous is not None and previous.stream is stream
                 else None)
    _retire_gate()
    gate = _TargetGate(log_filter, fmt, stream)
    structlog.configure(
        processors=[
            gate,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.NOTSET),
        context_class=dict,
        logger_factory=structlog.PrintLoggerFactory(stream or cast(TextIO, _CurrentStderr())),
        cache_logger_on_first_use=False,
    )
    _install_stdlib_bridge(log_filter)
    gate.announced = announced
    if announced == (spec, fmt):
        return  # a re-apply of the same settings (CLI start, then config load): say it once
    for error in errors:
        _emit("zeroclaw_daemon", WARN, "Bad log filter directive", {"source": source,
              "problem": error}, force=True)
    Logger("zeroclaw_daemon").debug("Logging configured", source=source, filter=spec, format=fmt)
    if errors or log_filter.enabled("zeroclaw_daemon", DEBUG):
        gate.announced = (spec, fmt)
