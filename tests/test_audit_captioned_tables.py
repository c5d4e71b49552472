"""A text table under a caption line (what was asked, then the header, then the rows): the
rows under the header are the items, so a count of them is consistent and a count of
every line is not what the result lists. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

C, ITEMS = "count_mismatch", "count.item_count"
BUSES = ok("bus_departures", "stop 4417 (Plaza Mayor) | line 27 | next 90 min\n"
                             "departs  destination  platform\n"
                             "10:05    Airport      2\n10:35    Airport      2\n"
                             "11:05    Airport      3\n")
LOTES = ok("lotes_almacen", "almacén 3 · consulta 2026-12-05 08:00\n"
                            "lote    producto    kg\n"
                            "L-881   harina T55  1200\nL-884   harina T65  800\n"
                            "L-890   sémola      450\nL-902   harina T80  300\n")
GUANDAO = ok("pipeline_alarms", "监测站 7 号 · 2026-12-05\n"
                                "管段  告警  压力\n"
                                "P-12  低压  0.21\nP-19  低压  0.19\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Three buses in the next 90 minutes, all to the Airport.", BUSES, []),
    ("El almacén 3 tiene 4 lotes.", LOTES, []),
    ("7 号站有 2 条告警。", GUANDAO, []),
    ("Six buses in the next 90 minutes, all to the Airport.", BUSES,
     [(C, ITEMS, "Six buses")]),
    ("Hay 7 lotes en el almacén 3.", LOTES, [(C, ITEMS, "7 lotes")]),
    ("7 号站有 3 个管段告警。", GUANDAO, [(C, ITEMS, "3 个管段告警")]),
])
def test_rows_under_a_captioned_header_are_the_items(reply: str, event: object,
                                                     expected: Expected) -> None:
    """The rows under the header count; other counts are still mismatched."""
    assert expected == of_type(C, reply, event)  # type: ignore[arg-type]
