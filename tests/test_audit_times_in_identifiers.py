"""A time of day named the way an identifier of the turn encodes it.

"the 07:40 sailing" beside a call for sailing "PA-IK-0740", "el de las 21:30" beside
"run_2130": the reply names the thing by its time, as the identifier does, so the time
is grounded. Four digits inside a longer number ("INV-107405") or a time no identifier
holds are not. Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok


def ungrounded(reply: str, args: dict[str, object]) -> list[str]:
    event = ok("deck.manifest", json.dumps({"vehicles": 20, "lanes": 4}), args)
    return [f[2] for f in findings(reply, event) if f[0] == "ungrounded_value"]


@pytest.mark.parametrize(("reply", "args"), [
    ("20 vehicles are booked on the 07:40 sailing.", {"sailing": "PA-IK-0740"}),
    ("El de las 21:30 lleva 20 vehículos.", {"run": "run_2130"}),
])
def test_a_time_an_identifier_encodes_is_grounded(reply: str, args: dict[str, object]) -> None:
    """The time an identifier of the call holds as its four digits grounds the reply's time."""
    assert [] == ungrounded(reply, args)


@pytest.mark.parametrize(("reply", "args", "span"), [
    ("20 vehicles are booked on the 07:40 sailing.", {"invoice": "INV-107405"}, "07:40"),
    ("20 vehicles are booked on the 07:40 sailing.", {"sailing": "PA-IK-0745"}, "07:40"),
    # Digits glued to letters are a number of their own (a flight "BA1447"), no time.
    ("First bag came off at 14:47, belt 7.", {"flight": "BA1447"}, "14:47"),
])
def test_digits_inside_a_longer_number_or_another_time_ground_nothing(
        reply: str, args: dict[str, object], span: str) -> None:
    """Four digits inside a longer number, or another time's digits, ground no time."""
    assert [span] == ungrounded(reply, args)
