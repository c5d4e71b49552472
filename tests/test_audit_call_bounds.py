"""A threshold the call itself applied ("above 1500" after a call given min_score: 1500)
picks out every item the call returned: a count of them is compared with the listing. A
bound the call was not given still marks a part. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

C = "count_mismatch"
CSV = "player,score\nAda,1710\nBo,1655\nCy,1590\nDee,1544\nEz,1502"
LEADERS = ok("league.export", CSV, {"league": "North", "min_score": 1500})
LEADERS_CAMEL = ok("league.export", CSV, {"league": "North", "minScore": "1500"})
LEADERS_NESTED = ok("league.export", CSV, {"filter": {"score_gte": 1500}})
PLAIN = ok("league.export", CSV, {"league": "North", "limit": 1500})
ORDERS = ok("orders.search", '[{"id": "O-1", "total": 82.5}, {"id": "O-2", "total": 95.0}, '
                             '{"id": "O-3", "total": 140.0}, {"id": "O-4", "total": 61.0}]',
            {"max_total": 150})


@pytest.mark.parametrize(("reply", "event"), [
    ("4 players are above 1500 this season.", LEADERS),
    ("Four players scored more than 1500.", LEADERS_CAMEL),
    ("4 players are over 1500.", LEADERS_NESTED),
    ("Hay 4 jugadores por encima de 1500.", LEADERS),
    ("3 orders are under 150.", ORDERS),
    ("有 4 名选手超过 1500 分。", LEADERS),
])
def test_a_bound_the_call_applied_counts_the_whole_listing(reply: str, event: ToolEvent) -> None:
    """The call's own min/max argument selected every item: a miscount of them is found."""
    assert [C] == [f[0] for f in findings(reply, event) if f[0] == C]


@pytest.mark.parametrize(("reply", "event"), [
    ("5 players are above 1500 this season.", LEADERS),      # right
    ("3 players are above 1580.", LEADERS),                  # another bound: a part
    ("4 players are above 1500.", PLAIN),                    # a limit is no bound
    ("Two orders are over 90.", ORDERS),
    ("有 3 名选手超过 1580 分。", LEADERS),
])
def test_a_bound_the_call_did_not_apply_or_a_right_count(reply: str, event: ToolEvent) -> None:
    """A right count, a bound of the reply's own, or an argument that bounds nothing."""
    assert [] == [f for f in findings(reply, event) if f[0] == C]
