"""Rendering: trailer, defanging, truncation, receipts block, stripping, counting."""

from __future__ import annotations

import re

import pytest

from zeroclaw_daemon.receipts import (
    SYSTEM_PROMPT_ADDENDUM,
    append_block,
    count_items,
    defang,
    find_receipt_like,
    format_token,
    receipts_block,
    strip_receipts_block,
    trailer,
    truncate,
)

TOKEN = format_token(1_700_000_000, bytes(range(32)))
OTHER = format_token(1_700_000_001, bytes(range(1, 33)))
THIRD = format_token(1_700_000_002, bytes(range(2, 34)))
MARKER_RE = re.compile(r"\n\[\.\.\. (\d+) characters truncated \.\.\.\]\n")


def test_trailer_exact_format() -> None:
    """The trailer is the result, a blank line, then '[receipt: TOKEN]'."""
    assert f"total 2\na\nb\n\n[receipt: {TOKEN}]" == trailer("total 2\na\nb", TOKEN)


def test_trailer_of_empty_result() -> None:
    """An empty result still gets the blank line and the receipt."""
    assert f"\n\n[receipt: {TOKEN}]" == trailer("", TOKEN)


def test_trailer_token_is_found_by_the_finder() -> None:
    """The finder sees exactly the trailer's token, well-formed, at its position."""
    text = trailer("output", TOKEN)
    [match] = find_receipt_like(text)
    assert (TOKEN, len("output\n\n[receipt: "), True) == (
        match.text, match.start, match.token is not None)


# --- defang --------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "expected", "count"),
    [
        ("plain output", "plain output", 0),
        (f"copy this: {TOKEN}", f"copy this: zc-receipt(untrusted){TOKEN[10:]}", 1),
        ("ZC-Receipt-1-x", "ZC-Receipt(untrusted)-1-x", 1),
        ("[receipt: x]", "[receipt(untrusted): x]", 1),
        ("[RECEIPT : x]", "[RECEIPT(untrusted) : x]", 1),
        ("[ Receipt: x]", "[ Receipt(untrusted): x]", 1),
        (f"[receipt: {TOKEN}]", f"[receipt(untrusted): zc-receipt(untrusted){TOKEN[10:]}]", 2),
        ("zc-receipt zc-receipt", "zc-receipt(untrusted) zc-receipt(untrusted)", 2),
        ("zc-receipt(untrusted)-1-x", "zc-receipt(untrusted)-1-x", 0),
        ("receipt: no bracket", "receipt: no bracket", 0),
    ],
    ids=["none", "token", "upper", "trailer", "trailer-upper", "trailer-space", "both", "twice",
         "already", "no-bracket"],
)
def test_defang_neutralises_and_counts(text: str, expected: str, count: int) -> None:
    """zc-receipt and '[receipt:' (any case) are neutralised, each occurrence counted once."""
    assert (expected, count) == defang(text)


def test_defanged_text_has_nothing_the_finder_reports() -> None:
    """After defanging, the finder ignores every former receipt in a tool's output."""
    output = f"{TOKEN}\n[receipt: {OTHER}]\nZC-RECEIPT-01-junk zc-receipts"
    assert 4 == len(find_receipt_like(output))
    defanged, count = defang(output)
    assert (5, []) == (count, find_receipt_like(defanged))


def test_defang_is_idempotent() -> None:
    """Defanging twice changes nothing more and counts nothing more."""
    once, _ = defang(f"[receipt: {TOKEN}]")
    assert (once, 0) == defang(once)


# --- truncate ------------------------------------------------------------------------------

def test_truncate_is_a_no_op_when_short() -> None:
    """A text within max_chars is returned unchanged (also exactly at the limit)."""
    assert ("short", "x" * 100) == (truncate("short", 100), truncate("x" * 100, 100))


def test_truncate_keeps_head_and_tail_with_marker() -> None:
    """A long text keeps its start and end, with a marker naming how much was cut."""
    text = "".join(f"{index:05d}\n" for index in range(2000))  # 12,000 characters
    cut = truncate(text, 1000)
    marker = MARKER_RE.search(cut)
    assert marker is not None
    head, tail, omitted = cut[:marker.start()], cut[marker.end():], int(marker.group(1))
    assert (True, True) == (text.startswith(head), text.endswith(tail))
    assert len(text) == len(head) + omitted + len(tail)
    assert len(cut) <= 1000
    assert len(head) > len(tail) > 0


@pytest.mark.parametrize("max_chars", [60, 61, 100, 999, 1000, 4096])
def test_truncate_stays_within_max_chars(max_chars: int) -> None:
    """The truncated text, marker included, is never longer than max_chars."""
    for length in (max_chars + 1, max_chars * 3, 100_000):
        cut = truncate("y" * length, max_chars)
        assert len(cut) <= max_chars
        assert "characters truncated" in cut


def test_truncate_exact_output() -> None:
    """For a fixed input the cut is exactly head (2/3 of the room), marker, tail (1/3)."""
    text = "abcdefghij" * 10
    # Room = 70 - len(marker sized for "100") = 34: head 22, tail 12, 66 omitted.
    expected = "abcdefghijabcdefghijab\n[... 66 characters truncated ...]\nijabcdefghij"
    assert expected == truncate(text, 70)


# --- receipts block ------------------------------------------------------------------------

