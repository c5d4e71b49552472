"""RUST_LOG-style filtering, the two renderers, the stdlib bridge and env precedence."""

# The house style asserts `expected == actual`, which ruff's SIM300 calls Yoda.

from __future__ import annotations

import io
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from zeroclaw_daemon.logs import (
    DEBUG,
    OFF,
    TRACE,
    LogFilter,
    active_filter,
    configure_logging,
    get_logger,
    select_filter_spec,
)

pytestmark = pytest.mark.usefixtures("clean_logging")

CONSOLE_LINE = re.compile(
    r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z (TRACE|DEBUG| INFO| WARN|ERROR) (\S+): (.*)$"
)

FILTER_TABLE = [
    # (filter, target, level, enabled)
    ("", "zeroclaw_daemon", "info", True),
    ("", "zeroclaw_daemon", "debug", False),
    ("zeroclaw_runtime::agent=debug,info", "zeroclaw_runtime::agent", "debug", True),
    ("zeroclaw_runtime::agent=debug,info", "zeroclaw_runtime::agent", "trace", False),
    ("zeroclaw_runtime::agent=debug,info", "zeroclaw_runtime::agent::loop", "debug", True),
    ("zeroclaw_runtime::agent=debug,info", "zeroclaw_runtime::security", "debug", False),
    ("zeroclaw_runtime::agent=debug,info", "zeroclaw_runtime::security", "info", True),
    ("zeroclaw_runtime::agent=debug,info", "httpx", "info", True),
    ("off", "zeroclaw_daemon", "error", False),
    ("off", "uvicorn.error", "error", False),
    ("info,zeroclaw_runtime::agent=off", "zeroclaw_runtime::agent", "error", False),
    ("info,zeroclaw_runtime::agent=off", "zeroclaw_runtime::security", "info", True),
    ("zeroclaw_runtime=trace,zeroclaw_runtime::agent=warn", "zeroclaw_runtime::security",
     "trace", True),
    ("zeroclaw_runtime=trace,zeroclaw_runtime::agent=warn", "zeroclaw_runtime::agent",
     "info", False),
    ("zeroclaw_runtime=trace,zeroclaw_runtime::agent=warn", "zeroclaw_runtime::agent",
     "warn", True),
    # Only targets named: everything else is off, as in Rust.
    ("zeroclaw_runtime=trace,zeroclaw_runtime::agent=warn", "zeroclaw_daemon", "error", False),
    ("zeroclaw_runtime::agent=debug", "zeroclaw_runtime", "error", False),
    # Junk is ignored; with nothing valid left the default is info.
    ("=debug", "zeroclaw_daemon", "info", True),
    ("=debug", "zeroclaw_daemon", "debug", False),
    ("foo=loud", "foo", "debug", False),
    ("foo=loud", "foo", "info", True),
    (",,,", "zeroclaw_daemon", "info", True),
    (",,,", "zeroclaw_daemon", "debug", False),
    ("info,foo=loud,bar=debug", "bar", "debug", True),
    ("a=b=c,warn", "a", "info", False),
    # Levels: case-insensitive, "warning" is warn, trace is below debug.
    ("DEBUG", "anything", "debug", True),
    ("zeroclaw_config=INFO", "zeroclaw_config", "info", True),
    ("zeroclaw_config=INFO", "zeroclaw_config", "debug", False),
    ("Warning", "x", "warn", True),
    ("warning", "x", "info", False),
    ("trace", "x", "trace", True),
    ("debug", "x", "trace", False),
    ("error", "x", "error", True),
    ("error", "x", "warn", False),
    # A bare target means all its levels.
    ("zeroclaw_channels", "zeroclaw_channels::irc", "trace", True),
    ("zeroclaw_channels", "zeroclaw_daemon", "error", False),
    # Plain string prefix, longest match wins, last duplicate wins.
    ("zeroclaw=debug", "zeroclaw_runtime::agent", "debug", True),
    ("zeroclaw=error,zeroclaw_runtime=debug", "zeroclaw_runtime::agent", "debug", True),
    ("zeroclaw=error,zeroclaw_runtime=debug", "zeroclaw_daemon", "warn", False),
    ("zeroclaw_runtime=debug,zeroclaw=error", "zeroclaw_runtime::agent", "debug", True),
    ("a=debug,a=warn", "a", "info", False),
    ("debug,info", "x", "debug", False),
    # Stdlib loggers by their names; spaces around directives are fine.
    ("warn,httpx=debug", "httpx", "debug", True),
    ("warn,httpx=debug", "uvicorn", "info", False),
    ("warn,httpx=debug", "uvicorn.error", "warn", True),
    (" zeroclaw_daemon = debug , warn ", "zeroclaw_daemon", "debug", True),
]


