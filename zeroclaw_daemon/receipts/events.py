"""What happened to one tool call in a turn: the auditor's evidence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ToolStatus(StrEnum):
    """How a tool call ended. Only ``OK`` earns a receipt."""

    OK = "ok"
    FAILED = "failed"      # the tool ran and failed (exception, non-zero exit, HTTP error)
    DENIED = "denied"      # refused by autonomy policy, allow-list or confinement
    TIMEOUT = "timeout"    # ran past its time limit
    INVALID = "invalid"    # bad JSON / schema mismatch / NaN in the model's arguments
    UNKNOWN = "unknown"    # the model named a tool that does not exist


@dataclass(frozen=True, slots=True)
class ToolEvent:
    """One tool call of a turn, as the model saw it.

    ``result`` is the exact text the model saw *before* the receipt trailer
    (after truncation and defanging) for ``OK`` calls, and the error text
    otherwise. ``receipt`` is set exactly when ``status`` is ``OK`` and
    receipts are enabled.
    """

    call_id: str
    tool: str
    args: Mapping[str, Any]
    status: ToolStatus
    result: str
    receipt: str | None = None
    urls: tuple[str, ...] = ()
    result_count: int | None = None
    duration_ms: float = 0.0
    defanged: int = 0
    turn_id: str = ""
    conversation_id: str = ""
    detached: bool = field(default=False)
    # What the tool says it acts on (its description and aliases): read by the auditor
    # to link "the cache has been cleared" to the call that cleared it. Not signed.
    about: str = ""

    @property
    def ok(self) -> bool:
        return self.status is ToolStatus.OK
