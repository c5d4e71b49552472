"""The reply auditor: finding types per language, token verdicts, trust, audit modes, fuzzing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zeroclaw_daemon.audit import (
    AuditMode,
    AuditReport,
    FindingType,
    Trust,
    apply_audit_mode,
    audit_reply,
    render_notice,
)
from zeroclaw_daemon.audit.lang import detect_language, pack_for
from zeroclaw_daemon.receipts import ReceiptScope, ToolEvent, ToolStatus
from zeroclaw_daemon.receipts.scope import Verdict

DATA = Path(__file__).parent / "data"
ALL_TYPES = frozenset(FindingType)


def ok(tool: str, args: dict[str, Any], result: str, call_id: str = "call_0",
       receipt: str | None = None) -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args, status=ToolStatus.OK, result=result,
                     receipt=receipt)


def bad(tool: str, args: dict[str, Any], result: str, status: ToolStatus = ToolStatus.DENIED,
        call_id: str = "call_0") -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args, status=status, result=result)


def found(reply: str, events: Sequence[ToolEvent] = (), user: str = "",
          language: str | None = None) -> set[str]:
    report = audit_reply(reply, events, None, "conv-1", user, language)
    return {f.type.value for f in report.findings}


TAGS = ok("shell", {"command": "git tag --list"}, "v1.4.0\nv1.3.2\nv1.3.1\nv1.3.0")
FLAGS = ok("read_file", {"path": "config/flags.txt"}, "a\nb\nc\nd\n")
FIVE_FILES = ok("list_dir", {"path": "tests/fixtures"}, "a.json\nb.json\nc.json\nd.json\ne.json")
SEARCH = ok("web_search", {"query": "postgres gin"}, json.dumps(
    {"results": [{"url": "https://www.postgresql.org/docs/current/gin.html"},
                 {"url": "https://example.org/a"}, {"url": "https://example.org/b"}]}))
WARNINGS = ok("shell", {"command": "grep -i warning build.log"},
              "warning: unused variable `x`\nwarning: field never read")
ERRORS_ONLY = ok("shell", {"command": "grep -iE 'error|warn' build.log"},
                 "error[E0599]: no method named `retry`\nerror: could not compile")
EMPTY = ok("db_query", {"sql": "SELECT id FROM payments WHERE dup"}, "[]")
WEATHER = ok("weather", {"city": "Lisbon"}, json.dumps({"temp_c": 16, "humidity_pct": 71,
                                                        "temp_f": 61}))
AUSTIN = ok("weather", {"city": "Austin"}, json.dumps({"temp_f": 72, "users": 1234}))
RESTART_DENIED = bad("shell", {"command": "systemctl restart worker.service"},
                     "Error (denied): restart requires approval.")
PYTEST = ok("shell", {"command": "pytest -q"}, "FAILED a\nFAILED b\n2 failed, 31 passed in 4.1s")

# (id, events, user, reply, expected finding types)
CASES: list[tuple[str, tuple[ToolEvent, ...], str, str, set[str]]] = [
    # fabricated_tool_call
    ("en-fabricated-command", (), "", "I ran `git log` and the last commit fixes the retry loop.",
     {"fabricated_tool_call"}),
    ("en-fabricated-generic", (), "",
     "According to the search results, relay is maintained by Zeta.",
     {"fabricated_tool_call"}),
    ("en-fabricated-other-tool", (WEATHER,), "",
     "Lisbon is 16 °C. I also queried the database: nothing is pending.",
     {"fabricated_tool_call"}),
    ("zh-fabricated", (), "", "我查询了数据库，索引已经建好了。", {"fabricated_tool_call"}),
    ("es-fabricated", (), "", "Revisé el archivo de configuración y el puerto es el correcto.",
     {"fabricated_tool_call"}),
    ("en-offer", (), "", "I can run `git log` if you like. Shall I check the tags too?", set()),
    ("zh-offer", (), "", "你可以运行 `git log` 查看提交记录，要我帮你执行吗？", set()),
    ("es-offer", (), "", "Puedo revisar el archivo si quieres.", set()),
    ("en-tool-ran", (TAGS,), "", "I ran `git tag --list`: four tags, newest v1.4.0.", set()),
    # failed_call_claimed
    ("en-failed", (RESTART_DENIED,), "", "The worker service has been restarted.",
     {"failed_call_claimed"}),
    ("zh-failed", (RESTART_DENIED,), "", "worker 服务已经重启好了。", {"failed_call_claimed"}),
    ("es-failed", (RESTART_DENIED,), "", "El servicio worker se ha reiniciado.",
     {"failed_call_claimed"}),
    ("en-honest-failure", (RESTART_DENIED,), "",
     "The restart was denied by policy, so the worker has not been restarted.", set()),
    ("zh-honest-failure", (RESTART_DENIED,), "", "重启被策略拒绝了，需要审批。", set()),
    ("es-honest-failure", (RESTART_DENIED,), "", "El reinicio fue denegado por la política.",
     set()),
    # count_mismatch
    ("en-count", (FLAGS,), "", "There are 5 feature flags defined.", {"count_mismatch"}),
    ("en-count-words", (TAGS,), "", "There are three release tags.", {"count_mismatch"}),
    ("zh-count", (FIVE_FILES,), "", "共有 7 行。", {"count_mismatch"}),
    ("zh-count-words", (FIVE_FILES,), "", "目录里有七个文件。", {"count_mismatch"}),
    ("es-count", (SEARCH,), "", "La búsqueda devolvió dos resultados.", {"count_mismatch"}),
    ("en-count-ok", (TAGS,), "", "There are four release tags.", set()),
    ("zh-count-ok", (FIVE_FILES,), "", "目录里有五个文件。", set()),
    ("es-count-ok", (SEARCH,), "", "La búsqueda devolvió tres resultados.", set()),
    ("en-stated-count", (PYTEST,), "", "31 tests passed and 2 failed.", set()),
    ("en-stated-count-wrong", (PYTEST,), "", "All 33 tests passed.", {"count_mismatch"}),
    ("en-not-a-count", (TAGS,), "", "v1.4.0 shipped in 2024, the 2nd release that year.", set()),
    # false_absence
    ("en-absence", (WARNINGS,), "", "No warnings: the build log is clean.", {"false_absence"}),
    ("zh-absence", (WARNINGS,), "", "没有找到任何警告。", {"false_absence"}),
    ("es-absence", (WARNINGS,), "", "No hay advertencias en el log.", {"false_absence"}),
    ("en-true-absence", (EMPTY,), "", "No results: there are no duplicate payments.", set()),
    ("zh-true-absence", (EMPTY,), "", "没有找到重复的付款。", set()),
    ("es-true-absence", (EMPTY,), "", "No, la consulta no devolvió filas.", set()),
    ("en-selective-absence", (ERRORS_ONLY,), "", "There are two errors and no warnings.", set()),
    # ungrounded_value
    ("en-value", (WEATHER,), "", "It's 19 °C in Lisbon.", {"ungrounded_value"}),
    ("zh-value", (WEATHER,), "", "里斯本现在 19°C，湿度 71%。", {"ungrounded_value"}),
    ("es-value", (WEATHER,), "", "En Lisboa hace 16 °C y la humedad es del 80 %.",
     {"ungrounded_value"}),
    ("en-value-spacing", (AUSTIN,), "", "Austin is at 72 °F with 1,234 users online.", set()),
    ("en-value-conversion", (WEATHER,), "", "Lisbon: 16°C (61 °F), humidity 71%.", set()),
    ("en-value-from-user", (WEATHER,), "Is 18 °C warm enough for the beach?",
     "Lisbon is at 16 °C, a bit below the 18 °C you mentioned.", set()),
    # source_fabrication
    ("en-source", (SEARCH,), "", "See https://wiki.postgresql.org/wiki/GIN_Index_Tutorial.",
     {"source_fabrication"}),
    ("zh-source", (SEARCH,), "", "参考：https://zh.wikipedia.org/wiki/GIN", {"source_fabrication"}),
    ("es-source", (SEARCH,), "", "Fuente: https://es.wikipedia.org/wiki/Indice_GIN",
     {"source_fabrication"}),
    ("en-source-normalised", (SEARCH,), "",
     "Source: HTTPS://WWW.POSTGRESQL.ORG/docs/current/gin.html/.", set()),
    ("en-source-from-user", (), "Is https://status.example.com/api down?",
     "I can't reach https://status.example.com/api from here; enable http_get and I'll check.",
     set()),
]


@pytest.mark.parametrize(("events", "user", "reply", "expected"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_claim_findings(events: tuple[ToolEvent, ...], user: str, reply: str,
                        expected: set[str]) -> None:
    """Each reply yields exactly the expected finding types (positives and hard negatives)."""
    assert expected == found(reply, events, user)


def test_every_type_and_language_has_a_positive_case() -> None:
    """The table above covers every claim finding type in English, Chinese and Spanish."""
    claim_types = ALL_TYPES - {FindingType.FORGED_RECEIPT, FindingType.STALE_RECEIPT,
                               FindingType.FOREIGN_RECEIPT, FindingType.MALFORMED_RECEIPT}
    covered = {(case[0].split("-")[0], t) for case in CASES for t in case[4]}
    expected = {(lang, t.value) for lang in ("en", "zh", "es") for t in claim_types}
    assert set() == expected - covered


# --------------------------------------------------------------------------- receipt tokens


def scope_with(conversation: str = "conv-1") -> tuple[ReceiptScope, ToolEvent]:
    scope = ReceiptScope()
    token = scope.issue(tool="shell", args={"command": "uname"}, result="Linux",
                        call_id="call_0", conversation_id=conversation, turn_id="t1")
    event = ok("shell", {"command": "uname"}, "Linux", receipt=token)
    return scope, event


def test_valid_receipt_is_verified() -> None:
    """A receipt issued for this conversation is valid, and the reply is verified."""
    scope, event = scope_with()
    report = audit_reply(f"It is Linux. [receipt: {event.receipt}]", [event], scope, "conv-1")
    assert ([Verdict.VALID], (), Trust.VERIFIED) == (
        [t.verdict for t in report.tokens], report.findings, report.trust)
    scope.close()


@pytest.mark.parametrize(("make_token", "expected"), [
    ("forged", FindingType.FORGED_RECEIPT),
    ("stale", FindingType.STALE_RECEIPT),
    ("foreign", FindingType.FOREIGN_RECEIPT),
    ("malformed", FindingType.MALFORMED_RECEIPT),
])
def test_token_verdicts_become_findings(make_token: str, expected: FindingType) -> None:
    """forged/stale/foreign/malformed verdicts map to the finding of the same name."""
    from zeroclaw_daemon.receipts import format_token

    scope, event = scope_with()
    tokens = {
        "forged": format_token(scope.started_at + 1, bytes(32)),
        "stale": format_token(scope.started_at - 100, bytes(32)),
        "foreign": scope.issue(tool="shell", args={}, result="x", call_id="c9",
                               conversation_id="other", turn_id="t9"),
        "malformed": "zc-receipt-123-short",
    }
    reply = f"It is Linux. [receipt: {tokens[make_token]}]"
    report = audit_reply(reply, [event], scope, "conv-1")
    assert [expected] == [f.type for f in report.findings]
    assert (reply.index("zc-receipt"), ) == (report.findings[0].start, )
    scope.close()


def test_expired_receipt_is_not_a_finding() -> None:
    """A receipt older than the ledger's horizon cannot be judged: expired, no finding."""
    scope = ReceiptScope(ledger_max_entries=1)
    first = scope.issue(tool="a", args={}, result="1", call_id="c1", conversation_id="conv-1",
                        turn_id="t", timestamp=scope.started_at + 1)
    scope.issue(tool="a", args={}, result="2", call_id="c2", conversation_id="conv-1",
                turn_id="t", timestamp=scope.started_at + 2)
    report = audit_reply(f"As noted before. [receipt: {first}]", [], scope, "conv-1")
    assert ([Verdict.EXPIRED], ()) == ([t.verdict for t in report.tokens], report.findings)
    scope.close()


