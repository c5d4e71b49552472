"""Counts of events a log tells in two lines each (a start and an end): half the lines."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

POWER = ok("generator_log", "02:14:09 feeder north lost power, outage started\n"
                            "02:31:40 power back on feeder north, outage over after 17m31s\n"
                            "03:00:00 fuel check ok\n"
                            "05:47:12 outage started on feeder east\n"
                            "05:49:03 outage over on feeder east after 1m51s\n")
DOORS = ok("door_events", "18:02 lobby door alarm raised: held open\n"
                          "18:04 lobby door alarm acknowledged\n"
                          "21:40 dock door alarm raised: forced\n"
                          "21:46 dock door alarm acknowledged\n"
                          "23:15 lobby door alarm raised: held open\n"
                          "23:16 lobby door alarm acknowledged\n"
                          "23:59 patrol round complete\n")
PRENSA = ok("eventos_prensa", "07:10 atasco detectado en alimentador\n"
                              "07:18 atasco resuelto\n"
                              "09:02 atasco detectado en cámara\n"
                              "09:30 atasco resuelto\n"
                              "14:00 fin de turno\n")


@pytest.mark.parametrize(("reply", "result"), [
    ("Two outages overnight, the one on the north feeder lasting about 17 minutes.", POWER),
    ("There were three door alarms, two of them at the lobby.", DOORS),
    ("Hubo dos atascos: uno en el alimentador y otro en la cámara.", PRENSA),
])
def test_a_count_of_events_told_as_start_and_end_lines_is_consistent(
        reply: str, result: ToolEvent) -> None:
    """The noun's lines split in two equal phases (begin/end, raised/acknowledged): each
    event is two lines, and the count is of events."""
    assert [] == of_type("count_mismatch", reply, result)


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("Three outages overnight.", POWER,
     [("count_mismatch", "count.item_count", "Three outages")]),
    ("There were four door alarms.", DOORS,
     [("count_mismatch", "count.item_count", "four door alarms")]),
])
def test_a_count_of_neither_the_events_nor_the_lines_is_still_a_mismatch(
        reply: str, result: ToolEvent, expected: Expected) -> None:
    """Neither half the noun's lines nor any count of them: the count is held as before."""
    assert expected == of_type("count_mismatch", reply, result)