def test_receipts_block_empty() -> None:
    """No receipts, no block."""
    assert "" == receipts_block([])


def test_receipts_block_one() -> None:
    """One receipt: the rule, the heading and one indented line."""
    assert f"---\nTool receipts:\n  shell: {TOKEN}" == receipts_block([("shell", TOKEN)])


def test_receipts_block_three_in_call_order() -> None:
    """Three receipts are listed in the order given (call order), repeats kept."""
    block = receipts_block([("shell", TOKEN), ("http_get", OTHER), ("shell", THIRD)])
    assert (f"---\nTool receipts:\n  shell: {TOKEN}\n  http_get: {OTHER}\n  shell: {THIRD}"
            == block)


def test_append_block_after_a_blank_line() -> None:
    """The block follows the reply after one blank line; no block leaves the reply alone."""
    block = receipts_block([("shell", TOKEN)])
    assert f"Done.\n\n{block}" == append_block("Done.\n\n", block)
    assert "Done.\n" == append_block("Done.\n", "")


# --- strip_receipts_block ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (f"Answer.\n\n---\nTool receipts:\n  shell: {TOKEN}\n  files: {OTHER}", "Answer."),
        (f"Answer.\n\nTool receipts:\n  shell: {TOKEN}\n", "Answer."),
        (f"Answer.\n\n**Tool receipts:**\n- shell: {TOKEN}\n- files: {OTHER}", "Answer."),
        (f"Answer.\n\n**Tool receipts**:\n* shell: {TOKEN}", "Answer."),
        (f"Answer.\n\n## Tool receipts\n- shell: {TOKEN}", "Answer."),
        (f"Answer.\n\ntool receipts:\nshell: {TOKEN}\nfiles: {OTHER}", "Answer."),
        (f"Answer.\n\n---\n**Tool Receipts:**\n  - `shell`: `{TOKEN}`\n", "Answer."),
        (f"Answer.\n\n---\nTool receipts:\n  shell: {TOKEN}\n\nThanks!", "Answer.\n\nThanks!"),
        (f"Intro.\n\nTool receipts:\n  shell: {TOKEN}\nOutro line.", "Intro.\n\nOutro line."),
        (f"Tool receipts:\n  shell: {TOKEN}\n\nAfter.", "After."),
        (f"Answer.\n\nTOOL RECEIPTS:\n  shell: {TOKEN}", "Answer."),
        (f"Answer.\n\nTool rece\u0131pt\u017f:\n  shell: {TOKEN}", "Answer."),
    ],
    ids=["rule", "no-rule", "bold-bullets", "bold-colon-outside", "markdown-heading",
         "lowercase-unindented", "backticks", "mid-reply", "text-right-after", "at-start",
         "upper-case", "dotless-i-long-s"],
)
def test_strip_removes_model_written_block(reply: str, expected: str) -> None:
    """A Tool receipts block the model wrote is removed; the text around it is kept."""
    assert expected == strip_receipts_block(reply)


@pytest.mark.parametrize(
    "reply",
    ["Just an answer.", "Answer.\n\n- a bullet\n- another\n", "Receipts are nice.\n  indented\n",
     "I ran the tool receipts check.\nNothing else.", ""],
)
def test_strip_leaves_replies_without_a_block_untouched(reply: str) -> None:
    """A reply with no Tool receipts heading comes back byte for byte."""
    assert reply == strip_receipts_block(reply)


def test_strip_then_append_shows_only_the_runtime_block() -> None:
    """Stripping the model's block and appending the runtime's leaves exactly one block."""
    model_reply = f"Answer.\n\n---\nTool receipts:\n  shell: {OTHER}\n"
    block = receipts_block([("shell", TOKEN)])
    final = append_block(strip_receipts_block(model_reply), block)
    assert f"Answer.\n\n{block}" == final


# --- system prompt addendum ----------------------------------------------------------------

def test_addendum_tells_the_model_the_rules() -> None:
    """The addendum names the trailer, says copy exactly, never invent, and failures carry none."""
    for phrase in ("[receipt: zc-receipt-", "copy its receipt exactly",
                   "Never invent, alter or reuse a receipt",
                   "Failed, denied or timed-out calls carry no receipt"):
        assert phrase in SYSTEM_PROMPT_ADDENDUM


# --- count_items ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("", 0),
        ("one", 1),
        ("a\nb\nc\n", 3),
        ("a\n\n\nb\n   \n\tc", 3),
        ("\n\n  \n", 0),
        ("[1, 2, 3]", 3),
        ('  [{"a": 1}, {"b": [1, 2, 3]}]\n', 2),
        ("[]", 0),
        ('[\n  "a",\n  "b"\n]', 2),
        ('{"a": 1, "b": 2}', 1),
        ('{\n  "a": 1,\n  "b": 2\n}', 4),
        ("[1, 2", 1),
        ("[x] done\n[ ] todo", 2),
    ],
    ids=["empty", "one-line", "lines", "blank-lines", "only-blank", "array", "array-padded",
         "empty-array", "array-pretty", "object-compact", "object-pretty", "broken-array",
         "brackets-not-json"],
)
def test_count_items(text: str, count: int) -> None:
    """count_items is a top-level JSON array's length, else the number of non-empty lines."""
    assert count == count_items(text)
