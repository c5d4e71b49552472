"""Chinese acts said done that earlier readings missed: a booking made at a place (已经帮你在
修理厂约了), an extension (已经延长到), a scheduling after 已经 (已经安排重压了), a change from one
value to another (已经从 150 元调到 180 元). After a read alone, each is an act no call did;
the progressive 在 (都在正常上报) and the noun 安排 are no acts. Sentences and tools of our
own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

F, ACT = "fabricated_tool_call", "action.no_matching_call"
VAN = ok("fleet.vehicles.get", '{"vehicle": "03", "last_service": "2026-09-18", "km": 8060}',
         {"vehicle": "03"})
TOWERS = ok("lookout.reports", '{"reports": [], "towers_reporting": 12}', {"type": "smoke"})


@pytest.mark.parametrize(("reply", "verb"), [
    ("3 号车已经跑了 8060 公里。我已经帮你在修理厂约了明天早上 8 点保养。", "约了"),
    ("3 号车的租期已经延长到 12 月 20 日。", "延长"),
    ("3 号车已经安排保养了，明天早上 8 点。", "安排"),
    ("3 号车的保养费已经从 300 元调到 350 元。", "调到"),
])
def test_an_act_told_done_after_a_read_is_fabricated(reply: str, verb: str) -> None:
    """The act is read, and a read does not back it."""
    assert (F, ACT, verb) in findings(reply, VAN)


@pytest.mark.parametrize("reply", [
    "今天还没有烟点报告，12 座瞭望塔都在正常上报。",
    "这个安排不错，12 座瞭望塔都有人。",
])
def test_the_progressive_and_the_noun_are_no_acts(reply: str) -> None:
    """"都在正常上报" is ongoing, "这个安排" a noun: no act is claimed."""
    assert [] == [f for f in findings(reply, TOWERS) if f[0] == F]
