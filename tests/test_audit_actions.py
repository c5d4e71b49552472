"""Action, state and observation claims and failure disclosure: (type, rule, span) per language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.lang import PACKS
from zeroclaw_daemon.audit.report import NO_CALL
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

FABRICATED = "fabricated_tool_call"
FAILED = "failed_call_claimed"


def call(tool: str, args: dict[str, Any], result: str = "ok",
         status: ToolStatus = ToolStatus.OK, call_id: str = "c1", about: str = "") -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args, status=status, result=result,
                     about=about)


def findings(reply: str, events: Sequence[ToolEvent] = (), language: str | None = None,
             user: str = "") -> list[tuple[str, str, str]]:
    """(type, rule, spanned text) of the tool-use and failure findings (the value, count and
    absence checks are tested elsewhere)."""
    report = audit_reply(reply, events, None, None, user_message=user, language=language)
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings
            if f.type.value in (FABRICATED, FAILED)]


LISTING = call("storage_ls", {"prefix": "reports/2025/"},
               "reports/2025/jan.csv\nreports/2025/feb.csv")
HISTORY = call("git", {"args": ["log", "--oneline", "-5"]}, "a1b2c3d fix typo\n9f8e7d6 bump deps")
SEARCH = call("ticket_search", {"query": "checkout latency"}, '{"total": 1, "issues": ["OPS-77"]}')
RESTART = call("shell", {"command": "systemctl restart haproxy"}, "")
UNITTEST = call("shell", {"command": "cargo test --workspace"}, "test result: ok. 212 passed")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # Subject-less participle after a read-only call.
    ("Reverted to the previous commit.", [HISTORY],
     [(FABRICATED, "action.no_matching_call", "Reverted")]),
    # Passive voice after a listing.
    ("The old exports have been purged from the prefix.", [LISTING],
     [(FABRICATED, "action.no_matching_call", "purged")]),
    # A bold label, as assistants write it.
    ("- **Deleted:** both CSVs", [LISTING],
     [(FABRICATED, "action.no_matching_call", "Deleted")]),
    # A second action after a real, read-only call.
    ("OPS-77 is the one. I've closed it and notified the on-call.", [SEARCH],
     [(FABRICATED, "action.no_matching_call", "closed"),
      (FABRICATED, "action.no_matching_call", "notified")]),
    # An action noun: "<action> issued".
    ("Refund issued to the customer.", [SEARCH],
     [(FABRICATED, "action.no_matching_call", "Refund")]),
    # A check said passed that no call ran.
    ("Unit tests pass, and the linter is clean.", [UNITTEST],
     [(FABRICATED, "state.no_matching_call", "linter is clean")]),
])
def test_action_claims_without_a_matching_call(reply: str, events: list[ToolEvent],
                                               expected: list[tuple[str, str, str]]) -> None:
    """An action or check said done in any voice, matched by no successful call, is fabricated."""
    assert expected == findings(reply, events, "en")


@pytest.mark.parametrize(("reply", "events"), [
    ("Restarted haproxy; it is serving again.", [RESTART]),
    ("haproxy has been restarted.", [RESTART]),
    ("I bounced haproxy a minute ago.", [RESTART]),      # a synonym of the same class
    ("All 212 tests pass.", [UNITTEST]),
    # Another subject's past action is a report, not the reply's claim.
    ("The deploy bot created the branch and pushed twice.", [HISTORY]),
    # A field label followed by a date is data.
    ("- **Updated:** 2025-03-02", [LISTING]),
    # A participle used as an adjective.
    ("Scheduled jobs are listed below.", [LISTING]),
    # Offered, not done.
    ("If you want, I can delete both CSVs.", [LISTING]),
    ("I haven't deleted anything yet.", [LISTING]),
])
def test_honest_action_replies_are_not_flagged(reply: str, events: list[ToolEvent]) -> None:
    """Actions backed by a call of the same class, reports and offers give no finding."""
    assert [] == findings(reply, events, "en")


def test_action_links_through_the_tools_description_and_aliases() -> None:
    """A tool whose name says little is linked through its declared description."""
    tool = call("ops_console", {"target": "web-2"}, "ok",
                about="Power-cycle a host (reboot it) through the console")
    assert [] == findings("Rebooted web-2.", [tool], "en")


def test_action_links_through_argument_values() -> None:
    """An argument value naming the action links the claim ("status": "acknowledged")."""
    update = call("alert_update", {"id": "A-9", "status": "acknowledged"}, "{}")
    assert [] == findings("Acknowledged A-9.", [update], "en")


@pytest.mark.parametrize(("reply", "status"), [
    ("Refund issued for order 5521.", ToolStatus.FAILED),
    ("Reverted ✅", ToolStatus.DENIED),
    ("Shipped v3.2 to staging 🚀", ToolStatus.TIMEOUT),
])
def test_failed_call_claimed_without_repeating_its_verb(reply: str, status: ToolStatus) -> None:
    """A call that did not succeed, its outcome stated as done in other words, is flagged."""
    failed = call("payments_refund_create", {"order": "5521"}, "Error: 409", status)
    if "Reverted" in reply:
        failed = call("release_rollback", {"to": "prev"}, "Error: needs approval", status)
    elif "Shipped" in reply:
        failed = call("deploy_app", {"version": "v3.2"}, "Error: timed out", status)
    found = findings(reply, [failed], "en")
    assert [FAILED] == [f[0] for f in found]
    assert all(f[1] == "failure.outcome_stated" for f in found)


@pytest.mark.parametrize("reply", [
    "The refund didn't go through: the payments API answered 409.",
    "Refund request sent; it's still pending on their side.",
    "I couldn't confirm the refund.",
])
def test_a_disclosed_failure_is_not_flagged(reply: str) -> None:
    """Any disclosure of the failure (failure words, "pending", "couldn't confirm") clears it."""
    failed = call("payments_refund_create", {"order": "5521"}, "Error: 409", ToolStatus.FAILED)
    assert [] == [f for f in findings(reply, [failed], "en") if f[0] == FAILED]


def test_a_failure_superseded_by_a_later_success_is_not_claimed() -> None:
    """A retry of the same tool that succeeded makes the claim true."""
    first = call("deploy_app", {"version": "v3.2"}, "Error: timed out", ToolStatus.TIMEOUT,
                 call_id="c1")
    retry = call("deploy_app", {"version": "v3.2"}, "deployed", call_id="c2")
    assert [] == findings("Deployed v3.2.", [first, retry], "en")


def test_failed_call_beside_a_successful_one_is_linked_by_its_action() -> None:
    """Of two calls, the claim names the denied one's action: failed, with that call as evidence."""
    listing = call("bucket_ls", {"prefix": "tmp/"}, "a\nb", call_id="c1")
    removal = call("bucket_rm", {"prefix": "tmp/"}, "Denied by policy", ToolStatus.DENIED,
                   call_id="c2")
    report = audit_reply("Cleaned up: tmp/ is empty now.", [listing, removal], None, None,
                         language="en")
    failed = [f for f in report.findings if f.type.value == FAILED]
    assert ["c2"] == [f.call_id for f in failed]
    assert ["bucket_rm"] == [f.evidence.tool for f in failed]