@pytest.mark.parametrize(("spec", "target", "level", "expected"), FILTER_TABLE)
def test_filter_table(spec: str, target: str, level: str, expected: bool) -> None:
    """Each directive string enables exactly what env_logger/EnvFilter would."""
    log_filter, _ = LogFilter.parse(spec)
    assert expected == log_filter.enabled(target, level)
    assert expected == log_filter.enabled(target, level)  # again, from the cache


@pytest.mark.parametrize(
    ("spec", "bad"),
    [
        ("=debug", "=debug"),
        ("foo=loud", "foo=loud"),
        ("info,a=b=c", "a=b=c"),
        ("info,bad target", "bad target"),
        ("x[span]=debug", "x[span]=debug"),
    ],
)
def test_bad_directives_are_reported(spec: str, bad: str) -> None:
    """A bad directive produces one error naming it; the good ones still apply."""
    _, errors = LogFilter.parse(spec)
    assert 1 == len(errors)
    assert repr(bad) in errors[0]


def test_good_spec_has_no_errors() -> None:
    """A valid spec parses without complaint."""
    assert [] == LogFilter.parse("warn,zeroclaw_runtime::agent=debug,httpx,off")[1]
    assert [] == LogFilter.parse(",,,")[1]


def test_thresholds() -> None:
    """threshold() gives the lowest enabled level; off is above everything."""
    log_filter, _ = LogFilter.parse("info,zeroclaw_runtime=trace,zeroclaw_daemon=off")
    assert (TRACE, OFF, 20) == (
        log_filter.threshold("zeroclaw_runtime::agent"),
        log_filter.threshold("zeroclaw_daemon"),
        log_filter.threshold("httpx"),
    )
    assert TRACE == log_filter.min_threshold


@pytest.mark.parametrize(
    ("environ", "config_filter", "expected"),
    [
        ({"ZEROCLAW_LOG": "debug", "RUST_LOG": "warn"}, "error", ("ZEROCLAW_LOG", "debug")),
        ({"RUST_LOG": "warn"}, "error", ("RUST_LOG", "warn")),
        ({"ZEROCLAW_LOG": "  ", "RUST_LOG": "warn"}, "error", ("RUST_LOG", "warn")),
        ({}, "error", ("config", "error")),
        ({"RUST_LOG": ""}, "", ("default", "info")),
    ],
)
def test_filter_precedence(
    environ: dict[str, str], config_filter: str, expected: tuple[str, str]
) -> None:
    """ZEROCLAW_LOG beats RUST_LOG beats the config value; blank variables count as unset."""
    assert expected == select_filter_spec(config_filter, environ)


def console_lines(stream: io.StringIO) -> list[str]:
    """The console records written so far (continuation lines of tracebacks excluded)."""
    return [line for line in stream.getvalue().splitlines() if CONSOLE_LINE.match(line)]


def test_console_output_format() -> None:
    """Console lines read `<time> <LEVEL> <target>: <event> key=value ...`."""
    stream = io.StringIO()
    configure_logging("zeroclaw_runtime::agent=debug", "console", stream, environ={})
    get_logger("zeroclaw_runtime::agent").debug(
        "Tool receipt generated", tool="shell", receipt="zc-receipt-1-abc", count=3, ok=True,
        note="two words",
    )
    [line] = console_lines(stream)
    match = CONSOLE_LINE.match(line)
    assert match is not None
    assert ("DEBUG", "zeroclaw_runtime::agent") == match.group(1, 2)
    expected = (
        'Tool receipt generated tool=shell receipt=zc-receipt-1-abc count=3 ok=true '
        'note="two words"'
    )
    assert expected == match.group(3)