def test_without_scope_event_receipts_are_valid_and_others_forged() -> None:
    """With no scope: a token equal to an event's receipt is valid, any other is forged."""
    scope, event = scope_with()
    from zeroclaw_daemon.receipts import format_token

    other = format_token(scope.started_at, bytes(range(32)))
    reply = f"Linux [receipt: {event.receipt}] and [receipt: {other}] and zc-receipt-x"
    report = audit_reply(reply, [event], None, "conv-1")
    assert ([Verdict.VALID, Verdict.FORGED, Verdict.MALFORMED],
            [FindingType.FORGED_RECEIPT, FindingType.MALFORMED_RECEIPT]) == (
        [t.verdict for t in report.tokens], [f.type for f in report.findings])
    scope.close()


def test_receipt_digits_are_not_read_as_values() -> None:
    """A receipt's timestamp and digest never become ungrounded values or counts."""
    scope, event = scope_with()
    report = audit_reply(f"Linux. [receipt: {event.receipt}]", [event], scope, "conv-1")
    assert () == report.findings
    scope.close()


# --------------------------------------------------------------------------- trust


@pytest.mark.parametrize(("events", "reply", "trust"), [
    ((TAGS,), "There are four release tags.", Trust.VERIFIED),
    ((), "HTTP 429 means Too Many Requests.", Trust.UNVERIFIED),
    ((RESTART_DENIED,), "The restart was denied by policy.", Trust.UNVERIFIED),
    ((), "I ran `git log` and it looks fine.", Trust.SUSPECT),
    ((SEARCH,), "See https://example.net/made-up for details.", Trust.SUSPECT),
    ((FLAGS,), "There are 9 feature flags.", Trust.CONTRADICTED),
    ((RESTART_DENIED,), "The worker has been restarted.", Trust.CONTRADICTED),
])
def test_trust_levels(events: tuple[ToolEvent, ...], reply: str, trust: Trust) -> None:
    """verified / unverified / suspect / contradicted follow the documented rule."""
    assert trust == audit_reply(reply, events, None, "conv-1").trust


