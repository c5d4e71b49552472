"""Counts the reply heads a listing with, and Chinese counts of events, orders and estimates.

A colon may open a bulleted listing, one member a line: the count is of the members it
names (each line's first piece), in every language. 场 counts events that are held (matches,
shows, meetings); 上下/出头/开外 after the measure word make a number an estimate, as 左右
does. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

C, RULE = "count_mismatch", "count.item_count"
TOURS = ok("tours.list", json.dumps({"tours": [
    {"name": "Harbour Lights", "guide": "Ines", "seats": 12},
    {"name": "Old Mill Walk", "guide": "Tomas", "seats": 8},
    {"name": "Salt Marsh Loop", "guide": "Ines", "seats": 0},
    {"name": "Lighthouse Climb", "guide": "Ana", "seats": 0}]}), {"week": "2026-W50"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("Two tours still have seats:\n- Harbour Lights, with Ines, 12 seats\n"
     "- Old Mill Walk, with Tomas, 8 seats", []),
    ("Quedan plazas en 2 rutas:\n1. **Harbour Lights**, con Ines, 12 plazas\n"
     "2. **Old Mill Walk**, con Tomas, 8 plazas", []),
    ("还有座位的共两条路线：\n- 《Harbour Lights》，Ines 带队，12 个座位\n"
     "- 《Old Mill Walk》，Tomas 带队，8 个座位", []),
    # Near misses: one line more than the count, or a line naming no item of the result.
    ("Three tours still have seats:\n- Harbour Lights, with Ines, 12 seats\n"
     "- Old Mill Walk, with Tomas, 8 seats", [(C, RULE, "Three tours")]),
    ("Quedan plazas en 3 rutas:\n1. **Harbour Lights**, con Ines, 12 plazas\n"
     "2. **Old Mill Walk**, con Tomas, 8 plazas\n3. **Sunset Ferry**, con Ana, 4 plazas",
     [(C, RULE, "3 rutas")]),
    ("还有座位的共三条路线：\n- 《Harbour Lights》，Ines 带队，12 个座位\n"
     "- 《Old Mill Walk》，Tomas 带队，8 个座位", [(C, RULE, "三条路线")]),
])
def test_a_count_heading_a_bulleted_listing(reply: str, expected: Expected) -> None:
    """A count before a colon and that many bullet lines, each naming one item: its members."""
    assert expected == findings(reply, TOURS)


MATCHES = ok("league.team_matches", json.dumps({"team": "Riverside", "matches": [
    {"opponent": "Northgate", "score": "2-1"}, {"opponent": "Eastbank", "score": "0-0"},
    {"opponent": "Hillcrest", "score": "1-3"}, {"opponent": "Westmoor", "score": "4-2"},
    {"opponent": "Southend", "score": "1-1"}, {"opponent": "Lakeside", "score": "2-0"}]}),
    {"team": "Riverside", "month": "2026-11"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("Riverside 上个月踢了 7 场，赢了 3 场。", [(C, RULE, "7 场")]),
    ("Riverside 上个月踢了 6 场，赢了 3 场，平了 2 场。", []),
    ("Riverside 上个月一共六场比赛，输了一场。", []),
])
def test_chang_counts_matches(reply: str, expected: Expected) -> None:
    """场 is the measure word of held events: a count of matches checked against the list."""
    assert expected == findings(reply, MATCHES)


FIRINGS = ok("kiln_log.list", "date,program,pieces\n2026-11-03,bisque,52\n"
             "2026-11-08,glaze,38\n2026-11-14,bisque,57\n2026-11-21,glaze,41\n"
             "2026-11-27,glaze,36", {"month": "2026-11"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("11月烧了 5 窑，釉烧每窑 40 件上下。", []),
    ("11月烧了 5 窑，素烧每窑 50 件出头。", []),
    ("11月烧了 5 窑，釉烧每窑 40 件左右。", []),
    # Near miss: without a word of estimate, 40 pieces is a count (of five firings' rows).
    ("11月烧了 5 窑，一共 40 件。", [(C, RULE, "40 件")]),
])
def test_estimate_words_after_the_measure_word(reply: str, expected: Expected) -> None:
    """上下, 出头 (like 左右) after the measure word make the number an estimate, no count."""
    assert expected == findings(reply, FIRINGS)


DELIVERIES = ok("rider.jobs_today", json.dumps({"rider": "R-17", "jobs": [
    {"job": f"J-{i}", "fee_cny": 12 + i} for i in range(5)]}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("今天一共跑了 5 单，单价最高 16 元。", []),
    ("今天接了六单。", [(C, RULE, "六单")]),
    # near misses: 单 beginning a noun of its own
    ("5 单位的配送费一样。", []),
])
def test_dan_counts_orders(reply: str, expected: Expected) -> None:
    """单 after a number counts orders or jobs; 单价, 单位 are nouns of their own."""
    assert expected == findings(reply, DELIVERIES)


UNITS = ok("bbis.inventory", "unit_id,abo_rh,expires\n" + "\n".join(
    f"W0413{n:04d},O+,2026-12-0{n % 9 + 1}" for n in range(14)))


@pytest.mark.parametrize(("reply", "expected"), [
    ("**13 red-cell units** expire within the next 7 days.", ["count.item_count"]),
    ("14 red-cell units expire within the next 7 days.", []),
    # "units" alone is a quantity of stock, no count of the rows.
    ("13 units expire within the next 7 days.", []),
])
def test_units_named_by_a_modifier_are_counted(reply: str, expected: list[str]) -> None:
    """"13 red-cell units": a modifier says what each unit is, so the units are the rows."""
    assert expected == [f[1] for f in findings(reply, UNITS) if f[0] == "count_mismatch"]


CRATES = ok("depot.stock", "site,crates\nMarket Hall,8\nLibrary Lane,12\nCo-op Hub,5\n"
                           "Bus Depot,20\nStation Cafe,7\n")


@pytest.mark.parametrize(("reply", "expected"), [
    # The row named just before the count: one of its cells, no number of rows.
    ("Lowest first:\n- Market Hall: 8 crates\n- Co-op Hub: 5 crates", []),
    # A count of the sites is still checked.
    ("Lowest first, across 4 sites:\n- Market Hall: 8 crates\n- Co-op Hub: 5 crates",
     ["count.item_count"]),
])
def test_a_count_beside_the_row_it_names(reply: str, expected: list[str]) -> None:
    """"Market Hall: 8 crates" reads Market Hall's row; a count of the rows is checked."""
    assert expected == [f[1] for f in findings(reply, CRATES) if f[0] == "count_mismatch"]