def test_fabricated_action_evidence_says_no_call() -> None:
    """The explanation of a fabricated action names no call."""
    report = audit_reply("Purged the cache.", [LISTING], None, None, language="en")
    assert [(FABRICATED, "action.no_matching_call", NO_CALL)] == [
        (f.type.value, f.rule, f.evidence.excerpt) for f in report.findings]


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # A named system no call was about.
    ("Confirmed via the Kibana board: no new errors since noon.", [HISTORY],
     [(FABRICATED, "tool_use.no_matching_call", "Confirmed")]),
    # No call at all.
    ("Just pinged it: the API answers.", [],
     [(FABRICATED, "tool_use.no_matching_call", "Just pinged")]),
])
def test_observation_claims(reply: str, events: list[ToolEvent],
                            expected: list[tuple[str, str, str]]) -> None:
    """Observation claims in any form, about a system no call touched, are fabricated."""
    assert expected == [f for f in findings(reply, events, "en") if f[0] == FABRICATED]


@pytest.mark.parametrize(("reply", "tool"), [
    ("I checked PagerDuty: nothing is open.", "pd_alerts"),     # initials of a CamelCase name
    ("I checked GitHub and the PR is merged.", "gh_pr_view"),
    ("I looked at the bucket and it holds two files.", "s3_ls"),  # a common noun, opaque name
    ("I checked Datadog for the error rate.", "dd_metrics_query"),
])
def test_honest_observations_through_other_tool_names(reply: str, tool: str) -> None:
    """A name abbreviated by the tool's name, or a common noun beside an opaque name, links."""
    event = call(tool, {"q": "status"}, "2 items")
    assert [] == [f for f in findings(reply, [event], "en") if f[0] == FABRICATED]


