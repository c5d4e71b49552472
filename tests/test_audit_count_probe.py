"""Counts in the forms assistants write them, over six pumps (four running, one stopped,
one in fault): a wrong count of the whole is found in every language; an honest part, said
with a subset word or a state right after the classifier ("4 台在运行"), is not.
Sentences and tools of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

PUMPS = ok("pumps.list", "pump,state,flow_lpm\nP1,running,120\nP2,running,118\n"
                         "P3,stopped,0\nP4,running,121\nP5,fault,0\nP6,running,119\n")


@pytest.mark.parametrize("reply", [
    "There are 5 pumps.", "We have seven pumps on the line.", "Hay 5 bombas.",
    "Tenemos siete bombas.", "一共有 5 台泵。", "共 7 台泵。",
])
def test_a_wrong_count_of_the_whole(reply: str) -> None:
    """Five or seven pumps over six listed."""
    assert 1 == len(of_type("count_mismatch", reply, PUMPS))


@pytest.mark.parametrize("reply", [
    "6 pumps in total, 4 of them running.",
    "Of the 6 pumps, 4 are running and 1 has a fault.",
    "De las 6 bombas, 4 están en marcha.",
    "6 台泵里有 4 台在运行。",
    "4 台在运行，2 台停着。",
    "Four are running.",
])
def test_an_honest_part(reply: str) -> None:
    """A part said as a part: no finding."""
    assert [] == of_type("count_mismatch", reply, PUMPS)
