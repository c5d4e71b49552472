"""A result's column named with its scale ("scc_k", "revenue_thousands", "收入(万元)") holds
that many of the unit in each cell: a reply's "70.2 万" of a cell 702 under "scc_k" is
the same figure. A column without a scale word (or with "_m", a metre as often as a
million) grounds only its own figures. Tools and sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent

TABLE = ok("lab.composition", "batch     fat_%  scc_k\nB1-AM     4.21   612\nB1-PM     4.52   702")
JSON_ROWS = ok("sales.monthly", json.dumps([{"month": "Nov", "revenue_thousands": 48.5},
                                            {"month": "Dec", "revenue_thousands": 51.2}]))


@pytest.mark.parametrize(("reply", "event"), [
    ("体细胞最高是 70.2 万（B1 晚班）。", TABLE),
    ("The highest somatic cell count was 702,000 (B1 evening).", TABLE),
    ("December brought in $51,200.", JSON_ROWS),
])
def test_a_scaled_column_grounds_the_figure_in_units(reply: str, event: ToolEvent) -> None:
    """The cell times its column's scale is the reply's figure: no finding."""
    assert [] == [f for f in findings(reply, event) if f[0] == "ungrounded_value"]


def test_a_figure_of_no_cell_is_still_ungrounded() -> None:
    """A figure no scaled cell makes is still ungrounded."""
    assert ["ungrounded_value"] == [f[0] for f in findings(
        "The highest somatic cell count was 720,000.", TABLE)]