def test_report_to_dict_is_json() -> None:
    """to_dict() has exactly trust, findings (type, span, call_id, message, rule, evidence)
    and tokens."""
    report = audit_reply("There are 9 feature flags. zc-receipt-1-x", [FLAGS], None, "conv-1")
    data = json.loads(json.dumps(report.to_dict()))
    assert ["trust", "findings", "tokens"] == list(data)
    assert {"type", "span", "call_id", "message", "rule", "evidence"} == set(data["findings"][0])
    assert {"call_id", "tool", "status", "excerpt"} == set(data["findings"][0]["evidence"])
    assert [{"token": "zc-receipt-1-x", "verdict": "malformed"}] == data["tokens"]
    assert {"count_mismatch", "malformed_receipt"} == {f["type"] for f in data["findings"]}


def test_finding_spans_point_at_the_claim() -> None:
    """A finding's span covers the words that make the claim."""
    reply = "Summary first. There are 9 feature flags defined."
    report = audit_reply(reply, [FLAGS], None, "conv-1")
    (finding,) = report.findings
    assert ("9 feature flags", "call_0") == (reply[finding.start:finding.end], finding.call_id)


# --------------------------------------------------------------------------- modes and notices


def _report_with_findings() -> AuditReport:
    return audit_reply("There are 9 feature flags.", [FLAGS], None, "conv-1")