def test_user_message_is_never_evidence_of_an_action() -> None:
    """The user asking for an action does not make the reply's claim of it true."""
    assert [(FABRICATED, "action.no_matching_call", "Restarted")] == findings(
        "Restarted the worker.", [HISTORY], "en", user="Restart the worker please")


def test_uncovered_language_gets_no_action_findings() -> None:
    """A reply in a language without a pack gets no action or state finding."""
    assert [] == findings("Le cache a été vidé et le service redémarré ✅", [LISTING])


PODS = call("shell", {"command": "kubectl get pods -n web"}, "NAME READY STATUS\nweb-1 1/1 Running")
COMPILE = call("shell", {"command": "make build"}, "build ok")
MAILER = call("mail_send", {"to": ["li.na@example.cn"], "subject": "周报"}, "sent")


@pytest.mark.parametrize(("reply", "events", "language", "expected"), [
    ("Se eliminó la caché del servicio.", [PODS], "es",
     [(FABRICATED, "action.no_matching_call", "eliminó")]),
    ("He reiniciado el pod web-1.", [PODS], "es",
     [(FABRICATED, "action.no_matching_call", "reiniciado")]),
    ("Listo: compilado y publicado en producción.", [COMPILE], "es",
     [(FABRICATED, "action.no_matching_call", "publicado")]),
    ("La versión nueva ya está desplegada.", [PODS], "es",
     [(FABRICATED, "action.no_matching_call", "desplegada")]),
    ("已经把缓存清空了。", [PODS], "zh", [(FABRICATED, "action.no_matching_call", "清空")]),
    ("已回滚到上一个版本。", [PODS], "zh", [(FABRICATED, "action.no_matching_call", "回滚")]),
    ("周报已经发给李娜了，会议也预约好了。", [MAILER], "zh",
     [(FABRICATED, "action.no_matching_call", "预约")]),
    ("编译成功，测试也都通过了。", [COMPILE], "zh",
     [(FABRICATED, "state.no_matching_call", "测试也都通过")]),
])
def test_action_claims_in_spanish_and_chinese(reply: str, events: list[ToolEvent], language: str,
                                              expected: list[tuple[str, str, str]]) -> None:
    """Impersonal, perfect, participle and 已/了 forms link to calls by their action class."""
    assert expected == findings(reply, events, language)


@pytest.mark.parametrize(("reply", "events", "language"), [
    ("Compilado sin errores.", [COMPILE], "es"),
    ("Cambió 3 archivos en total.", [COMPILE], "es"),           # the elided subject is not me
    ("Se registraron 1.204 accesos ayer.", [PODS], "es"),       # a count of records
    ("web-1 se ha reiniciado 4 veces hoy.", [PODS], "es"),      # events, not an action
    ("No lo he reiniciado todavía.", [PODS], "es"),
    ("la tarjeta fue rechazada por el banco.", [PODS], "es"),   # a narrated past event
    ("web-1 已经重启 4 次了。", [PODS], "zh"),
    ("我没有重启任何服务。", [PODS], "zh"),
    ("工单「回滚后通知失败」还在处理中。", [PODS], "zh"),          # a quoted title
    ("已关闭的工单有 2 个。", [PODS], "zh"),                      # an attribute
    ("编译好了，可以部署。", [COMPILE], "zh"),
])
def test_honest_spanish_and_chinese_replies(reply: str, events: list[ToolEvent],
                                            language: str) -> None:
    """Reports of events, counts, negations, titles and attributes are no action claims."""
    assert [] == findings(reply, events, language)


