"""A value said of one row of a table that is near one of that row's figures, but none.

"G3 Dutch painting: RH peaked at 58.1 %" over a row ``G3 Dutch painting ... 57.8 ...``:
the sentence names one row (a label of it no other row shares), and the value is a
slightly different figure of that row: a misreading of the cell, however easily the
figure could be derived from others. Near is within 3 % of the cell and written to the
cell's precision (not equal to it at that precision: "194.7" beside whole scores is worked
out); a value of the row or of another row of the table, or far from
every cell, is no finding here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from ..claims import ValueClaim, ValueKind
from ..evidence.tables import Row
from .base import CheckContext

_READ_KINDS = (ValueKind.NUMBER, ValueKind.MEASURE, ValueKind.PERCENT, ValueKind.CURRENCY,
               ValueKind.TEMPERATURE)
_NEAR = Decimal("0.03")
# A label's first word that names its row: a code with a digit ("G3", "INV-09") or a word
# of four letters or more.
_LABEL_WORD_RE = re.compile(r"[^\W_][\w-]*\d[\w-]*|\d[\w-]*|[^\W\d_]{4,}")


def misreads_its_row(context: CheckContext, claim: ValueClaim,
                     grounded_or_excused: Callable[[CheckContext, ValueClaim], bool]
                     ) -> Decimal | None:
    """The cell of the row the claim's sentence names that the claim's value is near to
    but not, or that it writes with two digits swapped (``grounded_or_excused``: whether
    the value is worked out of the results, read only for such a swap), or None."""
    if claim.kind not in _READ_KINDS or not claim.numbers or claim.approx:
        return None
    said = claim.numbers[0]
    if said == 0:
        return None
    # Most values are a figure of the results, or far from every one: read off the
    # evidence's index of numbers before any row is.
    numbers = context.evidence.numbers
    spread = abs(said) * _NEAR
    # A figure found elsewhere in the results is a misread of the named row only when it
    # is that row's cell with two digits swapped (6.90 written 9.60 beside another
    # line's 9.60): the slip a copy makes, not a figure taken from elsewhere.
    grounded = numbers.grounds(said)
    swaps = {form for form in swapped_digits(said) if numbers.grounds(form)}
    if not swaps and (grounded or not numbers.any_between(said - spread, said + spread)):
        return None
    unit = _unit(said)
    # The sentence names one row, and no other: a sentence over several rows ("CRAH-1 at
    # 18.4, CRAH-2 at 18.1") pairs its values with them in ways not read here.
    sentence = context.sentence_text(claim.clause).lower()
    for table in context.evidence.derivations.rows:
        rows = [row for row in table if row.structured and row.numbers and row.labels]
        named = [row for row in rows if names_its_row(sentence, row, rows)]
        if len(named) != 1:
            continue
        cells = set(named[0].numbers.values())
        if said in cells:
            return None
        # Written to the cell's own precision: "194.7" near a row of whole scores is their
        # mean, worked out, not a cell misread.
        near = [cell for cell in cells if cell != 0 and _unit(cell) == unit
                and not grounded and abs(cell - said) <= abs(cell) * _NEAR]
        if near:
            return near[0]
        swapped = [cell for cell in cells if cell in swaps and _unit(cell) == unit]
        # A swapped percentage not found elsewhere may still be worked out ("69 %" of 96
        # sold out of 140, beside the row's 96): then only one no derivation gives is a
        # misread.
        if swapped and (grounded or "%" not in claim.raw
                        or not grounded_or_excused(context, claim)):
            return swapped[0]
    return None


def swapped_digits(value: Decimal) -> set[Decimal]:
    """``value`` with two of its digits swapped, every way that changes it and keeps its
    places ("9.60": 6.90, 0.69, 9.06; "10.5" gives no "01.5")."""
    sign = "-" if value < 0 else ""
    text = f"{abs(value):f}"
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    whole = text.find(".") if "." in text else len(text)
    found: set[Decimal] = set()
    for x, i in enumerate(digits):
        for j in digits[x + 1:]:
            if text[i] != text[j]:
                chars = list(text)
                chars[i], chars[j] = chars[j], chars[i]
                if chars[0] == "0" and whole > 1:
                    continue   # a leading zero: the figure lost a place
                found.add(Decimal(sign + "".join(chars)))
    return found


def names_its_row(sentence: str, row: Row, rows: list[Row]) -> bool:
    """The sentence holds a word of one of the row's text cells that no other row's cells
    hold: a code with a digit ("G3"), a word of four letters or more, or a cell of two Han
    characters or more whole ("广州")."""
    for cell in row.labels.values():
        low = cell.lower().strip()
        words = [m.group(0) for m in _LABEL_WORD_RE.finditer(low)]
        if _HAN_CELL_RE.fullmatch(low):
            words.append(low)
        for word in words:
            if word.isascii():
                if not re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", sentence):
                    continue
            elif word not in sentence:
                continue
            if not any(word in other_cell.lower()
                       for other in rows if other is not row
                       for other_cell in other.labels.values()):
                return True
    return False


_HAN_CELL_RE = re.compile(r"[\u4e00-\u9fff]{2,8}")


def _unit(value: Decimal) -> Decimal:
    exponent = value.as_tuple().exponent
    return Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