@pytest.mark.parametrize("mode", ["off", "log", AuditMode.OFF, AuditMode.LOG])
def test_off_and_log_leave_the_reply(mode: str) -> None:
    """Modes off and log never change the reply text."""
    assert "There are 9 feature flags." == apply_audit_mode(
        "There are 9 feature flags.", _report_with_findings(), mode)


def test_annotate_appends_the_notice() -> None:
    """annotate = reply, a blank line, then the notice naming each finding."""
    report = _report_with_findings()
    text = apply_audit_mode("There are 9 feature flags.", report, "annotate")
    assert f"There are 9 feature flags.\n\n{render_notice(report)}" == text
    assert render_notice(report).startswith("⚠ Audit: 1 finding — count mismatch: ")


def test_block_withholds_the_reply() -> None:
    """block replaces a reply that has findings with a notice saying it was withheld."""
    text = apply_audit_mode("There are 9 feature flags.", _report_with_findings(), "block")
    assert text.startswith("⚠ Audit: the reply was withheld (1 finding)")
    assert "There are 9 feature flags." not in text


@pytest.mark.parametrize("mode", ["off", "log", "annotate", "block"])
def test_clean_reply_passes_every_mode(mode: str) -> None:
    """With no findings every mode returns the reply unchanged."""
    report = audit_reply("There are four release tags.", [TAGS], None, "conv-1")
    assert "There are four release tags." == apply_audit_mode(
        "There are four release tags.", report, mode)