RINGS = ok("shift_log.read", "08:44 Ring 1403 complete.\n10:02 Ring 1404 complete.\n"
                             "12:15 Segment delivery (2 rings) arrived late.\n"
                             "17:30 Ring 1411 complete.\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Progress: rings 1403–1411, so 9 rings.", []),
    ("Progress: 9 rings (1403–1411).", []),
    ("Progress: rings 1403–1411, so 10 rings.", ["count.item_count"]),
])
def test_a_count_of_the_range_its_sentence_writes(reply: str, expected: list[str]) -> None:
    """"rings 1403–1411, so 9 rings": the count is how many numbers the range spans."""
    assert expected == [f[1] for f in findings(reply, RINGS) if f[0] == "count_mismatch"]


ANALYTES = ok("lims.batch_results", "ANALYTE   RESULT  UNIT\nlinalool  0.82    %\n"
                                    "indole    18      ppm\ngeraniol  0.05    %\n\n"
                                    "Batch NB-0319: 3/3 analytes within specification.\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("NB-0319 passes: all 3 analytes are inside the limits.", []),
    ("NB-0319 passes: all 5 analytes are inside the limits.", ["count.item_count"]),
])
def test_a_fraction_the_result_states_counts_its_items(reply: str,
                                                       expected: list[str]) -> None:
    """"3/3 analytes within specification" under the rows is the result's own count of
    them, no fourth row."""
    assert expected == [f[1] for f in findings(reply, ANALYTES) if f[0] == "count_mismatch"]
