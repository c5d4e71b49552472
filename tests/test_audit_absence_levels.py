"""An absence of a level ("no critical ones") over items a field of levels sorts (severity,
priority): borne out when no item holds that level, though the call kept one state ("state":
"open"); refuted as before when one does. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent


def _tickets(levels: tuple[str, ...], args: dict[str, object] | None = None) -> ToolEvent:
    rows = "\n".join(f"T-{n}  2027-02-0{n}  {level:<9} fence panel {n}"
                     for n, level in enumerate(levels, start=1))
    return ok("om.tickets", "ticket  opened      severity  summary\n" + rows,
              args if args is not None else {"site": "north", "state": "open"})


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No critical ones. There are 3 open tickets: 2 major, 1 minor.",
     _tickets(("major", "minor", "major")), []),
    # One item holds the level: the absence is refuted.
    ("No critical ones. There are 3 open tickets.", _tickets(("critical", "minor", "major")),
     ["absence.result_has_items"]),
])
def test_an_absent_level_of_a_field_of_levels(reply: str, event: ToolEvent,
                                              expected: list[str]) -> None:
    """"No critical ones" over severities major and minor is true; over one critical, not."""
    assert expected == [f[1] for f in findings(reply, event, user="any critical tickets open?")
                        if f[0] == "false_absence"]
