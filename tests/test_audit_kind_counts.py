"""A count of kinds ("8 kinds of tea", "8 variedades", "8 种茶", "8 个品种") counts distinct
items: it is compared with the listing even where a figure column's rows add up to it
(lots 3 + 2 + ... = 8), which excuses a count of units ("9 lots"). Sentences of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

C, RULE = "count_mismatch", "count.item_count"
TEAS = ok("teadb.list_teas", json.dumps([
    {"tea": n, "lots": lots, "kg": kg} for n, lots, kg in [
        ("Sencha", 4, 46), ("Gyokuro", 3, 52), ("Hojicha", 2, 80), ("Genmaicha", 2, 24),
        ("Bancha", 1, 18), ("Matcha", 2, 30), ("Kukicha", 3, 27)]]), {"warehouse": "W2"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("Warehouse W2 holds 8 kinds of tea; the most is Hojicha (80 kg).", [(C, RULE, "8 kinds")]),
    ("El almacén W2 tiene 8 variedades de té; la que más, Hojicha (80 kg).",
     [(C, RULE, "8 variedades")]),
    ("W2 仓库共有 8 种茶，最多的是焙茶（80 公斤）。", [(C, RULE, "8 种茶")]),
    ("W2 仓库共有 8 个品种的茶，最多的是焙茶（80 公斤）。", [(C, RULE, "8 个品种的茶")]),
    # Near misses: the right number of kinds; a count of units a column adds up to.
    ("Warehouse W2 holds 7 kinds of tea; the most is Hojicha (80 kg).", []),
    ("W2 仓库共有 7 种茶，最多的是焙茶（80 公斤）。", []),
    ("Warehouse W2 holds 9 lots of the first three teas.", []),
    ("前三种茶一共 9 批。", []),
])
def test_a_count_of_kinds_is_no_column_sum(reply: str, expected: Expected) -> None:
    """Above the listing, a count of kinds is wrong whatever a column's rows add up to."""
    assert expected == findings(reply, TEAS)