def test_console_output_escapes_newlines_and_prints_tracebacks() -> None:
    """A newline in a message cannot forge a record; exceptions add their traceback."""
    stream = io.StringIO()
    configure_logging("info", "console", stream, environ={})
    log = get_logger("zeroclaw_daemon")
    log.info("line one\n2026-01-01T00:00:00Z ERROR forged: yes")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        log.exception("It failed", step=2)
    text = stream.getvalue()
    assert 2 == len(console_lines(stream))
    assert "line one\\n2026-01-01" in text
    assert "ERROR zeroclaw_daemon: It failed step=2\nTraceback (most recent call last):" in text
    assert "RuntimeError: boom" in text


def test_json_output_is_one_object_per_line() -> None:
    """JSON records parse and carry timestamp, level, target, event and fields."""
    stream = io.StringIO()
    configure_logging("debug", "json", stream, environ={})
    get_logger("zeroclaw_providers::openai").info("Request sent", attempt=2, model="m\nx",
                                                  level="mine")
    get_logger("zeroclaw_providers::openai").trace("Not shown")
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    sent = [r for r in records if r["event"] == "Request sent"]
    assert 1 == len(sent)
    record = sent[0]
    assert ["timestamp", "level", "target", "event", "fields"] == list(record)
    assert ("INFO", "zeroclaw_providers::openai") == (record["level"], record["target"])
    assert {"attempt": 2, "model": "m\nx", "level_": "mine"} == record["fields"]
    assert not any(r["event"] == "Not shown" for r in records)


def test_stdlib_loggers_go_through_the_filter() -> None:
    """stdlib records (httpx, uvicorn) use the same filter and renderer, by logger name."""
    stream = io.StringIO()
    configure_logging("warn,httpx=debug", "console", stream, environ={})
    logging.getLogger("httpx").debug("HTTP Request: %s %s", "GET", "http://127.0.0.1/")
    logging.getLogger("uvicorn.error").info("Started server process")
    logging.getLogger("uvicorn.error").warning("Something odd")
    lines = console_lines(stream)
    assert 2 == len(lines)
    assert lines[0].endswith("DEBUG httpx: HTTP Request: GET http://127.0.0.1/")
    assert lines[1].endswith(" WARN uvicorn.error: Something odd")


def test_third_party_info_is_quiet_unless_the_filter_names_it() -> None:
    """At `info`, a library's INFO line (httpx logs every request) is dropped and its
    warnings pass; naming the library in the filter brings its INFO back; ours stay."""
    stream = io.StringIO()
    configure_logging("info", "console", stream, environ={})
    logging.getLogger("httpx").info("HTTP Request: POST http://127.0.0.1/v1/receipts/verify")
    logging.getLogger("httpx").warning("retrying")
    get_logger("zeroclaw_daemon").info("Our line")
    named = io.StringIO()
    configure_logging("info,httpx=info", "console", named, environ={})
    logging.getLogger("httpx").info("HTTP Request: GET http://127.0.0.1/")
    assert ["WARN httpx: retrying", "INFO zeroclaw_daemon: Our line"] == [
        line.split(maxsplit=1)[1] for line in console_lines(stream)]
    assert console_lines(named)[0].endswith("INFO httpx: HTTP Request: GET http://127.0.0.1/")


def test_stdlib_root_level_follows_the_filter() -> None:
    """The stdlib drops records no target wants before formatting them."""
    configure_logging("info", "console", io.StringIO(), environ={})
    assert not logging.getLogger("httpx").isEnabledFor(logging.DEBUG)
    configure_logging("info,httpx=debug", "console", io.StringIO(), environ={})
    assert logging.getLogger("httpx").isEnabledFor(logging.DEBUG)


