"""An absence whose noun has two coordinated modifiers ("no corrosion or leak issues"):
each modifier is a word of what is denied, so a row holding either refutes it."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def found(reply: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool="pumps.inspection", args={"site": "North"},
                      status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


def pumps(**changes: tuple[int, str]) -> str:
    """Six pumps, all 'ok' but the rows ``changes`` names (field=(row, value))."""
    rows = [{"id": f"P-{i}", "housing": "ok", "impeller": "ok"} for i in range(1, 7)]
    for field, (row, value) in changes.items():
        rows[row][field] = value
    return json.dumps({"site": "North", "pumps": rows})


@pytest.mark.parametrize(("reply", "result", "span"), [
    ("All six pumps look fine, no corrosion or leak issues logged.",
     pumps(housing=(3, "corrosion")), "no corrosion or leak issues"),
    ("All six pumps look fine, no corrosion or leak issues logged.",
     pumps(housing=(4, "leaks")), "no corrosion or leak issues"),
    ("There are no wear and cavitation problems on any pump.",
     pumps(impeller=(2, "cavitation")), "There are no wear and cavitation problems"),
])
def test_coordinated_modifiers_are_each_denied(reply: str, result: str, span: str) -> None:
    """A row in the state of either coordinated modifier makes the absence false."""
    assert [("false_absence", "absence.result_has_items", span)] == found(reply, result)


@pytest.mark.parametrize("reply", [
    "All six pumps look fine, no corrosion or leak issues logged.",
    "There are no wear and cavitation problems on any pump.",
    # After the conjunction a determiner opens another clause: the impellers are not denied.
    "There were no leaks and the impellers looked fine.",
])
def test_coordinated_modifiers_no_row_holds(reply: str) -> None:
    """No finding when no row holds either state: the absence is true."""
    assert [] == found(reply, pumps())
