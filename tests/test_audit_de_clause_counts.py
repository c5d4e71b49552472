"""Chinese: a 的-phrase as the subject of 有/是 before a count ("低于下限的有 3 种", "已归还的是
两本": those that are so number three) counts the items it picks out, as a
modifier ended by 的 right before the number does ("运行中的 4 台"): a part of the listing,
which the listing's size cannot check (unless it heads a listing of its own lines). A
count of the whole ("一共有 5 箱", "仓库里有 5 箱")
is still compared with it. Results and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

STOCK = ok("cold_store.stock", "sku,desc,boxes,min\nC-01,冻虾,120,50\nC-02,鱿鱼,35,60\n"
                               "C-03,扇贝,8,10\nC-04,鳕鱼,44,20\nC-05,蟹肉,0,5")


@pytest.mark.parametrize(("reply", "expected"), [
    ("库存低于下限的有 3 种，需要尽快补货。", []),
    ("缺货的是一种，蟹肉。", []),
    ("高于下限的有两种。", []),
    # near misses: the whole listing counted
    ("冷库里一共有 6 种货。", [("count_mismatch", "count.item_count", "6 种货")]),
    ("冷库里有 4 种货。", [("count_mismatch", "count.item_count", "4 种货")]),
    # a part that heads a listing is checked against its lines
    ("低于下限的有 3 种：\n- 鱿鱼，35 箱\n- 扇贝，8 箱",
     [("count_mismatch", "count.item_count", "3 种")]),
])
def test_a_de_phrase_subject_picks_a_part(reply: str, expected: Expected) -> None:
    """'<…>的有/是 N' counts a part; a count of the whole is still checked."""
    assert expected == findings(reply, STOCK)
