"""The two line formats of a log record: console (``key=value``) and JSON, one record per line."""

from __future__ import annotations

import json
from typing import Any, Final

from structlog.typing import EventDict, WrappedLogger

UNKNOWN_TARGET: Final = "structlog"
_CONTROL_ESCAPES: Final = {i: f"\\x{i:02x}" for i in range(32)} | {
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
    0x7F: "\\x7f",
}


def _escape(text: str) -> str:
    # One record, one line: control characters in messages cannot forge extra lines.
    return text.translate(_CONTROL_ESCAPES)


def _console_value(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        if value and not any(c.isspace() or c in '="\\' or not c.isprintable() for c in value):
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple | dict):
        return json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))
    return _console_value(str(value))


def _split_record(event_dict: EventDict) -> tuple[str, str, str, str, str | None, EventDict]:
    timestamp = str(event_dict.pop("timestamp", ""))
    level = str(event_dict.pop("level", "INFO"))
    target = str(event_dict.pop("target", UNKNOWN_TARGET))
    event = str(event_dict.pop("event", ""))
    exception = event_dict.pop("exception", None)
    exception_text = None if exception is None else str(exception)
    return timestamp, level, target, event, exception_text, event_dict


class ConsoleLineRenderer:
    """``<iso time> <LEVEL> <target>: <event> key=value ...`` (traceback on following lines)."""

    def __call__(self, logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str:
        timestamp, level, target, event, exception, fields = _split_record(event_dict)
        line = f"{timestamp} {level:>5} {target}: {_escape(event)}"
        if fields:
            line += "".join(f" {_escape(str(k))}={_console_value(v)}" for k, v in fields.items())
        if exception:
            line += "\n" + exception.rstrip("\n")
        return line


class JsonLineRenderer:
    """One JSON object per line: timestamp, level, target, event, fields (and exception)."""

    def __call__(self, logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str:
        timestamp, level, target, event, exception, fields = _split_record(event_dict)
        record: dict[str, Any] = {
            "timestamp": timestamp,
            "level": level,
            "target": target,
            "event": event,
            "fields": fields,
        }
        if exception:
            record["exception"] = exception
        return json.dumps(record, ensure_ascii=False, default=str, separators=(",", ":"))
