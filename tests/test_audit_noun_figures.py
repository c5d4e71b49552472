"""A count's number written in a result with its noun (its thousands grouped any way, or
as a number word read off a column the noun names) is a figure read off a row; a
column named by the noun, one distinct value a row, makes a count of the rows.

"Butorphanol: 2 vials" beside a stock line "Butorphanol … 2  vial", "one line at 43
chars" beside "line length 43 > 42 chars" and "10 and 11 drops" beside a ``drops_held``
column are figures the result states. "10 pilotos" beside a classification whose
``piloto`` column names eleven drivers counts its rows, even though 10 is a cell of it.
Tools and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

STOCK = ok("pharmacy.stock", "item                 on_hand  unit  reorder_at\n"
                             "Ketamine 10 ml       3        vial  4\n"
                             "Butorphanol 10 ml    2        vial  2\n"
                             "Detomidine 5 ml      6        vial  3\n"
                             "Diazepam 10 ml       8        amp   4\n")
DROPS = ok("droprig.results", "specimen,lot,drops_held,impact_kN\nA,27-04,7,8.4\n"
                              "B,27-04,6,8.6\nC,27-05,11,7.6\nD,27-05,10,7.9\n")
QC = ok("subtitle_qc", "[WARN] #0301 line length 43 > 42 chars\n[WARN] #0577 gap 1 frame\n"
                       "[INFO] shot-change alignment ok\n")
HEAT = ok("timing.session", "pos,piloto,kart,vueltas\n1,Hugo Ferrer,12,16\n2,Aitana Ruiz,5,16\n"
                            "3,Marcos Gil,9,16\n4,Irene Soler,17,15\n5,Dani Prats,3,15\n")
SCAN = ok("scanner.log", "reel R-7 scanned: 12 480 frames at 4K\n"
                         "dust pass: 211 frames flagged\nsplices: 4 found\n")
DUES = ok("members.unpaid", '[{"member": "Ada Voss", "reminders_sent": 2},'
                            ' {"member": "Ben Ortiz", "reminders_sent": 0},'
                            ' {"member": "Cleo Marr", "reminders_sent": 1}]')


@pytest.mark.parametrize(("reply", "event"), [
    ("Butorphanol: 2 vials, right at its reorder point.", STOCK),
    ("Detomidine: 6 vials left.", STOCK),
    ("The 10.2 mm lot held 10 and 11 drops.", DROPS),
    ("Only #301 fails: one line at 43 chars.", QC),
    # Thousands grouped by a space in the result, by a comma in the reply.
    ("Reel R-7 came through whole: 12,480 frames, 211 of them flagged for dust.", SCAN),
    # A number word, read off the column its noun names.
    ("Ada Voss still owes and has already had two reminders.", DUES),
])
def test_a_figure_the_result_writes_with_its_noun(reply: str, event: object) -> None:
    """The number beside its noun on a result line, or in a column the noun names, is read."""
    assert [] == of_type("count_mismatch", reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "span"), [
    ("En la manga corrieron 4 pilotos.", "4 pilotos"),
    ("There are 5 vials in stock.", "5 vials"),
    ("Reel R-7 has 12,490 frames.", "12,490 frames"),
    ("Two members still owe.", "Two members"),
])
def test_a_count_of_the_rows_is_still_checked(reply: str, span: str) -> None:
    """A column of one name a row, named by the noun, counts the rows; a number no line
    writes with the noun is checked as a count."""
    event = HEAT if "pilotos" in reply else SCAN if "R-7" in reply else \
        DUES if "members" in reply else STOCK
    assert [span] == [f[2] for f in of_type("count_mismatch", reply, event)]
