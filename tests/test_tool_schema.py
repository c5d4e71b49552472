"""Argument validation against each tool's JSON schema (tools/schema.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from zeroclaw_daemon.errors import ToolArgumentError
from zeroclaw_daemon.tools.base import RiskClass, Tool, ToolContext, ToolOutput
from zeroclaw_daemon.tools.files import ListDirTool, ReadFileTool, WriteFileTool
from zeroclaw_daemon.tools.schema import _schema_key, _validator_for, validate_arguments
from zeroclaw_daemon.tools.shell import ShellTool


class NestedTool(Tool):
    """A stand-in tool with a nested schema."""

    name = "nested"
    description = "test tool"
    risk = RiskClass.READ
    parameters: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": {"type": "integer"}},
            "mode": {"enum": ["fast", "slow"]},
            "label": {"type": "string", "maxLength": 3},
        },
        "required": ["items"],
        "additionalProperties": False,
    }

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        return ToolOutput(text="")


def _error(tool: Tool, raw: str) -> ToolArgumentError:
    with pytest.raises(ToolArgumentError) as caught:
        validate_arguments(tool, raw)
    return caught.value


def test_valid_arguments_are_returned_parsed(tmp_path: Path) -> None:
    """A matching object comes back as the parsed dict."""
    tool = WriteFileTool(tmp_path, 100)
    assert {"path": "a.txt", "content": "hi"} == validate_arguments(
        tool, '{"path": "a.txt", "content": "hi"}')


def test_missing_required_argument_is_named(tmp_path: Path) -> None:
    """A missing required property is reported by name."""
    error = _error(ReadFileTool(tmp_path, 100), "{}")
    assert "invalid" == error.status
    assert "invalid arguments: missing required argument 'path'" == error.message


def test_wrong_type_names_argument_and_types(tmp_path: Path) -> None:
    """A wrongly typed value says which argument, what was expected and what came."""
    error = _error(ReadFileTool(tmp_path, 100), '{"path": 7}')
    assert "invalid arguments: argument 'path': expected string, got integer" == error.message


def test_unexpected_argument_lists_allowed_ones(tmp_path: Path) -> None:
    """An extra property is named, with the allowed ones."""
    error = _error(ReadFileTool(tmp_path, 100), '{"path": "a", "mode": "x"}')
    assert "invalid arguments: unexpected argument 'mode' (allowed: path)" == error.message


def test_every_problem_is_listed_in_path_order() -> None:
    """Several problems are all reported, nested positions included."""
    error = _error(NestedTool(), '{"items": [1, "two"], "mode": "medium"}')
    assert ("invalid arguments: argument 'items'[1]: expected integer, got string; "
            "argument 'mode': must be one of \"fast\", \"slow\"") == error.message


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"text"', '{"path": NaN}',
                                 '{"path": Infinity}', '{"n": 1e999}'])
def test_unparseable_or_non_object_arguments_are_invalid(tmp_path: Path, raw: str) -> None:
    """Bad JSON, non-objects and non-finite numbers never reach the tool."""
    error = _error(ReadFileTool(tmp_path, 100), raw)
    assert "invalid" == error.status
    assert error.message.startswith("arguments are not usable: ")


def test_blank_arguments_mean_an_empty_object(tmp_path: Path) -> None:
    """Models sometimes send "" for a tool without required arguments."""
    assert {} == validate_arguments(ListDirTool(tmp_path), "")


def test_shell_needs_exactly_one_of_argv_or_command(tmp_path: Path) -> None:
    """The shell schema refuses both forms at once with a readable reason."""
    tool = ShellTool(["echo"], tmp_path, 5, 1000)
    error = _error(tool, '{"argv": ["echo"], "command": "echo"}')
    assert "invalid arguments: arguments: Give exactly one of 'argv' or 'command'." == (
        error.message)
    assert {"argv": ["echo", "hi"]} == validate_arguments(tool, '{"argv": ["echo", "hi"]}')


def test_huge_values_are_clipped_in_messages() -> None:
    """A long offending value does not flood the message."""
    tool = NestedTool()
    error = _error(tool, '{"items": [], "label": "' + "x" * 5000 + '"}')
    assert error.message.startswith("invalid arguments: argument 'label': 'xxx")
    assert error.message.endswith("...")
    assert len(error.message) < 200


def test_validator_is_compiled_once_per_schema(tmp_path: Path) -> None:
    """Two tools with the same schema share one compiled validator."""
    first = ReadFileTool(tmp_path, 100)
    second = ReadFileTool(tmp_path / "other", 100)
    assert _validator_for(_schema_key(first.parameters)) is _validator_for(
        _schema_key(second.parameters))


def test_each_schema_object_keeps_its_own_validator() -> None:
    """Schemas built one after another (as each reload builds its MCP tools') are never
    mixed up by the validator memo, even after the first is gone and its id is free."""
    def tool_with(kind: str) -> Tool:
        tool = NestedTool()
        tool.parameters = {"type": "object", "properties": {"n": {"type": kind}},
                           "required": ["n"]}
        return tool

    outcomes = []
    for kind in ["integer", "string"] * 20:
        tool = tool_with(kind)
        try:
            validate_arguments(tool, '{"n": 1}')
            outcomes.append((kind, "ok"))
        except ToolArgumentError:
            outcomes.append((kind, "invalid"))
        del tool
    assert [("integer", "ok"), ("string", "invalid")] * 20 == outcomes
