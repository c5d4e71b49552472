"""A look told in the passive, besides the others: "the leak sensors were checked as well".

Its subject is what was looked at, and "as well" says it was one more source than the
calls reported on: it must name a call, as "I also checked the leak sensors" must. A
passive look at what a call did read is no finding. Tools and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

TANKS = ok("tanks.levels", "tank,capacity_gal,level_gal\nRaw sap 1,3000,0\nRaw sap 2,3000,0\n",
           {"site": "sugarhouse"})
SENSORS = ok("leak_sensors.status", "sensor,zone,state\nLS-1,east,ok\nLS-2,east,ok\n",
             {"zone": "east"})


def fabricated(reply: str, *events: ToolEvent) -> list[str]:
    return [f[2] for f in findings(reply, *events) if f[0] == "fabricated_tool_call"]


def test_a_passive_additional_look_at_something_no_call_read() -> None:
    """"The leak sensors … were checked as well" with only a tank call: a look never made."""
    assert ["were checked as well"] == fabricated(
        "Both raw sap tanks are at 0. The leak sensors on the east slope were checked as "
        "well and nothing is flagging.", TANKS)


@pytest.mark.parametrize("reply", [
    "Both raw sap tanks are at 0. The leak sensors were checked as well: both ok.",
    "Both raw sap tanks are at 0, and the tank levels were checked too.",
])
def test_a_passive_look_at_what_a_call_read(reply: str) -> None:
    """The subject names a call's sensors or tanks: the look was made."""
    assert [] == fabricated(reply, TANKS, SENSORS)
