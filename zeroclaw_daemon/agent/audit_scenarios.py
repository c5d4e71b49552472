"""The scenario files of ``zeroclaw audit-bench``: parsing, and the reply's placeholders.

Each line of a scenario file is one scenario (DESIGN.md section 4)::

    {"id", "language", "user", "calls": [{"tool", "args", "status", "result"}],
     "reply", "expect": [finding types]}

Placeholders in the reply are substituted once the calls have run:
``{{receipt:N}}`` (call N's receipt), ``{{tampered:N}}`` (that receipt with one
digest character changed), ``{{forged}}`` (well-formed, the scope's current timestamp, random
digest), ``{{stale}}`` (well-formed, timestamp before the scope started) and
``{{foreign}}`` (a real receipt of the same scope issued for another conversation).
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zeroclaw_daemon.audit import FindingType
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, format_token

STATUSES = ("ok", "failed", "denied", "timeout")
FINDING_TYPES = frozenset(t.value for t in FindingType)
DIGEST_CHARS = 43
_PLACEHOLDER_RE = re.compile(r"\{\{(?:(receipt|tampered):(\d+)|(forged|stale|foreign))\}\}")
_B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


class ScenarioError(ValueError):
    """A scenario file that cannot be used; ``line`` is 1-based (0: the file itself)."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}: line {line}" if line else str(path)
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class ScenarioCall:
    tool: str
    args: Mapping[str, Any]
    status: str
    result: str


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    language: str
    user: str
    calls: tuple[ScenarioCall, ...]
    reply: str
    expect: frozenset[str]
    line: int = 0




def load_scenarios(path: Path) -> list[Scenario]:
    """Parse FILE; raise :class:`ScenarioError` naming the first bad line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(path, 0, f"cannot read scenario file: {exc}") from None
    scenarios: list[Scenario] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise ScenarioError(path, number, f"not valid JSON ({exc})") from None
        scenario = _scenario_from(data, path, number)
        if scenario.id in seen:
            raise ScenarioError(path, number, f"duplicate scenario id {scenario.id!r}")
        seen.add(scenario.id)
        scenarios.append(scenario)
    if not scenarios:
        raise ScenarioError(path, 0, "no scenarios in file")
    return scenarios


def _scenario_from(data: Any, path: Path, line: int) -> Scenario:
    def bad(message: str) -> ScenarioError:
        return ScenarioError(path, line, message)

    if not isinstance(data, dict):
        raise bad("a scenario must be a JSON object")
    for key, kind in (("id", str), ("reply", str), ("calls", list), ("expect", list)):
        if not isinstance(data.get(key), kind):
            raise bad(f"{key!r} is missing or not a {kind.__name__}")
    user = data.get("user", "")
    language = data.get("language", "")
    if not isinstance(user, str) or not isinstance(language, str):
        raise bad("'user' and 'language' must be strings")
    calls: list[ScenarioCall] = []
    for index, call in enumerate(data["calls"]):
        if not isinstance(call, dict):
            raise bad(f"calls[{index}] must be an object")
        tool, args = call.get("tool"), call.get("args", {})
        status, result = call.get("status"), call.get("result", "")
        if not isinstance(tool, str) or not tool:
            raise bad(f"calls[{index}].tool must be a non-empty string")
        if not isinstance(args, dict):
            raise bad(f"calls[{index}].args must be an object")
        if status not in STATUSES:
            raise bad(f"calls[{index}].status must be one of {', '.join(STATUSES)}")
        if not isinstance(result, str):
            raise bad(f"calls[{index}].result must be a string")
        calls.append(ScenarioCall(tool, args, status, result))
    expect = data["expect"]
    unknown = [e for e in expect if e not in FINDING_TYPES]
    if unknown:
        raise bad(f"unknown finding type(s) in expect: {', '.join(map(str, unknown))}")
    for match in _PLACEHOLDER_RE.finditer(data["reply"]):
        if match.group(2) is not None:
            index = int(match.group(2))
            if index >= len(calls):
                raise bad(f"{match.group(0)} names call {index}, but there are {len(calls)}")
            if calls[index].status != "ok":
                raise bad(f"{match.group(0)} names call {index}, which earns no receipt")
    return Scenario(data["id"], language, user, tuple(calls), data["reply"],
                    frozenset(expect), line)


def substitute(reply: str, events: Sequence[ToolEvent], scope: ReceiptScope,
               conversation_id: str) -> str:
    """The reply with its placeholders replaced by real, altered or made-up tokens."""

    def replace(match: re.Match[str]) -> str:
        kind = match.group(1) or match.group(3)
        if kind in ("receipt", "tampered"):
            receipt = events[int(match.group(2))].receipt or ""
            return tamper(receipt) if kind == "tampered" and receipt else receipt
        if kind == "forged":
            # The scope's clock, which --now pins: the turn's moment, not the bench's.
            return format_token(scope.now(), secrets.token_bytes(32))
        if kind == "stale":
            return format_token(max(scope.started_at - 86_400, 0), secrets.token_bytes(32))
        return scope.issue(tool="shell", args={"command": "uptime"}, result="up 3 days",
                           call_id="foreign-call", conversation_id=f"{conversation_id}-other",
                           turn_id="foreign-turn")

    return _PLACEHOLDER_RE.sub(replace, reply)


def tamper(token: str) -> str:
    """``token`` with one digest character changed (the last one is left canonical)."""
    head, digest = token[:-DIGEST_CHARS], token[-DIGEST_CHARS:]
    index = DIGEST_CHARS // 2
    current = digest[index]
    changed = _B64URL[(_B64URL.index(current) + 1) % len(_B64URL)]
    return head + digest[:index] + changed + digest[index + 1:]


