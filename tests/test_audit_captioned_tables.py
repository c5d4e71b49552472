"""A text table under a caption line (what was asked, then the header, then the rows): the
rows under the header are the items, so a count of them is consistent and a count of
every line is not what the result lists. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, of_type, ok

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
# A lab report: a caption, the header, four rows, a verdict line about them all.
WATER = ok("lims.report", "采样时间: 2027-03-09 08:00   报告时间: 13:40\n"
                          "项目    单位   结果    限值\n"
                          "浊度    NTU    0.12    1\n"
                          "硼      mg/L   0.71    1.0\n"
                          "氯化物  mg/L   104     250\n"
                          "余氯    mg/L   0.45    0.3-2\n"
                          "结论: 全部合格\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Three buses in the next 90 minutes, all to the Airport.", BUSES, []),
    ("El almacén 3 tiene 4 lotes.", LOTES, []),
    ("7 号站有 2 条告警。", GUANDAO, []),
    ("Six buses in the next 90 minutes, all to the Airport.", BUSES,
     [(C, ITEMS, "Six buses")]),
    ("Hay 7 lotes en el almacén 3.", LOTES, [(C, ITEMS, "7 lotes")]),
    ("7 号站有 3 个管段告警。", GUANDAO, [(C, ITEMS, "3 个管段告警")]),
    ("出来了，4 项全部合格。", WATER, []),
    ("出来了，5 项全部合格。", WATER, [(C, ITEMS, "5 项全部合格")]),
])
def test_rows_under_a_captioned_header_are_the_items(reply: str, event: object,
                                                     expected: Expected) -> None:
    """The rows under the header count (a verdict line under them is none); other counts
    are still mismatched."""
    assert expected == of_type(C, reply, event)  # type: ignore[arg-type]


# A group's members under a caption line: five numbered lines, the last numbered 5.
PENGUINS = ok("groups.members",
              "group: Penguins (age 4-6, first week)   instructor: T. Ash\n"
              " 1. Oli S.   age 5  helmet: own\n 2. Amy K.   age 6  helmet: hire\n"
              " 3. Noa P.   age 5  helmet: hire\n 4. Isa M.   age 6  helmet: hire\n"
              " 5. Leo W.   age 6  helmet: own\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("There are 5 kids in Penguins this week.", []),
    # 4 stands in the result only as a list position ("4. Isa M."): no figure it quotes.
    ("There are 4 kids in Penguins this week.", [(C, ITEMS, "4 kids")]),
    ("Penguins has 4 kids this week, with T. Ash.", [(C, ITEMS, "4 kids")]),
])
def test_a_numbered_list_under_a_caption(reply: str, expected: Expected) -> None:
    """The lines numbered 1 to 5 are the items, the caption above them is none: a count of
    four is compared with five, and the words only the caption holds tell no kind apart."""
    assert expected == of_type(C, reply, PENGUINS)


# A waitlist whose first column numbers its rows 1 to 6.
WAITLIST = ok("waitlist.get", "position,party,size\n1,Okonkwo,2\n2,Hargreaves,4\n3,Lindqvist,2\n"
                              "4,Baptiste,3\n5,Ferreira,2\n6,Nakagawa,1\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("6 parties on the waitlist, wanting 14 seats.", []),
    # 5 stands in the result only as a position near the list's end: no figure quoted.
    ("5 parties on the waitlist, wanting 14 seats.", [(C, ITEMS, "5 parties")]),
    # Far from the end a position may be any figure the reply reads ("2 seats").
    ("The smallest parties want 2 seats each.", []),
])
def test_a_numbering_column_is_no_figure_near_its_end(reply: str, expected: Expected) -> None:
    """A column numbering the rows 1, 2, 3… is positions: a count one short of its last
    number quotes no figure, so it is compared with the rows."""
    assert expected == of_type(C, reply, WAITLIST)


BEDS = ok("bed_schedule",
          "BED  PATIENT  STUDY           TECH\n1    SL-4502  CPAP titration  Owusu\n"
          "2    SL-4488  Diagnostic PSG  Owusu\n3    SL-4511  PSG + MSLT      Brennan\n"
          "4    -        -               -\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Three patients in four beds; bed 4 is empty.", []),
    ("Two patients tonight.", [(C, ITEMS, "Two patients")]),
])
def test_a_row_with_nothing_past_its_key_is_a_vacant_slot(reply: str,
                                                         expected: Expected) -> None:
    """A line "4  -  -  -" lists an empty bed: three patients, and "bed 4 is empty" is
    true; two patients is still a miscount."""
    assert expected == [f for f in findings(reply, BEDS)
                        if f[0] in (C, "false_absence")]


LOTS = ok("auction.sales", "vessel: GIRL MORVEN (PD 412)   sale: 2026-03-12 06:30\n"
                           "lot,species,kg\nL101,Haddock,412\nL102,Cod,166\nL103,Hake,118\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Three lots, 696 kg, haddock the bulk.", []),
    ("Four lots, 696 kg, haddock the bulk.", [(C, ITEMS, "Four lots")]),
])
def test_a_delimited_table_under_a_caption(reply: str, expected: Expected) -> None:
    """A caption line above a CSV header: the rows under the header are the items."""
    assert expected == of_type(C, reply, LOTS)
