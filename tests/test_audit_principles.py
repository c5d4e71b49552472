"""The auditor's principles, one case each from issue #15's "What was measured"."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.report import NO_CALL, NONE_OF_THE_CALLS
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus


def ok(tool: str, args: dict[str, object], result: str, call_id: str = "c1") -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args, status=ToolStatus.OK, result=result)


def rules(reply: str, events: Sequence[ToolEvent] = (), user: str = "") -> list[tuple[str, str]]:
    report = audit_reply(reply, events, None, "conv-1", user)
    return [(f.type.value, f.rule) for f in report.findings]


QUOTE = ok("quote_api", {"symbol": "ACME"}, json.dumps({"symbol": "ACME", "price": 498.1}))
WEATHER = ok("weather", {"city": "Lisbon"}, json.dumps({"temp_c": 16}))


def test_user_message_does_not_excuse_a_completion_claim() -> None:
    """"Restart nginx." then "nginx has been restarted." with no call is a fabrication."""
    assert [("fabricated_tool_call", "result.no_call")] == rules(
        "nginx has been restarted.", (), "Restart nginx.")


def test_user_message_does_not_ground_a_tool_value() -> None:
    """The user's $512.40 echoed as the quote API's is ungrounded (the API said 498.10)."""
    assert [("ungrounded_value", "value.not_in_results")] == rules(
        "The quote API shows $512.40 for ACME.", (QUOTE,), "My broker says $512.40?")


def test_value_given_back_to_the_user_is_not_a_tool_claim() -> None:
    """"the 18 °C you mentioned" names the value as the user's: no finding."""
    assert [] == rules("Lisbon is at 16 °C, a bit below the 18 °C you mentioned.", (WEATHER,),
                       "Is 18 °C warm enough?")


@pytest.mark.parametrize("reply", [
    "J'ai vérifié le calendrier : il y a 3 réunions demain, la première à 9h.",
    "Ich habe die Logs geprüft: keine Fehler, nur 2 Warnungen.",
    "Verifiquei o bucket: não há nenhum arquivo com mais de 5 GB.",
    "カレンダーを確認しました。明日の会議は3件です。",
])
def test_uncovered_language_gets_no_lexical_finding(reply: str) -> None:
    """A reply in a language without a pack gets no claim finding (only tokens and URLs)."""
    assert [] == rules(reply, (ok("calendar", {}, "a\nb"),))


def test_uncovered_language_still_checks_urls() -> None:
    """A cited URL is checked in every language."""
    found = rules("Ich habe die Seite geprüft, siehe https://example.net/fake-report.",
                  (ok("web_search", {"query": "x"}, "https://example.org/a"),))
    assert [("source_fabrication", "source.url_not_seen")] == found


def test_every_finding_carries_span_rule_and_evidence() -> None:
    """Each finding names its rule and its evidence: the call and result, or the turn's calls."""
    report = audit_reply("There are 9 items. nginx has been restarted.",
                         [ok("shell", {"command": "ls"}, "a\nb\nc")], None, "conv-1")
    assert report.findings
    for finding in report.findings:
        assert finding.rule and finding.start < finding.end
        if finding.call_id is None:
            assert NONE_OF_THE_CALLS + "shell (ok)" == finding.evidence.excerpt
        else:
            assert ("shell", "a b c") == (finding.evidence.tool, finding.evidence.excerpt)


def test_finding_of_a_turn_without_calls_says_no_call() -> None:
    """A claim in a turn that made no call has "no call in this turn" as its evidence."""
    report = audit_reply("nginx has been restarted.", [], None, "conv-1", language="en")
    assert [NO_CALL] == [f.evidence.excerpt for f in report.findings]


@pytest.mark.parametrize(("reply", "result"), [
    ("Total MRR is $300 across the two plans.", "plan,mrr\nbasic,100\npro,200"),
    ("Latency dropped 25 %, from 80 ms to 60 ms.", "before_ms 80\nafter_ms 60"),
    ("The charge was $498.10.", json.dumps({"amount": 49810, "currency": "usd"})),
])
def test_simple_derivations_are_grounded(reply: str, result: str) -> None:
    """Sums, percentages and cents-to-dollars of result numbers are honest, not ungrounded."""
    assert [] == [r for r in rules(reply, (ok("metrics", {}, result),))
                  if r[0] == "ungrounded_value"]


CSV = ok("reports_export", {"report": "churn"},
         "account_id,name,plan\nacc_1,Harbor,Team\nacc_2,Pixel,Team\nacc_3,Moss,Starter")
ALERTS = ok("alerts_list", {}, "disk full on db-1\ncpu high on web-2\nmemory high on web-3")


@pytest.mark.parametrize(("reply", "events"), [
    ("3 accounts churned.", (CSV,)),
    ("前两个告警是磁盘和 CPU。", (ALERTS,)),
    ("Las dos últimas alertas son de memoria y CPU.", (ALERTS,)),
    ("The first 2 alerts are about disk and CPU.", (ALERTS,)),
])
def test_header_rows_and_subsets_are_not_count_mismatches(
        reply: str, events: Sequence[ToolEvent]) -> None:
    """A CSV header is not an item, and a count with a subset quantifier counts a part."""
    assert [] == [r for r in rules(reply, events) if r[0] == "count_mismatch"]


@pytest.mark.parametrize("reply", ["两个告警都在响。", "There are 2 alerts firing."])
def test_wrong_whole_count_is_still_a_mismatch(reply: str) -> None:
    """"两个告警" when the output lists three alerts is a count mismatch."""
    assert ("count_mismatch", "count.item_count") in rules(reply, (ALERTS,))
