"""A page read ("I checked their pricing page") is backed by a call that fetched a page,
not by a search, which returns snippets of pages; a page of a listing is no web page."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

SEARCH = ToolEvent(call_id="c1", tool="web_search", args={"query": "acme cli 3.1 release"},
                   status=ToolStatus.OK, result=json.dumps({"results": [
                       {"title": "Acme CLI 3.1", "url": "https://acme.example/blog/3-1",
                        "snippet": "3.1 adds offline mode."}]}))
FETCH = ToolEvent(call_id="c2", tool="http_get", args={"url": "https://acme.example/pricing"},
                  status=ToolStatus.OK, result="<h1>Pricing</h1> Team plan: $12 per seat")
STATUS = ToolEvent(call_id="c4", tool="statuspage_summary", args={}, status=ToolStatus.OK,
                   result=json.dumps({"indicator": "none", "description": "All good"}))
TICKETS = ToolEvent(call_id="c3", tool="helpdesk_search", args={"q": "status:open",
                                                                "per_page": 25},
                    status=ToolStatus.OK, result=json.dumps({"total": 61, "tickets": []}))


def found(reply: str, *events: ToolEvent) -> list[tuple[str, str, str]]:
    report = audit_reply(reply, list(events), None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "span"), [
    ("3.1 adds offline mode. I also read their release-notes page to be sure.", "I also read"),
    ("I went through the pricing page too: 3.1 is free for teams.", "I went through"),
])
def test_page_read_after_a_search_only(reply: str, span: str) -> None:
    """Only a search ran: reading a named page is a fabricated tool call."""
    assert [("fabricated_tool_call", "tool_use.no_matching_call", span)] == found(
        reply, SEARCH)


@pytest.mark.parametrize(("reply", "events"), [
    ("I checked their pricing page: the Team plan is $12 per seat.", (FETCH,)),
    ("There are 61 open tickets; I fetched the first page (25).", (TICKETS,)),
    ("I searched for the release: 3.1 adds offline mode.", (SEARCH,)),
    ("I opened the status page: all good.", (STATUS,)),   # a tool named for the page
])
def test_page_read_backed_or_not_a_web_page(reply: str, events: tuple[ToolEvent, ...]) -> None:
    """A fetch or a tool named for the page backs a page read; "the first page" of a
    listing and a search claim are no page reads."""
    assert [] == found(reply, *events)
