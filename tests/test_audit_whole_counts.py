"""A count said of the whole ("in total", "en total", 共有, 一共) is no part of the listing,
whatever subsets the reply names after it: it is compared with the whole listing. Sentences
and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

C = "count_mismatch"
RIDES = ok("park.queue_list", '{"rides": [{"ride": "Comet", "wait_min": 75}, {"ride": "Flume", '
           '"wait_min": 50}, {"ride": "Carousel", "wait_min": 10}, {"ride": "Pirate Ship", '
           '"wait_min": 35}, {"ride": "Wheel", "wait_min": 20}, {"ride": "Dodgems", '
           '"wait_min": 15}]}')


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("目前共有 5 个项目在排队。旋转木马和碰碰车都在 15 分钟以内。", [RIDES],
     [(C, "count.item_count", "5 个项目在排队")]),
    ("目前共有 6 个项目在排队。旋转木马和碰碰车都在 15 分钟以内。", [RIDES], []),
    ("5 rides in total are queueing; the Carousel and the Dodgems are under 15 minutes.",
     [RIDES], [(C, "count.item_count", "5 rides")]),
])
def test_a_count_said_of_the_whole(reply: str, events: list[ToolEvent], expected: Expected
                                   ) -> None:
    """Said of the whole, the count meets the whole listing, not a subset named later."""
    assert expected == [f for f in findings(reply, *events) if f[0] == C]


FINES = ok("fines.lookup", '{"plate": "4417-LMK", "pending": [{"ref": "M-1", "amount": 90}, '
           '{"ref": "M-2", "amount": 90}, {"ref": "M-3", "amount": 200}, {"ref": "M-4", '
           '"amount": 90}, {"ref": "M-5", "amount": 90}], "total": 560}')


@pytest.mark.parametrize(("reply", "expected"), [
    ("La 4417-LMK tiene 4 multas de aparcamiento pendientes, 560 € en total.",
     [(C, "count.item_count", "4 multas")]),
    ("La 4417-LMK tiene 5 multas de aparcamiento pendientes, 560 € en total.", []),
])
def test_an_amount_shared_by_some_items_is_no_kind(reply: str, expected: Expected) -> None:
    """Four fines of 90 € do not make "4 multas de aparcamiento" a kind of the five."""
    assert expected == [f for f in findings(reply, FINES) if f[0] == C]
