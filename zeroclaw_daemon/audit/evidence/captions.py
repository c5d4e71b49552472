"""A text table under a caption: the lines above its header row are no items.

A tool often writes a line about the whole listing before the table's header ("station
SVAL-3 (78.23N 15.39E) | NOAA-20 | min el 5.0 deg", then "AOS (UTC)  LOS (UTC)  dur",
then one row per pass): the caption names what was asked, the header names the columns,
and only the rows under the header are items. A header is a line of two or more aligned
cells with no digit, over rows that each hold a digit; it opens the table only within the
first lines (a caption is short), never after a row. Label lines under the rows with no
figure ("结论: 全部合格") are a footer about the whole table, no item either.

A numbered list under a caption ("group: Penguins (age 4-6)", then "1. Oliver S.", "2. ...")
is read the same way: the lines from the one numbered 1 on, numbered one after another,
are the items; the line above them says what they are. A row with nothing past its first
cell ("6  -  -  -") is a vacant slot, listed but holding no item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Cells of a space-aligned line: two spaces or more, a tab, or a single space between two
# Chinese characters (as the header of a table the results write: ``evidence.facts``).
_CELL_SPLIT_RE = re.compile(r"\s{2,}|\t|(?<=[\u3400-\u9fff])\s(?=[\u3400-\u9fff])")
_DELIMITED_RE = re.compile(r"\s*[,;|\t]\s*")
MAX_CAPTION_LINES = 2
MIN_ROWS = 2
# A footer under the rows: a short label and a colon, then what it says of the whole.
_FOOTER_RE = re.compile(r"\s*[^\W\d][^:：\n]{0,24}[:：]\s*\S")


def rows_under_a_captioned_header(lines: Sequence[str]) -> int | None:
    """How many rows stand under a header that one or two caption lines precede, or None
    when the lines are no such table."""
    for header in range(1, MAX_CAPTION_LINES + 1):
        if len(lines) < header + 1 + MIN_ROWS:
            return None
        line = lines[header]
        if any(c.isdigit() for c in line):
            continue
        # A delimited header ("lot,species,grade,kg") parts its names by its separator.
        splitter = _DELIMITED_RE if line.count(",") >= 2 or line.count(";") >= 2 \
            or line.count("|") >= 2 else _CELL_SPLIT_RE
        cells = [cell for cell in splitter.split(line.strip()) if cell.strip()]
        rows = list(lines[header + 1:])
        while len(rows) > MIN_ROWS and _FOOTER_RE.match(rows[-1]) \
                and not any(c.isdigit() for c in rows[-1]):
            rows.pop()   # "结论: 全部合格", "Verdict: pass": a line about the whole table
        if len(cells) >= 2 and all(any(c.isdigit() for c in row) for row in rows):
            return len(rows)
        return None   # a line without a digit that is no header: not this layout
    return None


_POSITION_RE = re.compile(r"\s*(\d{1,3})[.)]\s")


def numbered_under_a_caption(lines: Sequence[str]) -> int:
    """How many caption lines stand above a numbered list (1., 2., ... to the last line),
    or 0 when the lines are no such list."""
    for caption in range(1, MAX_CAPTION_LINES + 1):
        items = lines[caption:]
        if len(items) < MIN_ROWS or len(lines) <= caption:
            return 0
        first = _POSITION_RE.match(items[0])
        if first is None or first.group(1) != "1":
            continue
        if all((m := _POSITION_RE.match(line)) is not None and int(m.group(1)) == n
               for n, line in enumerate(items, start=1)):
            return caption
        return 0
    return 0


_CELL_GAP_RE = re.compile(r"\s{2,}|\t|\s*[|,;]\s*")
_PLACEHOLDERS = frozenset({"-", "—", "–", "n/a", "na", "none", "null", "--", "---"})


def vacant_rows(lines: Sequence[str]) -> list[str]:
    """The first cells of the lines under a table's header that hold nothing past them:
    every other cell a placeholder ("6  -  -  -": bed 6, free)."""
    if len(lines) < 3:
        return []
    vacant = []
    for line in lines[1:]:
        cells = [c for c in _CELL_GAP_RE.split(line.strip()) if c]
        if len(cells) >= 2 and all(c.strip() in _PLACEHOLDERS for c in cells[1:]):
            vacant.append(cells[0].strip().lower())
    return vacant
