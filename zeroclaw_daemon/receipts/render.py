"""Text the runtime writes around receipts: trailers, defanging, truncation, blocks."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

_DEFANG_TOKEN_RE = re.compile(r"(zc-receipt)(?!\(untrusted\))", re.IGNORECASE)
_DEFANG_TRAILER_RE = re.compile(r"\[(\s*receipt)(\s*:)", re.IGNORECASE)
# A block the model wrote itself: an optional "---" line, the heading, then
# indented or bulleted lines. Only the runtime's own block may be shown.
_MODEL_BLOCK_RE = re.compile(
    r"(?:^[ \t]*-{3,}[ \t]*\n)?"
    r"^[ \t]*(?:\#{1,6}[ \t]*)?\**Tool receipts:?\**:?[ \t]*\n"
    r"(?:^(?:[ \t]+\S|[ \t]*[-*•]|[ \t]*[\w.-]+:[ \t]*\S*zc-receipt)[^\n]*(?:\n|$))*",
    re.IGNORECASE | re.MULTILINE,
)

_LEADING_BLANK_LINES_RE = re.compile(r"\A(?:[ \t]*\n)+")

BLOCK_HEADING = "Tool receipts:"

SYSTEM_PROMPT_ADDENDUM = (
    "Tool receipts: every successful tool result you receive ends with a line "
    "[receipt: zc-receipt-<timestamp>-<digest>]. The runtime computes it with a key you "
    "never see, and checks your reply against it. When you cite a tool result, copy its "
    "receipt exactly as given. Never invent, alter or reuse a receipt. Failed, denied or "
    "timed-out calls carry no receipt: report them as failures, and do not present a "
    "result for a call that did not succeed. Do not claim to have run a tool you did not run."
)


def trailer(result: str, token: str) -> str:
    """``result`` as the model sees it: the signed text, a blank line, the receipt."""
    return f"{result}\n\n[receipt: {token}]"


def defang(text: str) -> tuple[str, int]:
    """Neutralise receipt-shaped text inside tool output; return it and how many were hit.

    Only the runtime's own trailers may carry the real spelling, so a tool (or
    a web page it fetched) cannot hand the model a receipt to echo.
    """
    text, tokens = _DEFANG_TOKEN_RE.subn(r"\1(untrusted)", text)
    text, trailers = _DEFANG_TRAILER_RE.subn(r"[\1(untrusted)\2", text)
    return text, tokens + trailers


def truncate(text: str, max_chars: int) -> str:
    """Keep the head and tail of ``text`` within ``max_chars``, marking the cut.

    The result is at most ``max_chars`` long (the marker is counted), except
    when ``max_chars`` is too small to hold the marker itself.
    """
    if len(text) <= max_chars:
        return text
    # Size the marker for the largest possible count so the total stays in bounds.
    marker = f"\n[... {len(text)} characters truncated ...]\n"
    room = max(max_chars - len(marker), 0)
    head = room * 2 // 3
    tail = room - head
    omitted = len(text) - head - tail
    marker = f"\n[... {omitted} characters truncated ...]\n"
    return text[:head] + marker + (text[len(text) - tail:] if tail else "")


def receipts_block(pairs: Sequence[tuple[str, str]]) -> str:
    """The block shown after a reply, one ``tool: token`` line per receipt, in call order."""
    if not pairs:
        return ""
    lines = "\n".join(f"  {tool}: {token}" for tool, token in pairs)
    return f"---\n{BLOCK_HEADING}\n{lines}"


def strip_receipts_block(reply: str) -> str:
    """Remove any ``Tool receipts:`` block the model wrote into its reply.

    The text around a removed block is rejoined with one blank line, so a
    block in mid-reply does not leave a gap behind.
    """
    # Every block holds "Tool receipts" in some case, and under IGNORECASE none of
    # t, o, l, r, e, c matches anything but its two ASCII cases: a reply without "tool rece"
    # once lowered holds no block (most replies: the regex costs ~30 ns per character).
    if "tool rece" not in reply.lower():
        return reply
    kept: list[str] = []
    last = 0
    for match in _MODEL_BLOCK_RE.finditer(reply):
        kept.append(reply[last:match.start()])
        last = match.end()
    if not kept:
        return reply
    kept.append(reply[last:])
    text = kept[0].rstrip()
    for piece in kept[1:]:
        if piece.strip():
            rest = _LEADING_BLANK_LINES_RE.sub("", piece)
            text = f"{text}\n\n{rest}" if text else rest
    return text.rstrip()


def append_block(reply: str, block: str) -> str:
    """The reply with the receipts block after a blank line (unchanged without one)."""
    return f"{reply.rstrip()}\n\n{block}" if block else reply


def count_items(text: str) -> int:
    """How many items a result lists: a top-level JSON array's length, else non-empty lines."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            value = json.loads(stripped)
        except (ValueError, RecursionError):
            value = None
        if isinstance(value, list):
            return len(value)
    return sum(1 for line in text.splitlines() if line.strip())
