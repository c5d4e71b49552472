"""A message said sent in Chinese may be counted or told by its purpose between 发了 and its
noun (发了一封邮件, 发了两条提醒短信, 发了催还邮件): the same sending as 发了邮件, held against
the calls. A result's address field ("email": "…@…") names where to write, not a message
sent, so it shows no sending. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, RULE = "fabricated_tool_call", "action.no_matching_call"
LOAN = ok("library.loan_get", json.dumps({"member": "M-221", "name": "何静",
                                          "email": "hejing@example.org", "due": "2026-12-08"}),
          {"member": "M-221"})
SENT = ok("mail.send", json.dumps({"id": "msg-88", "status": "sent"}),
          {"to": "hejing@example.org"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("已经给读者何静发了催还邮件，提醒她 12 月 8 日前还书。", [(F, RULE, "发了")]),
    ("给何静（hejing@example.org）发了一封催还邮件。", [(F, RULE, "发了")]),
    ("已经给读者何静发了邮件。", [(F, RULE, "发了邮件")]),
    ("Ya le envié un correo a He Jing para recordarle la devolución.", [(F, RULE, "envié")]),
    # Near misses: asked, not done; not yet done; someone else's sending, in the past.
    ("要不要我给何静发一封催还邮件？", []),
    ("还没给何静发催还邮件。", []),
    ("何静上周给图书馆发了一封投诉邮件。", []),
])
def test_a_sending_said_done_after_only_a_read(reply: str, expected: Expected) -> None:
    """After a read holding only the reader's address, a message said sent claims a call."""
    assert expected == findings(reply, LOAN)


@pytest.mark.parametrize(("reply", "events"), [
    ("已经给读者何静发了催还邮件。", (LOAN, SENT)),
    ("给何静发了一封催还邮件。", (ok("loan_reminder", json.dumps(
        {"member": "M-221", "reminder": "emailed", "at": "2026-12-06T09:00:00Z"})),)),
])
def test_a_sending_a_call_made_or_a_result_shows(reply: str, events: tuple[ToolEvent, ...]
                                                 ) -> None:
    """A call that sent it, or a result showing it sent: no finding."""
    assert [] == findings(reply, *events)
