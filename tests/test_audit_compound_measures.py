"""A number joined to its unit by a hyphen ('a 20-minute soak', 'a 3-day course') is a
measure like '20 minutes'; weeks are grounded by a number the results label in days."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.audit.claims import ValueKind, extract_claims
from zeroclaw_daemon.audit.lang import PACKS

COURSE = ok("training.course", json.dumps({"course": "rigging basics", "duration_days": 3,
                                           "seats": 12, "soak_minutes": 45}))
RETENTION = ok("archive.policy", json.dumps({"bucket": "scans", "keep_days": 28,
                                             "copies": 2}))
BARE = ok("archive.policy", json.dumps({"bucket": "scans", "copies": 28}))


def _ungrounded(reply: str, event: object) -> list[str]:
    return [f[2] for f in findings(reply, event) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Rigging basics is a 3-day course with a 45-minute soak test.", COURSE, []),
    ("Rigging basics is a 4-day course with a 45-minute soak test.", COURSE, ["4-day"]),
    ("Rigging basics is a 3-day course with a 20-minute soak test.", COURSE, ["20-minute"]),
])
def test_hyphenated_measure_is_a_value(reply: str, event: object, expected: list[str]) -> None:
    """'N-unit' is checked as the measure it names; identifiers are not measures."""
    assert expected == _ungrounded(reply, event)


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Scans are kept for a 4-week window, in 2 copies.", RETENTION, []),
    ("Los escaneos se guardan 4 semanas, en 2 copias.", RETENTION, []),
    ("Scans are kept for a 5-week window, in 2 copies.", RETENTION, ["5-week"]),
    # 28 labelled as no span of days is no 4 weeks.
    ("Scans are kept for 4 weeks.", BARE, ["4 weeks"]),
])
def test_weeks_from_a_number_labelled_in_days(reply: str, event: object,
                                              expected: list[str]) -> None:
    """Weeks are grounded by days the results label as days (28 days: 4 weeks), not by a bare 28."""
    assert expected == _ungrounded(reply, event)


@pytest.mark.parametrize("text", [
    "Room GL-07 hosts it, on v2-beta of the app.",
    "Strain B-12 and the 3-s delay; Route 9-A.",
])
def test_identifiers_are_no_hyphenated_measures(text: str) -> None:
    """A hyphen after a number opens a measure only before a unit word of two letters or more."""
    assert [] == [v.raw for v in extract_claims(text, PACKS["en"]).values
                  if v.kind is ValueKind.MEASURE]
