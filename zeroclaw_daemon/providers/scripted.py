"""A deterministic model driven by a TOML script: no network, same input, same answer.

Script format::

    [default]
    reply = "What to say when no rule matches. {user} is the user's message."

    [[rule]]
    match = "list (the )?files"   # regex, case-insensitive, searched in the last user message
    steps = [                     # tool-call rounds in order; each round is a list of calls
      [{ tool = "list_dir", args = { path = "." } }],   # made together (a bare table is a
    ]                                                   # one-call round)
    reply = "Files:\\n{result:1}\\n[receipt: {receipt:1}]"

Placeholders in a reply (N counts the tool results of this turn, from 1):
``{receipt:N}`` the receipt token on the N-th result ("" when it has none),
``{result:N}`` that result without its receipt trailer, ``{head:N:K}`` its
first K lines, ``{forged}`` a well-formed receipt token that was never issued,
``{user}`` the user's message. Anything else in braces is left as written.

Each ``chat`` call counts the assistant tool-call rounds since the last user
message and answers with the next round, or with the reply once all rounds ran.
"""

from __future__ import annotations

import json
import re
import secrets
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zeroclaw_daemon.errors import ConfigError, ConfigProblem
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, ToolCall, ToolSpec
from zeroclaw_daemon.receipts import format_token

DEFAULT_REPLY = "I have no scripted answer for that."
PLACEHOLDER_RE = re.compile(
    r"\{(?:(?P<kind>receipt|result):(?P<index>[0-9]+)"
    r"|head:(?P<head_index>[0-9]+):(?P<head_lines>[0-9]+)"
    r"|(?P<word>forged|user))\}")
# The runtime's trailer is exactly "\n\n[receipt: TOKEN]" at the end of a result.
TRAILER_RE = re.compile(r"\n\n\[receipt: (?P<token>[^\]\s]+)\]\s*\Z")
TRAILER_START = "\n\n[receipt: "


@dataclass(frozen=True, slots=True)
class ScriptedCall:
    tool: str
    args: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ScriptRule:
    pattern: re.Pattern[str]
    steps: tuple[tuple[ScriptedCall, ...], ...]
    reply: str


@dataclass(frozen=True, slots=True)
class Script:
    rules: tuple[ScriptRule, ...]
    default_reply: str

    def rule_for(self, user_message: str) -> ScriptRule | None:
        for rule in self.rules:
            if rule.pattern.search(user_message):
                return rule
        return None


