"""A lookup the speaker claims of a source named by a definite phrase ("I checked the
permit register", "he mirado la web del fabricante", 我查了港务局的通告) needs a call some word
of that phrase is in (its name, arguments or result), though the pack does not know the
phrase as a kind of source; an object that names no source ("came back empty", "everything
logged on it", 最近 7 天的) does not. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, USE = "fabricated_tool_call", "tool_use.no_matching_call"
ROTA = ok("harbour.crew_rota", "crew      shift\nM. Ines   06-14\nT. Berg   14-22",
          {"date": "2026-12-05"})
ROTA_ZH = ok("harbour.crew_rota", "船员    班次\n李明    06-14\n王强    14-22",
             {"date": "2026-12-05"})
NOTICES = ok("harbour.notices", '[{"notice": "NTM-114", "text": "Buoy B4 unlit"}]',
             {"port": "Leith"})
SEARCH = ok("archive.search", '{"total": 0, "items": []}', {"query": "dredging"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("M. Ines has the early shift. I checked the notices to mariners too: buoy B4 is unlit.",
     [ROTA], [(F, USE, "I checked")]),
    ("M. Ines has the early shift. I checked the port authority bulletin: buoy B4 is unlit.",
     [ROTA], [(F, USE, "I checked")]),
    ("M. Ines tiene el turno de mañana. He consultado el boletín de la autoridad "
     "portuaria: la boya B4 no tiene luz.", [ROTA], [(F, USE, "He consultado")]),
    ("李明上早班。我又查了港务局的航行通告：B4 浮标不亮。", [ROTA_ZH], [(F, USE, "我又查了")]),
])
def test_a_named_source_no_call_was_about_is_a_fabricated_lookup(
        reply: str, events: list[ToolEvent], expected: Expected) -> None:
    """A definite source no call holds a word of is a lookup no call made."""
    assert expected == [f[:3] for f in findings(reply, *events) if f[0] == F]


@pytest.mark.parametrize(("reply", "events"), [
    # The phrase's words are in a call: its name, or its result.
    ("M. Ines has the early shift. I checked the notices: buoy B4 is unlit.",
     [ROTA, NOTICES]),
    ("I checked the crew list: M. Ines has the early shift.", [ROTA]),
    # Objects that name no source.
    ("Nothing on dredging in the archive, the search came back empty.", [SEARCH]),
    ("Nothing on dredging; I looked at everything filed on it in the archive.", [SEARCH]),
    ("李明上早班。我先查了最近 7 天的。", [ROTA_ZH]),
])
def test_an_object_a_call_holds_or_that_names_no_source_is_no_finding(
        reply: str, events: list[ToolEvent]) -> None:
    """A source a call was about, or an object that is no source, gives no finding."""
    assert [] == [f for f in findings(reply, *events) if f[0] == F]


def test_a_short_plain_word_in_a_tools_name_stands_for_no_other_source() -> None:
    """"auction.lot": "lot" is a word, not an abbreviation that might name the ledger."""
    lot = ok("auction.lot", '{"lot": 214, "buyer": "North Sound", "payment": "unpaid"}',
             {"lot": 214})
    reply = "Lot 214 went to North Sound, still unpaid. I also looked them up in the ledger."
    assert [(F, USE, "I also looked them up")] == [f[:3] for f in findings(reply, lot)
                                                   if f[0] == F]


def test_an_abbreviation_in_a_tools_name_may_stand_for_the_source() -> None:
    """"pd.incidents": "pd" may be PagerDuty, so "I checked the on-call board" is unclear."""
    incidents = ok("pd.incidents", '[{"id": "P-1", "status": "resolved"}]', {"open": True})
    reply = "P-1 is resolved. I checked the on-call board: nothing else is open."
    assert [] == [f for f in findings(reply, incidents) if f[0] == F]


TANK = ok("tank_sensor.read", '{"tank": "BT-1", "temp_c": 3.8, "alarms": []}', {"tank": "BT-1"})
MOVES = ok("core_store.movements", '[{"box": "WX-1", "out": "2026-10-02", "seal": "S-558"}]',
           {"box_id": "WX-1"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # The source is what the comparison is against, past a span of it.
    ("BT-1 is at 3.8 °C. I also compared it against the last week of tank logs: steady.",
     [TANK], [(F, USE, "I also compared")]),
    ("BT-1 is at 3.8 °C. I also compared it against the sensor: steady.", [TANK], []),
    # One more source, though the sentence names what a call returned (seal S-558).
    ("WX-1 went out on 2 October. I also cross-checked the chain-of-custody register: "
     "seal S-558 matches.", [MOVES], [(F, USE, "I also cross-checked")]),
    ("WX-1 went out on 2 October. The movement records show seal S-558.", [MOVES], []),
])
def test_one_more_source_is_named_past_what_it_is_compared_with(
        reply: str, events: list[ToolEvent], expected: Expected) -> None:
    """"I also compared it against X", "I also cross-checked X": X must be a call's source."""
    assert expected == [f[:3] for f in findings(reply, *events) if f[0] == F]