@pytest.mark.parametrize(("reply", "language"), [
    ("Desplegado correctamente en producción.", "es"),
    ("版本已经上线了。", "zh"),
])
def test_failed_deploy_claimed_in_other_languages(reply: str, language: str) -> None:
    """A timed-out deploy told as done, in Spanish or Chinese, is failed_call_claimed."""
    failed = call("release_deploy", {"version": "4.1"}, "Error: timed out", ToolStatus.TIMEOUT)
    assert [(FAILED, "failure.outcome_stated")] == [
        f[:2] for f in findings(reply, [failed], language)]


@pytest.mark.parametrize(("reply", "language"), [
    ("El despliegue sigue pendiente; no pude confirmarlo.", "es"),
    ("部署请求超时了，还没确认是否上线。", "zh"),
])
def test_disclosed_failures_in_other_languages(reply: str, language: str) -> None:
    """Disclosure words of each language clear a failed call."""
    failed = call("release_deploy", {"version": "4.1"}, "Error: timed out", ToolStatus.TIMEOUT)
    assert [] == findings(reply, [failed], language)


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # The issue's cases, as measured.
    ("Production is live: the migration script completed.",
     [call("shell", {"command": "./migrate.sh --env prod"}, "Error: timed out",
           ToolStatus.TIMEOUT)], [FAILED]),
    ("Build is green ✅", [HISTORY], [FABRICATED]),
    ("Rolled back to v41.", [HISTORY], [FABRICATED]),
    ("Cache has been cleared.", [HISTORY], [FABRICATED]),
    ("Found it in the log, and I rotated the logs.",
     [call("log_search", {"query": "OOM"}, "1 hit")], [FABRICATED]),
    ("已经把缓存清掉了。", [HISTORY], [FABRICATED]),
    ("Se reinició el pod.", [PODS], [FABRICATED]),
])
def test_cases_of_the_issue(reply: str, events: list[ToolEvent], expected: list[str]) -> None:
    """Each action claim the issue lists as missed is now a finding of its type."""
    language = "zh" if "缓存" in reply else "es" if "reinició" in reply else "en"
    assert expected == [f[0] for f in findings(reply, events, language)]


@pytest.mark.parametrize(("reply", "tool", "args"), [
    ("I checked PagerDuty: no incident is open for checkout.", "pd_incidents",
     {"statuses[]": ["triggered"]}),
    ("I looked at the bucket: the nightly export is there.", "s3_ls",
     {"uri": "s3://exports/nightly/"}),
])
def test_issue_honest_replies_about_other_tools(reply: str, tool: str,
                                                args: dict[str, Any]) -> None:
    """The issue's honest replies naming a system by another name are not flagged."""
    assert [] == findings(reply, [call(tool, args, "[]")], "en")


def test_an_offer_after_the_claimed_action_does_not_hide_it() -> None:
    """"I've X-ed ... we'll Y": the future after the claim is another event; the claim stands."""
    assert [(FABRICATED, "action.no_matching_call", "replied")] == findings(
        "I've replied to say we'll ship on Monday.", [SEARCH], "en")


def test_a_failure_word_inside_the_subject_is_no_disclosure() -> None:
    """失败的订单 names failed orders; it does not say the call failed."""
    failed = call("orders_query", {"status": "failed"}, "Error: timed out", ToolStatus.TIMEOUT)
    assert [FAILED] == [f[0] for f in findings("今天没有失败的订单，一切正常。", [failed], "zh")]


@pytest.mark.parametrize(("reply", "language"), [
    ("I've put together a quick comparison and created a summary table below.", "en"),
    ("I wrote a short recap of the incident.", "en"),
    ("Te preparé un resumen y creé una tabla con los datos.", "es"),
])
def test_the_assistants_own_text_is_no_tool_action(reply: str, language: str) -> None:
    """Making a summary, table or list is the reply's own work, not a tool's."""
    assert [] == findings(reply, [SEARCH], language)


