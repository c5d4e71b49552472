"""An absence of what the user asked for, when the turn's only call selected its records by
a filter argument ("filter": "dnd", "estado": "pendiente") and returned some: each record is
one the filter kept, so the absence is false whatever language the tool is named in.
Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

BOARD = "ROOM  STATUS  SINCE\n1204  OCC     07:50\n1211  OCC     10:05"
HOLDS = ('[{"item": "Atlas of Birds", "ready": "2026-12-04"}, '
         '{"item": "Dune", "ready": "2026-12-05"}]')


@pytest.mark.parametrize(("reply", "user", "event", "expected"), [
    ("12 楼目前没有挂请勿打扰的房间。", "12 楼有没有挂请勿打扰的房间？",
     ok("room_board", BOARD, {"floor": 12, "filter": "dnd"}),
     [("false_absence", "absence.result_has_items", "没有挂请勿打扰的房间")]),
    ("En la planta 12 no hay habitaciones en limpieza.",
     "¿Hay habitaciones en limpieza en la planta 12?",
     ok("room_board", BOARD, {"floor": 12, "status": "cleaning"}),
     [("false_absence", "absence.result_has_items", "no hay habitaciones")]),
    ("目前没有可以取的预约书。", "我有没有可以取的预约书？",
     ok("library_holds", HOLDS, {"state": "ready"}),
     [("false_absence", "absence.result_has_items", "没有可以取的预约书")]),
])
def test_an_absence_of_what_a_filter_kept(reply: str, user: str, event: object,
                                          expected: Expected) -> None:
    """The only call filtered for what was asked and returned records: the absence is false."""
    assert expected == findings(reply, event, user=user)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "user", "event"), [
    # No filter: the board lists every room, what it holds of the asked kind is unclear.
    ("12 楼目前没有挂请勿打扰的房间。", "12 楼有没有挂请勿打扰的房间？",
     ok("room_board", BOARD, {"floor": 12})),
    # A filter that keeps everything selects no kind.
    ("12 楼目前没有挂请勿打扰的房间。", "12 楼有没有挂请勿打扰的房间？",
     ok("room_board", BOARD, {"floor": 12, "filter": "all"})),
    # The user asked nothing the absence names: nothing binds it to the call.
    ("12 楼目前没有挂请勿打扰的房间。", "12 楼现在什么情况？",
     ok("room_board", BOARD, {"floor": 12, "filter": "dnd"})),
])
def test_an_absence_no_filter_binds_is_no_finding(reply: str, user: str, event: object) -> None:
    """Without a filtering argument, or a question naming what is denied: no finding."""
    assert [] == findings(reply, event, user=user)  # type: ignore[arg-type]
