"""Space-aligned tables in any script: the header row names the columns and is not an item."""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

# Lowercase, Spanish and CJK headers: none matches the upper-case or title-case header forms.
RUNNERS = ok("race_results", "runner      split   finish\n"
                             "Amadi       41:02   1:27:40\n"
                             "Brandt      42:15   1:29:03\n"
                             "Castro      43:50   1:31:12\n")
VUELOS = ok("vuelos_hoy", "vuelo   destino   salida\n"
                          "IB341   Oporto    07:10\n"
                          "VY112   Bilbao    09:45\n"
                          "UX778   Vigo      12:30\n"
                          "IB903   Sevilla   18:05\n")
CLASSES = ok("course_rooms", "课程  教室  人数\n"
                             "数学  A101  42\n"
                             "历史  B204  35\n")
# Column names holding their unit's digit (co2_ppm, volume_m3) over rows of figures.
TANKS = ok("tank.levels", "tank      volume_m3  co2_ppm  pct\n"
                          "北塔      3600       410      80.0\n"
                          "东塔      2025       395      67.5\n"
                          "山顶塔    1060       402      53.0\n")
# A first line that is a row: its versions are figures, so it is no header.
OUTDATED = ok("poetry", "black          24.10.0 25.11.0 The code formatter.\n"
                        "mypy           1.13.0  1.18.2  Static typing\n"
                        "ruff           0.8.1   0.14.3  A linter\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("Three runners finished; Amadi was fastest in 1:27:40.", RUNNERS),
    ("Hoy salen 4 vuelos; el primero, a Oporto a las 07:10.", VUELOS),
    ("一共 2 门课，数学在 A101。", CLASSES),
    ("三座水塔一共存水 6685 立方米。", TANKS),
    ("Three packages are behind: black, mypy and ruff.", OUTDATED),
])
def test_header_row_is_not_counted(reply: str, event: ToolEvent) -> None:
    """A count of the rows under a header agrees with the result (the header is no item)."""
    assert [] == of_type("count_mismatch", reply, event)


@pytest.mark.parametrize(("reply", "event", "said"), [
    ("Four runners finished the race.", RUNNERS, "Four runners"),
    ("Hoy salen 5 vuelos.", VUELOS, "5 vuelos"),
    ("Four tanks hold 6685 m3 between them.", TANKS, "Four tanks"),
    ("Two packages are behind.", OUTDATED, "Two packages"),
])
def test_counting_the_header_as_a_row_is_a_mismatch(reply: str, event: ToolEvent,
                                                     said: str) -> None:
    """Counting the header as one more row is a count mismatch."""
    found = of_type("count_mismatch", reply, event)
    assert [said] == [span for _, _, span in found]


# Three shows and a last row that sums them.
BOX_OFFICE = ok("boxoffice.daily", "show       sold  refunds\n"
                                   "matinee    312   6\n"
                                   "evening    468   11\n"
                                   "kids       395   2\n"
                                   "Total      1175  19\n")
BOX_OFFICE_ZH = ok("boxoffice.daily", "场次      售出  退票\n"
                                      "日场      312   6\n"
                                      "晚场      468   11\n"
                                      "儿童剧    395   2\n"
                                      "合计      1175  19\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Three shows sold 1,175 tickets between them.", BOX_OFFICE, []),
    ("三场一共售出 1,175 张。", BOX_OFFICE_ZH, []),
    ("Five shows sold 1,175 tickets between them.", BOX_OFFICE, ["Five shows"]),
])
def test_a_total_row_is_no_item(reply: str, event: ToolEvent, expected: list[str]) -> None:
    """A last row opened by a word of totality sums the rows above it: the rows are
    counted without it."""
    assert expected == [span for _, _, span in of_type("count_mismatch", reply, event)]
