"""Action claims in Spanish and Chinese, and the later forms: headlines, dated history, the
assistant's own text, outcomes left open, free text a call carries."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_audit_actions import FABRICATED, FAILED, HISTORY, SEARCH, call, findings

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.lang import PACKS
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

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
    # "estar" and a participle, no "ya": the state the record is in, as read
    ("El pod web-1 está reservado para la demo.", [PODS], "es"),
    ("Para mañana están reservados los dos nodos.", [PODS], "es"),
    ("La próxima está ya programada para el miércoles.", [PODS], "es"),
    # a past state ("estuvo", "seguía"), a reading over a range: no act either
    ("El lunes estuvo cerrado.", [PODS], "es"),
    ("El nodo web-2 seguía bloqueado a las 9.", [PODS], "es"),
    ("La latencia se ha movido entre el 12 % y el 15 % del límite.", [PODS], "es"),
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
    "I checked the CI on the open pulls.",
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
