"""A value adding up the run of rows its sentence names by its ends ("entre junio y agosto
(59,5 m³)") is grounded; a run the sentence does not name, or another total, is not.
Tools and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

MONTHS = ok("huertos.consumo", "mes,consumo_m3\nmayo,13.6\njunio,18.2\njulio,21.5\n"
                               "agosto,19.8\nseptiembre,10.4\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Entre junio y agosto se gastaron 59,5 m³.", []),
    ("From junio to agosto the plots used 59.5 m³.", []),
    ("Entre junio y agosto se gastaron 61,5 m³.", ["61,5 m³"]),
    ("En verano se gastaron 59,5 m³.", ["59,5 m³"]),
])
def test_a_sum_over_the_named_run_of_rows(reply: str, expected: list[str]) -> None:
    """Only the run from one named row to another is summed."""
    assert expected == [f[2] for f in of_type("ungrounded_value", reply, MONTHS)]
