"""Counts of events a log tells in several lines each (a start and an end), not of lines."""

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

INCIDENTS = ok("incident_log", "09:02 INC-1 opened: login failures\n09:40 INC-1 resolved\n"
                               "11:15 INC-2 opened: slow checkout\n11:50 INC-2 resolved\n"
                               "13:05 INC-3 opened: payment errors\n14:22 INC-3 resolved\n")
LIFTS = ok("elevator_log", "08:00 E1 out of service: door fault\n08:45 E1 back in service\n"
                          "12:10 E2 out of service: leveling\n12:30 E2 back in service\n"
                          "15:00 E1 out of service: door fault\n15:20 E1 back in service\n")
BACKUPS = ok("backup_log", "01:00 job nightly-db start\n01:42 job nightly-db ok\n"
                          "02:00 job nightly-files start\n"
                          "02:31 job nightly-files FAILED: disk full\n"
                          "03:00 job weekly-archive start\n03:58 job weekly-archive ok\n")
RUNS = ok("kiln_runs", '[{"run": "K-7", "event": "fired"}, {"run": "K-7", "event": "cooled"}, '
                       '{"run": "K-8", "event": "fired"}, {"run": "K-8", "event": "cooled"}]')


@pytest.mark.parametrize(("reply", "result"), [
    ("Two outages overnight, the one on the north feeder lasting about 17 minutes.", POWER),
    ("There were three door alarms, two of them at the lobby.", DOORS),
    ("Hubo dos atascos: uno en el alimentador y otro en la cámara.", PRENSA),
    ("Three incidents today, all resolved.", INCIDENTS),
    ("Two kiln runs finished.", RUNS),
    ("Hoy hubo tres incidencias, todas resueltas.", INCIDENTS),
    # No line names the noun: the log's own words ("service") split in two phases.
    ("Three outages today: E1 twice for the door and E2 once.", LIFTS),
    ("There were 3 service interruptions.", LIFTS),
    # One word opens every event ("start"); its ends differ (ok, FAILED).
    ("Three backup jobs ran overnight; nightly-files failed.", BACKUPS),
])
def test_a_count_of_events_told_as_start_and_end_lines_is_consistent(
        reply: str, result: ToolEvent) -> None:
    """The noun's lines split in two equal phases (begin/end, raised/acknowledged), or the
    items name each thing by an identifier on several lines (INC-2 opened, INC-2
    resolved): the count is of events or things, not lines."""
    assert [] == of_type("count_mismatch", reply, result)


@pytest.mark.parametrize(("reply", "result", "expected"), [
    ("Three outages overnight.", POWER,
     [("count_mismatch", "count.item_count", "Three outages")]),
    ("There were four door alarms.", DOORS,
     [("count_mismatch", "count.item_count", "four door alarms")]),
    ("Five incidents today.", INCIDENTS,
     [("count_mismatch", "count.item_count", "Five incidents")]),
    ("Five outages today.", LIFTS, [("count_mismatch", "count.item_count", "Five outages")]),
    ("Two backup jobs ran.", BACKUPS, [("count_mismatch", "count.item_count", "Two backup jobs")]),
    # Identifiers recurring unevenly are kinds (priorities), not things.
    ("There were 3 P2 calls.", ok("cad", "INC-1,P1\nINC-2,P2\nINC-3,P1\nINC-4,P3\n"
                                         "INC-5,P2\nINC-6,P1\nINC-7,P3\n"),
     [("count_mismatch", "count.item_count", "3 P2 calls")]),
    # Each identifier on one line only: the lines are the things, counted as before.
    ("Four tickets came in.", ok("tickets", "T-1 login\nT-2 checkout\nT-3 payment\n"),
     [("count_mismatch", "count.item_count", "Four tickets")]),
])
def test_a_count_of_neither_the_events_nor_the_lines_is_still_a_mismatch(
        reply: str, result: ToolEvent, expected: Expected) -> None:
    """Neither half the noun's lines nor any count of them: the count is held as before."""
    assert expected == of_type("count_mismatch", reply, result)