def test_reconfigure_applies_to_existing_loggers() -> None:
    """A logger obtained before a reload follows the new filter and stream."""
    first, second = io.StringIO(), io.StringIO()
    configure_logging("info", "console", first, environ={})
    log = get_logger("zeroclaw_runtime::agent")
    log.debug("hidden")
    assert not log.is_enabled("debug")
    configure_logging("zeroclaw_runtime::agent=debug", "console", second, environ={})
    log.debug("shown")
    assert log.is_enabled("debug")
    assert "hidden" not in first.getvalue() + second.getvalue()
    assert [True] == ["DEBUG zeroclaw_runtime::agent: shown" in line
                      for line in console_lines(second)]


def test_bad_directive_is_logged_as_warning() -> None:
    """A bad directive is one WARN line naming it (even when filtered out), said once."""
    stream = io.StringIO()
    configure_logging("off", "console", stream, environ={"RUST_LOG": "error,foo=loud"})
    lines = console_lines(stream)
    assert 1 == len(lines)
    assert " WARN zeroclaw_daemon: Bad log filter directive source=RUST_LOG" in lines[0]
    assert "'foo=loud'" in lines[0]
    configure_logging("off", "console", stream, environ={"RUST_LOG": "error,foo=loud"})
    assert 1 == len(console_lines(stream))  # re-applying the same settings does not repeat it
    active = active_filter()
    assert active is not None
    assert "error,foo=loud" == active.spec


def test_bound_fields_are_added() -> None:
    """bind() adds fields to every record of the new logger."""
    stream = io.StringIO()
    configure_logging("info", "console", stream, environ={})
    get_logger("zeroclaw_channels::gateway").bind(conversation="c1").info("Turn done", ms=5)
    assert console_lines(stream)[0].endswith("Turn done conversation=c1 ms=5")


def test_disabled_debug_is_cheap() -> None:
    """A filtered-out debug call does no formatting: its arguments are never rendered."""

    class Exploding:
        def __str__(self) -> str:
            raise AssertionError("rendered a filtered record")

        __repr__ = __str__

    configure_logging("info", "console", io.StringIO(), environ={})
    get_logger("zeroclaw_runtime::agent").debug("Tool receipt generated", value=Exploding())
    assert not get_logger("zeroclaw_runtime::agent").is_enabled(DEBUG)


def run_config_check(config: Path, rust_log: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m zeroclaw_daemon config check CONFIG` with only RUST_LOG set for logging."""
    env = {k: v for k, v in os.environ.items() if k not in ("ZEROCLAW_LOG", "ZEROCLAW_CONFIG")}
    env["RUST_LOG"] = rust_log
    return subprocess.run(
        [sys.executable, "-m", "zeroclaw_daemon", "config", "check", str(config)],
        capture_output=True, text=True, env=env, cwd=cwd, timeout=20, check=False,
    )


def test_subprocess_rust_log_enables_debug_target(
    shipped_config_path: Path, tmp_path: Path
) -> None:
    """RUST_LOG=zeroclaw_config=debug shows the config loader's DEBUG line on stderr."""
    result = run_config_check(shipped_config_path, "zeroclaw_config=debug", tmp_path)
    assert 0 == result.returncode, result.stderr
    assert f"ok: {shipped_config_path}\n" == result.stdout
    lines = [line for line in result.stderr.splitlines() if CONSOLE_LINE.match(line)]
    assert any(
        f"DEBUG zeroclaw_config: Config loaded path={shipped_config_path}" in line
        for line in lines
    ), result.stderr
    # Only the named target is on: the daemon's own debug lines stay off.
    assert not any("zeroclaw_daemon" in line for line in lines)


def test_subprocess_rust_log_info_hides_debug(shipped_config_path: Path, tmp_path: Path) -> None:
    """RUST_LOG=zeroclaw_config=info hides it."""
    result = run_config_check(shipped_config_path, "zeroclaw_config=info", tmp_path)
    assert 0 == result.returncode, result.stderr
    assert "" == result.stderr
