"""A state of creation said of an entry on a named day ("la próxima está programada para
el 16 de diciembre") is shown by a read that lists an entry on that day (2026-12-16): a
listed appointment is scheduled. On a day the read does not list, no call made it.
Tools and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

APPOINTMENTS = ok("tuner.appointments", json.dumps(
    [{"id": "AP-1", "start": "2026-12-16T09:00:00+01:00", "technician": "Rocío"}]),
    {"client": "Conservatorio"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("La próxima está programada para el miércoles 16 de diciembre a las 9:00.", []),
    ("La próxima está programada para el viernes 18 de diciembre a las 9:00.", ["programada"]),
])
def test_a_scheduled_state_on_a_listed_day(reply: str, expected: list[str]) -> None:
    """Listed on that day: shown; on another day: no call scheduled it."""
    assert expected == [f[2] for f in findings(reply, APPOINTMENTS)
                        if f[0] == "fabricated_tool_call"]
