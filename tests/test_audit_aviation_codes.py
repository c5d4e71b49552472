"""A reply that decodes a METAR, a TAF or a NOTAM writes the code's figures apart: the wind
group's direction, speed and gust ("27014G22KT"), a cloud base in feet ("FEW030"), a
TAF period's hours ("BECMG 1010/1013"), a NOTAM's start and end ("B) 2612051400"). Each
is grounded; a figure the code does not write is not. Codes and sentences of our own;
rows are (reply, expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

V = "ungrounded_value"
METAR = ok("wx.latest", "METAR EGKA 071150Z 23016G27KT 9999 SCT025 09/04 Q1009")
TAF = ok("wx.taf", "TAF EGKA 071100Z 0712/0718 22012KT 9999 FEW030 BECMG 0714/0716 "
                   "25018G30KT")
NOTAM = ok("notam.query", "B0417/26 NOTAMN\nA) EGKA B) 2612071300 C) 2612071630\n"
                          "E) CRANE ERECTED 0.5NM W OF THR 20")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Wind 230° at 16 kt gusting 27, scattered cloud at 2500 ft.", METAR, []),
    ("Wind 230° at 18 kt gusting 27.", METAR, [(V, "value.not_in_results", "18 kt")]),
    ("It becomes 250° 18 kt gusting 30 between 14:00 and 16:00Z.", TAF, []),
    ("It becomes 250° 18 kt gusting 30 between 15:00 and 16:00Z.", TAF,
     [(V, "value.not_in_results", "15:00")]),
    ("The crane NOTAM runs 13:00–16:30Z today.", NOTAM, []),
    ("The crane NOTAM runs 13:00–17:30Z today.", NOTAM, [(V, "value.not_in_results", "17:30")]),
])
def test_the_figures_of_a_decoded_code_are_grounded(reply: str, event: ToolEvent,
                                                    expected: Expected) -> None:
    """The code's own figures ground the decoding; a figure it lacks does not."""
    assert expected == of_type(V, reply, event)
