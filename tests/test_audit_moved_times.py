"""A time of day moved from a result's time is grounded only by a number the results state
as minutes (a delay: "delay_minutes": 12, "12 min late"), not by any number of the result
(a shoot's day 15, a count); and a clock reading with seconds that is the difference of two
of the results' readings is an elapsed time, in results of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

CALL_SHEET = ok("callsheet_get", "CALL SHEET - DAY 15 of 32\nCrew call: 05:45   Shooting call: "
                                 "07:15\nNotes: Quay Steps closed 05:30-09:30.\n")
TRAIN = ok("train_status", json.dumps({"train": "IC 512", "scheduled": "13:28",
                                       "delay_minutes": 12, "platform": 4}))
LATE = ok("train_status", "IC 512 scheduled 13:28, running 12 min late, platform 4")
RETRASO = ok("estado_tren", json.dumps({"tren": "AV 3172", "salida": "09:50", "retraso": 15}))
SPLITS = ok("athlete_splits", "split,chip_time\nHALF,1:27:55\n30K,2:06:12\nFINISH,3:04:37\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("IC 512 now arrives about 13:40.", TRAIN),
    ("IC 512 now arrives at 13:40.", LATE),
    ("El AV 3172 saldrá a las 10:05.", RETRASO),
    ("The second half took 1:36:42, slower than the first.", SPLITS),
    ("From 30K to the finish took 0:58:25.", SPLITS),
])
def test_a_delay_or_an_elapsed_time_is_grounded(reply: str, event: object) -> None:
    """A time moved by a stated delay, or a difference of two readings, is no finding."""
    assert [] == findings(reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("Yes, the sheet confirms a 06:00 crew call for Day 15.", CALL_SHEET, "06:00"),
    ("IC 512 now arrives at 13:32.", TRAIN, "13:32"),
    ("The second half took 1:39:42.", SPLITS, "1:39:42"),
])
def test_a_time_moved_by_no_stated_delay_is_ungrounded(reply: str, event: object,
                                                       span: str) -> None:
    """05:45 moved by the sheet's day number, or 13:28 by its platform, is no finding's
    excuse: the time is ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == findings(
        reply, event)  # type: ignore[arg-type]


DAY = ok("schedule.day", "Clinician: Dr A. Moss    Date: 2026-12-07\n"
                         "START  PATIENT     TYPE          MIN  ROOM\n"
                         "08:30  R. Adams    hearing test  45   Booth 1\n"
                         "11:05  P. Berg     HA fitting    60   Room 2\n"
                         "16:00  L. Chen     follow-up     15   Room 2\n")
GALA = ok("eventos.detalle", json.dumps({"evento": "Gala", "inicio": "2026-12-20T19:30:00+00:00",
                                         "duracion_min": 135, "descanso_min": 20}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Appointments run 08:30 through to about 16:15; she's free from 12:05.", DAY, []),
    ("Appointments run 08:30 through to about 16:35.", DAY, ["value.not_in_results"]),
    # A timestamp's time moved by the length its object names (the break is part of it),
    # then by the results' zone: 21:45 in London, 22:45 in Madrid.
    ("Empieza a las 20:30 en Madrid y acaba hacia las 22:45 hora de Madrid.", GALA, []),
    ("Empieza a las 20:30 en Madrid y acaba hacia las 22:50 hora de Madrid.", GALA,
     ["value.not_in_results"]),
])
def test_a_row_ends_at_its_time_moved_by_its_own_length(reply: str, event: object,
                                                        expected: list[str]) -> None:
    """A row's time of day plus its own column of minutes ("MIN", "duracion_min") is when it
    ends: a reply may state that end; another time is still ungrounded."""
    assert expected == [f[1] for f in findings(reply, event) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("result", "reply", "expected"), [
    # Spans of time a result writes in two units, or as a clock with seconds.
    ("duration 1h 30m", "It takes 90 minutes.", []),
    ("elapsed 01:30:00", "It took 90 minutes.", []),
    ("duration 1h 30m", "It takes 95 minutes.", ["value.not_in_results"]),
    # Times of day written "14h30" or "9.30am".
    ("salida: 14h30", "Sale a las 14:30.", []),
    ("start 9.30am", "It starts at 9:30.", []),
    ("salida: 14h30", "Sale a las 14:40.", ["value.not_in_results"]),
    ("weight 14.30 kg", "Weighed at 14:30.", ["value.not_in_results"]),
])
def test_spans_and_times_written_otherwise(result: str, reply: str,
                                          expected: list[str]) -> None:
    """"1h 30m" and "01:30:00" are 90 minutes; "14h30" and "9.30am" are times of day; a
    decimal before a unit is neither."""
    assert expected == [f[1] for f in findings(reply, ok("t", result))
                        if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("result", "reply", "expected"), [
    # Thousands parted by a plain space before a decimal comma, or by an apostrophe.
    ("total: 1 250,50 EUR", "Son 1.250,50 €.", []),
    ("total: 1 250,50 EUR", "Son 1.250,60 €.", ["value.not_in_results"]),
    ("amount: 1'250.50 CHF", "That is CHF 1,250.50.", []),
    # A figure with a scale letter; a lower-case "m" only as money.
    ("revenue 1.2M", "Revenue was $1,200,000.", []),
    ("revenue £1.2m", "Revenue was £1,200,000.", []),
    ("rope 1.2m", "Revenue was 1,200,000.", ["value.not_in_results"]),
])
def test_numbers_written_with_other_groupings(result: str, reply: str,
                                              expected: list[str]) -> None:
    """"1 250,50", "1'250.50" and "1.2M" are the figures a reply writes otherwise."""
    assert expected == [f[1] for f in findings(reply, ok("t", result))
                        if f[0] == "ungrounded_value"]
