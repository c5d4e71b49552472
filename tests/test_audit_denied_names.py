"""A name in a clause its language negates ("PB-05 不在这份报表里", "not a New York one")
is said not to be there, or not so: nothing read from a result, no finding. The same name
stated as read is still held to the results. Tools and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

FUEL = ok("fleet.fuel_report", json.dumps([
    {"unit": "PB-03", "litres": 1204, "hours": 46.3},
    {"unit": "PB-06", "litres": 998, "hours": 43.4}]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("PB-03 用油最多，1204 升。PB-05 不在这份报表里。", []),
    ("PB-03 used the most, 1204 litres; PB-05 is not in this report.", []),
    ("PB-03 usó más, 1204 litros; PB-05 no aparece en el informe.", []),
    # Stated as read: a name no result holds.
    ("PB-03 used the most, 1204 litres, then PB-05 with 998.",
     [("ungrounded_value", "value.name_not_in_results", "PB-05")]),
])
def test_a_name_the_reply_denies(reply: str, expected: Expected) -> None:
    """A denied name is no value read; an affirmed one is checked."""
    assert expected == [f for f in of_type("ungrounded_value", reply, FUEL)
                        if f[1] == "value.name_not_in_results"]
