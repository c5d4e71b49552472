"""A figure a word of change labels ("up 0.18 m since 08:00", "sube 0,18 m desde", 上涨了
0.18 米) is a difference of two readings, not a reading of the result's column: it is
grounded when two of the column's values give it, and ungrounded when none do. Sentences
and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"
LEVELS = ok("tank_level_log", "time,level_m\n08:00,1.20\n09:00,1.26\n10:00,1.31\n11:00,1.38\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Latest level is 1.38 m, up 0.18 m since 08:00; an hour earlier it was 1.31 m.", []),
    ("El último nivel es 1,38 m, sube 0,18 m desde las 8:00; una hora antes era 1,31 m.", []),
    ("最新水位 1.38 米，上涨 0.18 米，一小时前是 1.31 米。", []),
    ("Latest level is 1.38 m, up 0.25 m since 08:00; an hour earlier it was 1.31 m.",
     [(V, NOT_IN, "0.25")]),
])
def test_a_change_is_a_difference_of_readings(reply: str, expected: Expected) -> None:
    """A change two readings give is no finding; one no two readings give is ungrounded."""
    assert expected == of_type(V, reply, LEVELS)
