"""A Chinese name of a result written with one given-name character changed is an
ungrounded value; the family-name characters as common words are not names."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

TICKET = json.dumps({"id": "HR-311", "title": "报销单退回", "owner": {"displayName": "王建华"},
                     "createdBy": "赵敏", "priority": "高危"}, ensure_ascii=False)
SHIFT = "shift night  lead 孙丽  medic 郭佳  driver_id 4471  updated_by 孙丽"


def found(reply: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool="helpdesk_ticket", args={}, status=ToolStatus.OK,
                      result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "result", "span"), [
    ("HR-311 现在由王建化负责，赵敏建的单。", TICKET, "王建化"),
    ("HR-311 的负责人是王建华，是赵民提交的。", TICKET, "赵民"),
    ("今晚夜班带班是孙莉，医护是郭佳。", SHIFT, "孙莉"),
])
def test_changed_given_name_character(reply: str, result: str, span: str) -> None:
    """Same family name, same length, one given-name character changed: a changed name."""
    assert [("ungrounded_value", "value.name_not_in_results", span)] == found(reply, result)


@pytest.mark.parametrize(("reply", "result"), [
    ("HR-311 由王建华负责，赵敏建的单，优先级高危。", TICKET),    # the names as written
    ("这个单子风险很高，王建华在跟。", TICKET),                  # 高 as a word, not a name
    ("今晚孙丽带班，郭佳值医护岗。", SHIFT),
    ("周一和周二都排了夜班。", json.dumps({"day": "周三", "lead": "周敏"}, ensure_ascii=False)),
    ("赵总说今天批，单子在王建华那里。", TICKET),                  # a title, not a given name
    ("王老师已经看过，赵敏建的单。", TICKET),
])
def test_names_as_written_and_common_words_are_no_finding(reply: str, result: str) -> None:
    """The result's own names, and words that start with a family-name character."""
    assert [] == found(reply, result)
