"""How a bad config is reported: every problem at once, its path and line, never a value."""

# The house style asserts `expected == actual`, which ruff's SIM300 calls Yoda.

from __future__ import annotations

from pathlib import Path

import pytest
from test_config import SECRET, problems_of

from zeroclaw_daemon.config import (
    load_config,
    parse_config,
)
from zeroclaw_daemon.errors import ConfigError, ConfigProblem

pytestmark = pytest.mark.usefixtures("clean_logging")


BROKEN = f"""
[daemon]
max_concurrent_turns = 0

[agent.tool_receipts]
enabled = "{SECRET}"

[agent.tool_receipts.audit]
mode = "{SECRET}"
colour = "red"

[tools.shell]
allow = ["ls", 3]

[channels.gateway]
listen = "{SECRET}"
auth_token_env = "{SECRET}"

[channels.irc]
port = 70000
"""


def test_broken_file_reports_every_problem_without_values(tmp_path: Path) -> None:
    """Seven different mistakes come back together, by dotted path, none echoing the value."""
    problems = problems_of(BROKEN, tmp_path)
    expected_paths = {
        "daemon.max_concurrent_turns",
        "agent.tool_receipts.enabled",
        "agent.tool_receipts.audit.mode",
        "agent.tool_receipts.audit.colour",
        "tools.shell.allow[1]",
        "channels.gateway.listen",
        "channels.gateway.auth_token_env",
        "channels.irc.port",
    }
    assert expected_paths == {p.path for p in problems}
    by_path = {p.path: p.message for p in problems}
    assert "expected a boolean (true or false)" == by_path["agent.tool_receipts.enabled"]
    assert "unknown key" == by_path["agent.tool_receipts.audit.colour"]
    assert by_path["agent.tool_receipts.audit.mode"].startswith("expected one of 'off'")
    assert by_path["channels.gateway.listen"].startswith("expected host:port")
    assert "must be at least 1" == by_path["daemon.max_concurrent_turns"]
    assert "must be at most 65535" == by_path["channels.irc.port"]
    path = tmp_path / "zeroclaw.toml"
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    rendered = str(caught.value) + repr(caught.value) + repr(caught.value.problems)
    assert SECRET not in rendered
    assert "input_value" not in rendered
    assert caught.value.__cause__ is None  # the pydantic error (which holds inputs) is dropped


def test_unknown_keys_at_every_depth(tmp_path: Path) -> None:
    """Unknown keys are errors at the top, in a section and deep in a nested table."""
    problems = problems_of(
        "[nonsense]\na = 1\n[tools.shell]\nenabeld = true\n"
        "[agent.tool_receipts.audit]\nstrict = true\n",
        tmp_path,
    )
    expected = {
        ConfigProblem("nonsense", "unknown key"),
        ConfigProblem("tools.shell.enabeld", "unknown key (did you mean 'enabled'?)"),
        ConfigProblem("agent.tool_receipts.audit.strict", "unknown key"),
    }
    assert expected == set(problems)


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ('[agent.tool_receipts]\nenabled = "true"\n', "agent.tool_receipts.enabled",
         "expected a boolean (true or false)"),
        ("[agent.tool_receipts]\nenabled = 1\n", "agent.tool_receipts.enabled",
         "expected a boolean (true or false)"),
        ("[daemon]\nstate_dir = 30\n", "daemon.state_dir", "expected a string"),
        ("[daemon]\nmax_concurrent_turns = 1.5\n", "daemon.max_concurrent_turns",
         "expected an integer"),
        ("[daemon]\nmax_concurrent_turns = true\n", "daemon.max_concurrent_turns",
         "expected an integer"),
        ('[provider]\ntimeout_s = "60"\n', "provider.timeout_s", "expected a number"),
        ("[provider]\ntimeout_s = inf\n", "provider.timeout_s", "expected a finite number"),
        ('[tools.shell]\nallow = "ls"\n', "tools.shell.allow", "expected an array"),
        ("daemon = 3\n", "daemon", "expected a table"),
    ],
)
def test_strict_types(text: str, path: str, message: str, tmp_path: Path) -> None:
    """Strict mode: no coercion from strings, numbers or booleans of the wrong type."""
    assert [ConfigProblem(path, message)] == problems_of(text, tmp_path)


def test_integer_is_accepted_for_a_float_field() -> None:
    """``timeout_s = 5`` is a perfectly good number of seconds."""
    assert 5.0 == parse_config("[provider]\ntimeout_s = 5\n").provider.timeout_s


def test_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    """A TOML syntax error is one problem carrying its line and column."""
    problems = problems_of("[daemon]\nstate_dir = 'x'\nmax_concurrent_turns = = 2\n", tmp_path)
    assert 1 == len(problems)
    assert (3, 24) == (problems[0].line, problems[0].column)
    assert problems[0].message.startswith("TOML syntax error: ")
    assert "(at line" not in problems[0].message


def test_syntax_error_at_end_of_file(tmp_path: Path) -> None:
    """An error at the very end still gets a position (the last line)."""
    problems = problems_of("[daemon]\nstate_dir =", tmp_path)
    assert (2, 12) == (problems[0].line, problems[0].column)


def test_missing_file(tmp_path: Path) -> None:
    """A missing file is a ConfigError naming the path, exit code 78."""
    missing = tmp_path / "nope.toml"
    with pytest.raises(ConfigError) as caught:
        load_config(missing)
    assert (str(missing), [ConfigProblem("", "file not found")], 78) == (
        caught.value.source,
        list(caught.value.problems),
        caught.value.exit_code,
    )


def test_file_not_utf8(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are reported, not a crash."""
    path = tmp_path / "bad.toml"
    path.write_bytes(b"[daemon]\nstate_dir = '\xff'\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert [ConfigProblem("", "file is not valid UTF-8")] == list(caught.value.problems)
