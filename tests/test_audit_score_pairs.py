"""A pair of numbers a result writes as one value (a map score "13-10", a set "7-5") is one
value in the reply too: a pair that keeps one side of a result's pair and changes the other
("13-8", "7-6") is that pair misquoted, even though both numbers stand apart in the results.
The pairs as written, reversed, or a series counted over them ("won 2-1") are no finding.
Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

MAPS = ok("match_result", '{"home": "Orca", "away": "Lynx", "maps": [{"map": "Bind", '
                          '"score": "13-11"}, {"map": "Haven", "score": "9-13"}, '
                          '{"map": "Split", "score": "13-10"}]}')
SETS = ok("tennis_match", '{"player": "R. Ito", "sets": ["6-4", "3-6", "7-5"], "aces": 8}')


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Ganaron Bind 13-11, perdieron Haven 9-13 y cerraron en Split 13-8.", MAPS,
     [("ungrounded_value", "value.pair_not_in_results", "13-8")]),
    ("Ito won 6-4, 3-6, 7-6 with 8 aces.", SETS,
     [("ungrounded_value", "value.pair_not_in_results", "7-6")]),
    ("第三张图 Split 的比分是 13-8。", MAPS,
     [("ungrounded_value", "value.pair_not_in_results", "13-8")]),
])
def test_a_pair_misquoted_is_ungrounded(reply: str, event: ToolEvent,
                                        expected: Expected) -> None:
    """One side kept, the other changed: the result's pair misquoted."""
    assert expected == findings(reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("Orca won the series 2-1: 13-11 on Bind, 9-13 on Haven, 13-10 on Split.", MAPS),
    ("Lynx took Haven 13-9 from their side.", MAPS),
    ("Ito won 6-4, 3-6, 7-5.", SETS),
    ("三张图的比分分别是 13-11、9-13 和 13-10。", MAPS),
])
def test_pairs_as_written_or_counted_stand(reply: str, event: ToolEvent) -> None:
    """A pair as the result writes it, reversed, a series, or a range: no finding."""
    assert [] == findings(reply, event)
