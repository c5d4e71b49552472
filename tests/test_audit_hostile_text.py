"""A reply (or a result) written to stall or crash the auditor gets neither.

The audit runs on the daemon's event loop, and a reply is whatever a model chose to write:
a figure of thousands of digits once made ``int`` raise (the reply then went out
unchecked), and a long sentence of counts, a list of URLs or a run of spaces cost the
square or the cube of its length (8 KB of "3 个文件，" took 93 s). Work must grow with the
text's length; the test compares the CPU time of one text and of the same text four times
as long, measured in one run (a ratio, not a wall-clock bound).
"""

from __future__ import annotations

import time

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.claims import text as text_module
from zeroclaw_daemon.audit.claims.text import MAX_FIGURE_DIGITS, MAX_SPACE_RUN, defuse_runs

LISTING = ok("list_dir", "a.txt\nb.txt")


@pytest.mark.parametrize("where", ["reply", "result", "user"])
def test_a_figure_of_thousands_of_digits_is_read_as_no_number(where: str) -> None:
    """5,000 digits in a row (over Python's int limit) are no figure; the rest of the
    reply is still checked: the wrong count beside them is found."""
    digits = "7" * 5000
    reply = f"Found 3 files. {digits if where == 'reply' else ''}"
    result = LISTING if where != "result" else ok("list_dir", f"a.txt\nb.txt\nc{digits}.txt")
    expected = [("count_mismatch", "count.item_count", "3 files")]
    if where == "result":
        expected = []   # three lines now: the third holds the digits
    user = digits if where == "user" else ""
    assert expected == [f for f in findings(reply, result, user=user)
                        if f[0] == "count_mismatch"]


def test_defused_text_keeps_offsets_lines_and_short_runs() -> None:
    """Long runs of spaces are filled inside (first character, first line break and last
    kept), long digit runs become '#', and everything else is left as it was."""
    run = " " * 10 + "\n" + " " * (MAX_SPACE_RUN + 10)
    text = f"3 files{run}done {'9' * 60} and 12 dirs  here"
    defused = defuse_runs(text)
    assert len(text) == len(defused)
    assert text.count("\n") == defused.count("\n")
    assert "3 files " == defused[:8]
    assert " " + "#" * 60 + " and 12 dirs  here" == defused[defused.index("done") + 4:]
    assert "\0" * 10 in defused


@pytest.mark.parametrize("offset", range(9))
def test_defusing_after_the_sampled_scan_equals_the_scan_of_every_character(offset: int) -> None:
    """Runs of digits and of mixed white space just under, at and over each bound, at
    every offset from the sampling stride, are defused as the full scan defuses them."""
    lengths = (MAX_FIGURE_DIGITS - 1, MAX_FIGURE_DIGITS, MAX_FIGURE_DIGITS + 1,
               MAX_SPACE_RUN, MAX_SPACE_RUN + 1, MAX_SPACE_RUN + 2, 3 * MAX_SPACE_RUN)
    for length in lengths:
        for run in ("4" * length, (" \t\u3000\n" * length)[:length]):
            text = "x" * offset + "Found 3 files" + run + "and 12 dirs." + "y" * 50
            expected = text_module._LONG_RUN_RE.sub(text_module._defuse_run, text)
            assert expected == defuse_runs(text)


def _cpu_ms(reply: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        audit_reply(reply, (LISTING,), None, "conv-1", "")
        best = min(best, time.process_time() - started)
    return best * 1000


@pytest.mark.parametrize("unit", [
    "3 files, ",                # counts in one endless sentence: pairs of pairs
    "3 个文件，",
    "https://a.example/x ",     # URLs blanked to one long run of spaces
    " ",
    "no hay 3 ",
])
def test_audit_work_grows_with_the_length_of_hostile_text(unit: str) -> None:
    """Four times the text costs at most about four times the CPU (10x allowed for
    noise; a square would be 16x, a cube 64x)."""
    short = unit * (1000 // len(unit))
    long = unit * (4000 // len(unit))
    _cpu_ms(short)   # warm lazy imports and caches
    ratio = _cpu_ms(long) / max(_cpu_ms(short), 0.5)
    assert ratio <= 10, f"{unit!r}: {ratio:.1f}x"