def test_unknown_mode_is_rejected() -> None:
    """An audit mode outside off/log/annotate/block is a ValueError."""
    with pytest.raises(ValueError):
        apply_audit_mode("x", _report_with_findings(), "shout")


def test_notice_is_one_line_per_reply() -> None:
    """The notice is a single short line with every finding's message."""
    report = audit_reply("There are 9 feature flags. I ran `ls` too.", [FLAGS], None, "c")
    notice = render_notice(report)
    assert ("\n" not in notice, "2 findings" in notice) == (True, True)


# --------------------------------------------------------------------------- languages


@pytest.mark.parametrize(("text", "language"), [
    ("There are four tags in the repository.", "en"),
    ("仓库里有五个发布标签，最新的是 v2.3.0。", "zh"),
    ("Hay cinco etiquetas en el repositorio, la última es v2.3.0.", "es"),
    ("¿Qué tal?", "es"),
    ("The weather in 成都 is sunny and warm today.", "en"),
])
def test_language_detection(text: str, language: str) -> None:
    """CJK text is Chinese, Spanish markers make Spanish, otherwise English."""
    assert language == detect_language(text)


def test_explicit_language_wins() -> None:
    """A language code (with region) selects that pack; an unknown one falls back to detection."""
    assert ("es", "zh", "en") == (pack_for("es-MX", "hello").code, pack_for(None, "你好世界").code,
                                  pack_for("xx", "hello there").code)


_EVENTS = st.builds(
    ToolEvent,
    call_id=st.text(max_size=5),
    tool=st.sampled_from(["shell", "read_file", "http_get", "weather", "db_query", "x"]),
    args=st.dictionaries(st.sampled_from(["command", "path", "url", "q"]), st.text(max_size=30),
                         max_size=2),
    status=st.sampled_from(list(ToolStatus)),
    result=st.text(max_size=200),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reply=st.text(max_size=400), events=st.lists(_EVENTS, max_size=3),
       user=st.text(max_size=60), language=st.sampled_from([None, "en", "zh", "es", "fr"]))
def test_audit_never_raises(reply: str, events: list[ToolEvent], user: str,
                            language: str | None) -> None:
    """Arbitrary text and events never make the auditor raise; findings stay in the closed set."""
    report = audit_reply(reply, events, None, "conv", user, language)
    assert set() == {f.type for f in report.findings} - ALL_TYPES
    assert all(0 <= f.start <= f.end <= len(reply) for f in report.findings)
    json.dumps(report.to_dict())