def load_script(path: Path) -> Script:
    """Read and check a script; every problem is reported at once in a ConfigError."""
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(source, [ConfigProblem("provider.script", "script file not found")]
                          ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(source, [ConfigProblem("provider.script",
                                                 f"cannot read script: {exc}")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, [ConfigProblem("", f"invalid TOML: {exc}")]) from None
    problems: list[ConfigProblem] = []
    for key in data:
        if key not in ("rule", "default"):
            problems.append(ConfigProblem(key, "unknown key (expected [[rule]] or [default])"))
    default_reply = DEFAULT_REPLY
    default = data.get("default", {})
    if not isinstance(default, dict):
        problems.append(ConfigProblem("default", "must be a table"))
    else:
        problems.extend(ConfigProblem(f"default.{key}", "unknown key")
                        for key in default if key != "reply")
        reply = default.get("reply", DEFAULT_REPLY)
        if isinstance(reply, str):
            default_reply = reply
        else:
            problems.append(ConfigProblem("default.reply", "must be a string"))
    raw_rules = data.get("rule", [])
    rules: list[ScriptRule] = []
    if not isinstance(raw_rules, list):
        problems.append(ConfigProblem("rule", "must be an array of tables ([[rule]])"))
        raw_rules = []
    for index, raw in enumerate(raw_rules):
        rule = _parse_rule(f"rule[{index}]", raw, problems)
        if rule is not None:
            rules.append(rule)
    if problems:
        raise ConfigError(source, problems)
    return Script(rules=tuple(rules), default_reply=default_reply)


def _parse_rule(where: str, raw: Any, problems: list[ConfigProblem]) -> ScriptRule | None:
    if not isinstance(raw, dict):
        problems.append(ConfigProblem(where, "must be a table"))
        return None
    before = len(problems)
    problems.extend(ConfigProblem(f"{where}.{key}", "unknown key")
                    for key in raw if key not in ("match", "steps", "reply"))
    pattern: re.Pattern[str] | None = None
    match = raw.get("match")
    if not isinstance(match, str) or not match:
        problems.append(ConfigProblem(f"{where}.match", "required: a regular expression"))
    else:
        try:
            pattern = re.compile(match, re.IGNORECASE)
        except re.error as exc:
            problems.append(ConfigProblem(f"{where}.match",
                                          f"not a valid regular expression: {exc}"))
    reply = raw.get("reply")
    if not isinstance(reply, str):
        problems.append(ConfigProblem(f"{where}.reply", "required: a string"))
    raw_steps = raw.get("steps", [])
    steps: list[tuple[ScriptedCall, ...]] = []
    if not isinstance(raw_steps, list):
        problems.append(ConfigProblem(f"{where}.steps", "must be an array of rounds"))
        raw_steps = []
    for round_index, raw_round in enumerate(raw_steps):
        calls = raw_round if isinstance(raw_round, list) else [raw_round]
        parsed: list[ScriptedCall] = []
        for call_index, raw_call in enumerate(calls):
            call_where = f"{where}.steps[{round_index}]" + (
                f"[{call_index}]" if isinstance(raw_round, list) else "")
            call = _parse_call(call_where, raw_call, problems)
            if call is not None:
                parsed.append(call)
        if not calls:
            problems.append(ConfigProblem(f"{where}.steps[{round_index}]",
                                          "a round needs at least one call"))
        steps.append(tuple(parsed))
    if len(problems) > before or pattern is None or not isinstance(reply, str):
        return None
    return ScriptRule(pattern=pattern, steps=tuple(steps), reply=reply)


def _parse_call(where: str, raw: Any, problems: list[ConfigProblem]) -> ScriptedCall | None:
    if not isinstance(raw, dict):
        problems.append(ConfigProblem(where, "must be a table {tool = ..., args = {...}}"))
        return None
    problems.extend(ConfigProblem(f"{where}.{key}", "unknown key")
                    for key in raw if key not in ("tool", "args"))
    tool = raw.get("tool")
    args = raw.get("args", {})
    ok = True
    if not isinstance(tool, str) or not tool:
        problems.append(ConfigProblem(f"{where}.tool", "required: a tool name"))
        ok = False
    if not isinstance(args, dict):
        problems.append(ConfigProblem(f"{where}.args", "must be a table"))
        ok = False
    else:
        try:
            json.dumps(args, allow_nan=False, default=_reject_non_json)
        except (TypeError, ValueError):
            problems.append(ConfigProblem(f"{where}.args", "must hold only JSON values "
                                          "(no dates, no NaN or infinity)"))
            ok = False
    if not ok or not isinstance(tool, str) or not isinstance(args, dict):
        return None
    return ScriptedCall(tool=tool, args=args)


def _reject_non_json(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not JSON")


@dataclass(frozen=True, slots=True)
class _SeenResult:
    text: str
    receipt: str


def _split_trailer(content: str) -> _SeenResult:
    # Only the last "\n\n[receipt: " can start a match (a token holds no whitespace).
    start = content.rfind(TRAILER_START)
    match = TRAILER_RE.match(content, start) if start >= 0 else None
    if match is None:
        return _SeenResult(text=content, receipt="")
    return _SeenResult(text=content[: match.start()], receipt=match.group("token"))


class ScriptedProvider:
    """The scripted model. Construction reads and checks the script (ConfigError if bad)."""

    name = "scripted"

    def __init__(self, script_path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.script_path = Path(script_path)
        self.script = load_script(self.script_path)
        self._clock = clock

    def __repr__(self) -> str:
        return f"<ScriptedProvider script={str(self.script_path)!r}>"

    async def chat(self, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec]) -> ChatResponse:
        # From the end: the history before the last user message can be long.
        last_user = next((i for i in range(len(messages) - 1, -1, -1)
                          if messages[i].role == "user"), -1)
        user_message = messages[last_user].content if last_user >= 0 else ""
        this_turn = messages[last_user + 1:]
        rounds_done = sum(1 for m in this_turn if m.role == "assistant" and m.tool_calls)
        rule = self.script.rule_for(user_message)
        if rule is not None and rounds_done < len(rule.steps):
            # Ids unique across the whole conversation, so results never pair wrongly.
            issued = sum(len(m.tool_calls) for m in messages
                         if m.tool_calls and m.role == "assistant")
            calls = tuple(
                ToolCall(id=f"call_{issued + offset + 1}", name=call.tool,
                         arguments=json.dumps(call.args, ensure_ascii=False))
                for offset, call in enumerate(rule.steps[rounds_done]))
            return ChatResponse(text="", tool_calls=calls, finish_reason="tool_calls")
        template = rule.reply if rule is not None else self.script.default_reply
        results = [_split_trailer(m.content) for m in this_turn if m.role == "tool"]
        return ChatResponse(text=self._render(template, user_message, results),
                            finish_reason="stop")

    async def aclose(self) -> None:
        return None

    def _render(self, template: str, user_message: str, results: Sequence[_SeenResult]) -> str:
        def result_at(index_text: str) -> _SeenResult | None:
            index = int(index_text)
            return results[index - 1] if 1 <= index <= len(results) else None

        def substitute(match: re.Match[str]) -> str:
            word = match.group("word")
            if word == "user":
                return user_message
            if word == "forged":
                return self.forged_token()
            if match.group("head_index") is not None:
                seen = result_at(match.group("head_index"))
                lines = int(match.group("head_lines"))
                return "\n".join(seen.text.splitlines()[:lines]) if seen else ""
            seen = result_at(match.group("index"))
            if seen is None:
                return ""
            return seen.receipt if match.group("kind") == "receipt" else seen.text

        return PLACEHOLDER_RE.sub(substitute, template)

    def forged_token(self) -> str:
        """A token in the real grammar, stamped now, whose digest no key produced."""
        return format_token(int(self._clock()), secrets.token_bytes(32))
