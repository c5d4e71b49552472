"""Validate a model's raw tool arguments against the tool's JSON schema.

The middleware calls :func:`validate_arguments` before a tool runs, so a tool's
``run`` may trust the shape of its arguments. Failures become
:class:`~zeroclaw_daemon.errors.ToolArgumentError` with a short message that
says what is wrong in terms the model can act on, never a dump of the schema.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for

from zeroclaw_daemon.errors import ToolArgumentError
from zeroclaw_daemon.receipts import ArgsNotCanonicalError, parse_tool_arguments
from zeroclaw_daemon.tools.base import Tool

MAX_REPORTED_PROBLEMS = 5
MAX_DETAIL_CHARS = 120
_JSON_TYPE_NAMES = {
    dict: "object", list: "array", str: "string", bool: "boolean",
    int: "integer", float: "number", type(None): "null",
}


def validate_arguments(tool: Tool, raw_arguments: str) -> dict[str, Any]:
    """Parse ``raw_arguments`` (the model's JSON text) and check it against ``tool.parameters``.

    Returns the parsed arguments object. Raises ``ToolArgumentError`` when the
    text is not a JSON object (NaN and Infinity are refused, as the receipt MAC
    cannot frame them) or does not match the schema.
    """
    try:
        arguments = parse_tool_arguments(raw_arguments)
    except ArgsNotCanonicalError as exc:
        raise ToolArgumentError(tool.name, f"arguments are not usable: {exc.reason}") from None
    validator = _validator_of(_Schema(tool.parameters))
    if validator.is_valid(arguments):  # the common case: no errors to collect and sort
        return arguments
    problems = [_describe(error) for error in _sorted_errors(validator.iter_errors(arguments))]
    if problems:
        shown = problems[:MAX_REPORTED_PROBLEMS]
        if len(problems) > len(shown):
            shown.append(f"and {len(problems) - len(shown)} more")
        raise ToolArgumentError(tool.name, "invalid arguments: " + "; ".join(shown))
    return arguments


class _Schema:
    """A tool's schema object, hashed by identity: the memo key of its validator.

    Holding the object keeps its id from being reused while the memo has it. A
    tool's schema is built once (per tool, or per MCP tool list) and never changed
    in place, so the same object always means the same schema; this saves
    re-serialising it on every call (a few us of every tool call).
    """

    __slots__ = ("schema",)

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema

    def __hash__(self) -> int:
        return id(self.schema)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Schema) and other.schema is self.schema


@functools.lru_cache(maxsize=256)
def _validator_of(schema: _Schema) -> Validator:
    return _validator_for(_schema_key(schema.schema))


def _schema_key(schema: Mapping[str, Any]) -> str:
    # Schemas are small, immutable in practice, and JSON by definition, so their
    # canonical text is a safe cache key (tools need not be hashable or weak-referenceable).
    return json.dumps(schema, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=256)
def _validator_for(schema_text: str) -> Validator:
    # A pure memo keyed by the schema text: compiling a validator per call would
    # cost more than most tool calls' validation itself. A schema naming its dialect
    # ($schema, as MCP servers' draft-07 schemas do) is checked by that dialect's rules.
    schema = json.loads(schema_text)
    validator_class = validator_for(schema, default=Draft202012Validator)
    try:
        validator_class.check_schema(schema)
    except SchemaError as exc:
        # A bad schema is our bug, not the model's; say so plainly.
        raise ValueError(f"tool parameters are not a valid JSON schema: {exc.message}") from None
    return validator_class(schema)


def _sorted_errors(errors: Iterable[ValidationError]) -> list[ValidationError]:
    return sorted(errors, key=lambda error: [str(part) for part in error.absolute_path])


def _where(error: ValidationError) -> str:
    path = list(error.absolute_path)
    if not path:
        return "arguments"
    head, *rest = path
    text = f"argument {head!r}" if isinstance(head, str) else f"argument [{head}]"
    for part in rest:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def _json_type(value: Any) -> str:
    return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_DETAIL_CHARS else text[: MAX_DETAIL_CHARS - 3] + "..."


def _describe(error: ValidationError) -> str:
    """One short line per problem, naming the argument and what was expected."""
    where = _where(error)
    keyword = error.validator
    # jsonschema types these as "maybe unset"; for an error from iter_errors they are set.
    expected: Any = error.validator_value
    schema: Any = error.schema if isinstance(error.schema, Mapping) else {}
    instance = error.instance
    if keyword == "required":
        missing = [name for name in expected if isinstance(instance, dict) and name not in instance]
        names = ", ".join(repr(name) for name in missing) or repr(expected)
        prefix = "" if where == "arguments" else f"{where}: "
        return f"{prefix}missing required argument {names}"
    if keyword == "additionalProperties" and isinstance(instance, dict):
        allowed = set(schema.get("properties", {}))
        extra = sorted(name for name in instance if name not in allowed)
        names = ", ".join(repr(name) for name in extra)
        return f"unexpected argument {names}" + (
            f" (allowed: {', '.join(sorted(allowed))})" if allowed else "")
    if keyword == "type":
        wanted = " or ".join(expected) if isinstance(expected, list) else str(expected)
        return f"{where}: expected {wanted}, got {_json_type(instance)}"
    if keyword == "enum":
        return f"{where}: must be one of {_clip(', '.join(json.dumps(v) for v in expected))}"
    if keyword in ("minProperties", "maxProperties"):
        described = schema.get("description")
        if isinstance(described, str):
            return f"{where}: {described}"
    if keyword == "minLength":
        return f"{where}: must not be shorter than {expected} characters"
    if keyword == "minItems":
        return f"{where}: must have at least {expected} items"
    # jsonschema's own message quotes the instance; clip it so a huge value
    # does not flood the model's context.
    return f"{where}: {_clip(error.message)}"