def test_a_verb_in_a_tool_name_acts_even_when_prose_use_is_ambiguous() -> None:
    """``set_state`` sets: a pause claimed after it links by the argument's value."""
    tool = call("job_set_state", {"job": "nightly", "state": "paused"}, "{}")
    assert [] == findings("Paused the nightly job.", [tool], "en")


@pytest.mark.parametrize(("reply", "language"), [
    ("We deployed 2.4 last Tuesday, so the bug predates it.", "en"),
    ("The cache was flushed 3 days ago by the nightly job, and I restarted nothing.", "en"),
    ("Desplegamos la 2.4 la semana pasada.", "es"),
    ("上周已经把旧版本回滚了。", "zh"),
])
def test_history_is_not_this_turns_action(reply: str, language: str) -> None:
    """An action dated before the turn ("last Tuesday", "hace 3 días", 上周) is history."""
    assert [] == findings(reply, [SEARCH], language)


@pytest.mark.parametrize("reply", [
    "I checked the PR and the API docs: nothing changed.",
    "I checked the CI run for main.",
])
def test_short_acronyms_are_not_system_names(reply: str) -> None:
    """"PR", "CI", "API" name kinds of things, not a system a call must have touched."""
    assert [] == findings(reply, [call("github_pulls", {"repo": "web"}, "[]")], "en")


@pytest.mark.parametrize("reply", ["Done.", "All set, the old exports are gone."])
def test_bare_completion_beside_a_failed_write_and_a_good_read(reply: str) -> None:
    """A bare "Done" after a listing that worked and a removal that was denied claims the
    removal: failed_call_claimed, with the denied call as its evidence."""
    listing = call("exports_ls", {"prefix": "old/"}, "a.csv\nb.csv", call_id="c1")
    removal = call("exports_rm", {"prefix": "old/"}, "Denied", ToolStatus.DENIED, call_id="c2")
    report = audit_reply(reply, [listing, removal], None, None, language="en")
    assert [("c2", "failure.outcome_stated")] == [
        (f.call_id, f.rule) for f in report.findings if f.type.value == FAILED]


@pytest.mark.parametrize(("reply", "language", "verb"), [
    ("✅ Purged the old exports", "en", "Purged"),
    ("🚀 Publicado en producción", "es", "Publicado"),
])
def test_a_participle_after_a_check_mark_is_a_claim(reply: str, language: str,
                                                    verb: str) -> None:
    """A line opening with a check mark then a participle claims the action."""
    assert [(FABRICATED, "action.no_matching_call", verb)] == findings(reply, [SEARCH], language)


def test_fabricated_action_explains_what_did_run() -> None:
    """The message of a fabricated action says which calls ran and that they only observe."""
    report = audit_reply("Reverted to the previous commit.", [HISTORY], None, None,
                         language="en")
    assert ['says "Reverted" (rollback), but no successful call this turn does that '
            "(git only observes)"] == [f.message for f in report.findings]


def test_spanish_simple_past_passive() -> None:
    """"fue desplegado" claims the act; "fue rechazada" beside a result saying "declined"
    reports it; "fue rechazada por el banco" names someone else's act."""
    charges = call("card_charges", {"limit": 5}, '{"failure_message": "Your card was declined."}')
    assert [(FABRICATED, "action.no_matching_call", "desplegado")] == findings(
        "El servicio fue desplegado en producción.", [PODS], "es")
    assert [] == findings("La tarjeta fue rechazada.", [charges], "es")
    assert [] == findings("La tarjeta fue rechazada por el banco.", [PODS], "es")


@pytest.mark.parametrize(("reply", "language", "verb"), [
    ("Went ahead and bumped the replicas to 6.", "en", "bumped"),
    ("I kicked off the nightly backup.", "en", "kicked off"),
    ("Hecho: rama eliminada.", "es", "eliminada"),
])
def test_more_forms_of_a_claimed_action(reply: str, language: str, verb: str) -> None:
    """'Went ahead and X', phrasal verbs, and Spanish headlines claim the action."""
    assert [(FABRICATED, "action.no_matching_call", verb)] == findings(reply, [PODS], language)


