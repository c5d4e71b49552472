"""A bare number whose label names a result's key ("coeficiente 82" of "coeficiente": 78) is
judged against that key's values (rounded, converted, or their sum, mean or spread), not
excused because some sum of unrelated figures of the result happens to give it. Sentences
and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

V, RULE = "ungrounded_value", "value.contradicts_result"
TIDES = ok("tides.get", '{"port": "Somo", "coeficiente": 78, "mareas": [{"hora": "10:31", '
           '"altura_m": 3.95}, {"hora": "16:40", "altura_m": 4.1}]}')


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # 82 is 78 + 3.95 rounded: a sum of unrelated figures, not the coefficient.
    ("Pleamar a las 16:40 (coeficiente 82).", [TIDES], [(V, RULE, "82")]),
    ("Pleamar a las 16:40 (coeficiente 78).", [TIDES], []),
])
def test_a_labelled_number_is_judged_by_its_key(reply: str, events: list[ToolEvent],
                                                expected: Expected) -> None:
    """The key the label names decides, not the pool of the result's derivations."""
    assert expected == [f for f in findings(reply, *events) if f[0] == V]
