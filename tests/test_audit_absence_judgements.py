""""Nothing there says it's unsafe": a judgement on what the data shows, not an absence.

A negative pronoun with "there", "found" or "in it" followed by a relative clause or a
verb of showing ("that would explain", "says", "suggests", "stands out") judges the data;
it denies no item of the result. "Nothing there." alone, after a listing, still does.
Sentences and tools of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

CURVE = ok("historian.query", "time,temp_c\n06:00,45.1\n06:10,45.2\n06:20,45.0\n06:30,44.9\n")


@pytest.mark.parametrize("reply", [
    "The melt held 44.9–45.2 °C. Nothing there that would explain the bloom.",
    "The melt held 44.9–45.2 °C. Nothing there says the line is unsafe.",
    "The melt held 44.9–45.2 °C; nothing in it stands out.",
])
def test_a_judgement_on_the_data_denies_no_item(reply: str) -> None:
    """"Nothing there" with a relative clause or a verb of showing is no false absence."""
    assert [] == of_type("false_absence", reply, CURVE)


def test_nothing_there_alone_still_denies_the_items() -> None:
    """"I pulled the curve: nothing there." over four readings is a false absence."""
    assert ["false_absence"] == [f[0] for f in of_type(
        "false_absence", "I pulled the 06:00 curve: nothing there.", CURVE)]