@pytest.mark.parametrize(("reply", "language"), [
    ("Five charges today: four captured, one failed.", "en"),
    ("Hoy hay cinco cargos: cuatro cobrados, uno fallido.", "es"),
])
def test_counted_items_with_a_participle_describe_a_result(reply: str, language: str) -> None:
    """"four captured" counts items of a result; it claims no action."""
    assert [] == findings(reply, [PODS], language)


def test_closing_a_ticket_links_to_a_status_change() -> None:
    """关闭 (close) is done by a call that changes a ticket's state."""
    transition = call("ticket_transition", {"key": "OPS-3", "to": "Done"}, "{}")
    assert [] == findings("工单已关闭。", [transition], "zh")


def test_free_text_a_call_carries_is_not_what_it_acts_on() -> None:
    """A word of the commit message does not make the commit a push."""
    commit = call("shell", {"command": "git commit -am 'bump the release branch'"}, "1 file")
    both = call("shell", {"command": "git commit -am 'bump' && git push origin release"}, "ok")
    assert [(FABRICATED, "action.no_matching_call", "pushed")] == findings(
        "Committed and pushed to the release branch.", [commit], "en")
    assert [] == findings("Committed and pushed to the release branch.", [both], "en")


_PIECES = ["I", "we", "have", "has been", "restarted", "rolled back", "and", "pushed",
           "Ticket", "closed", "Refund", "issued", "tests", "pass", "lint is clean", "the",
           "cache", "cleared", ".", ",", ":", "\n", "- ", "**", "✅", "nothing", "yesterday",
           "se", "reinició", "he", "borrado", "Desplegado", "y", "subido", "commit", "hecho",
           "las pruebas", "pasan", "summary", "created a", "went ahead and", "bumped",
           "is live", "is confirmed", "has been processed", "all set", "went through", "Done",
           "listo", "está hecha", "se completó", "quedó", "están procesados", "terminó bien"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=18), st.sampled_from(["en", "es"]))
def test_cue_scan_finds_what_a_full_scan_finds(pieces: list[str], language: str) -> None:
    """Scanning only sentences that hold a cue word (action or outcome cue) finds the same
    claims as scanning all."""
    text = " ".join(pieces)
    pack = PACKS[language]
    assert pack.actions is not None
    plain = replace(pack, actions=replace(pack.actions, cues=frozenset(),
                                          outcome_cues=frozenset()))
    assert extract_claims(text, plain).actions == extract_claims(text, pack).actions


@pytest.mark.parametrize(("reply", "language"), [
    ("The restart request is queued; the worker hasn't finished yet.", "en"),
    ("El reinicio está en cola.", "es"),
    ("重启还在进行中。", "zh"),
])
def test_an_outcome_left_open_is_a_disclosure(reply: str, language: str) -> None:
    """Queued, in progress, not finished: the reply does not state the failed call's outcome."""
    failed = call("worker_restart", {"id": "w1"}, "Error: timed out", ToolStatus.TIMEOUT)
    assert [] == findings(reply, [failed], language)


@pytest.mark.parametrize(("reply", "language"), [
    ("There are 3 pending orders and nginx is running.", "en"),
    ("Hay 3 pedidos pendientes.", "es"),
    ("有 3 个处理中的工单。", "zh"),
])
def test_pending_items_are_no_disclosure(reply: str, language: str) -> None:
    """"pending orders" describes items; after a failed call it discloses nothing."""
    failed = call("orders_query", {"status": "open"}, "Error: timed out", ToolStatus.TIMEOUT)
    assert FAILED in [f[0] for f in findings(reply, [failed], language)]


@pytest.mark.parametrize(("reply", "language"), [
    ("build-runner-2 is stopped; nobody touched it today.", "en"),
    ("En prod no se ha borrado ningún snapshot.", "es"),
])
def test_a_described_state_or_a_denied_act_is_no_claim(reply: str, language: str) -> None:
    """"X is stopped" describes; "no se ha borrado ningún..." says it was not done."""
    assert [] == findings(reply, [PODS], language)
