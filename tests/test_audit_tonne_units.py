"""A lower-case "t" after a number is the tonne: it converts within masses only, never as
the byte multiple "T" (so "78 t" is not grounded by a byte-scaled reading of a result's
figure); "1.8 T" of a disk is still terabytes. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

U = "ungrounded_value"
YARD = ok("yard.stock", '{"piles": {"bays": 40, "rows": 3, "length_m": 120.5, "depth_m": 1.8, '
                        '"gravel_t": 35}, "loads_t": {"mon": 12, "tue": 15, "wed": 9}}')
DISK = ok("nas.usage", '{"volume": "tank", "used_gb": 1843}')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Gravel on hand: 78 t.", YARD, ["78 t"]),          # no mass of 78 tonnes
    ("Gravel on hand: 35 t.", YARD, []),
    ("Quedan 36 t de las cargas de la semana.", YARD, []),   # 12 + 15 + 9
    ("About 1.8 T used on tank.", DISK, []),            # 1,843 GB
])
def test_a_lower_case_t_is_a_tonne(reply: str, event: ToolEvent, expected: list[str]) -> None:
    """Tonnes convert from kilograms only; the byte 'T' still converts from gigabytes."""
    assert expected == [span for _, _, span in of_type(U, reply, event)]
