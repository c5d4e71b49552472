"""Counts and absences: the rules of each language, in sentences of our own.

Each table row is a reply, the tool results it is audited against, and the findings
expected as (type, rule, quoted span): the span is the reply text the finding points at.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, of_type, ok

from zeroclaw_daemon.audit.claims.counts import latin_counts
from zeroclaw_daemon.audit.claims.text import lower_same_length
from zeroclaw_daemon.audit.lang import PACKS, detect_language
from zeroclaw_daemon.receipts import ToolEvent

TICKETS = ok("ticket_list", json.dumps([
    {"key": "OPS-1", "state": "open", "priority": "high"},
    {"key": "OPS-2", "state": "open", "priority": "low"},
    {"key": "OPS-3", "state": "closed", "priority": "high"},
    {"key": "OPS-4", "state": "open", "priority": "low"},
]))


JOBS_CSV = ok("cron_export", "job,schedule\nbackup,daily\nrotate,weekly\nvacuum,daily\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("There are 3 jobs in the export.", (JOBS_CSV,)),                 # header row not an item
    ("2 high tickets, both assigned.", (TICKETS,)),                    # one kind of item
    ("Four tickets; the remaining two are low priority.", (TICKETS,)),  # "the remaining"
    ("前两个工单是高优先级。", (TICKETS,)),                              # 前两个
    ("Los dos últimos tickets son de prioridad baja.", (TICKETS,)),    # los dos últimos
    ("Facturamos 1.340 facturas en total.", (ok("invoice_stats", "total 1340"),)),  # quantity
    ("9 in 10 runs pass.", (ok("ci_runs", "run 1 ok\nrun 2 ok\nrun 3 fail"),)),     # a ratio
])
def test_counts_of_a_part_or_of_something_else_are_not_mismatches(
        reply: str, events: tuple[ToolEvent, ...]) -> None:
    """Subset quantifiers, kinds of item, header rows, quantities and ratios are not
    counts of the whole result."""
    assert [] == of_type("count_mismatch", reply, *events)


@pytest.mark.parametrize(("reply", "span"), [
    ("There are 6 tickets in the list.", "6 tickets"),
    ("列表里有五个工单。", "五个工单"),
])
def test_a_whole_count_that_differs_is_a_mismatch(reply: str, span: str) -> None:
    """The whole list counted wrong is a count mismatch, in each language."""
    assert [("count_mismatch", "count.item_count", span)] == of_type(
        "count_mismatch", reply, TICKETS)


def test_a_count_the_result_states_for_the_noun_is_consistent() -> None:
    """"31 passed" in the result makes "31 tests passed" right, however many lines it has."""
    result = ok("pytest", "collected 33 items\n...\n31 passed, 2 failed in 3.2s")
    assert [] == of_type("count_mismatch", "31 tests passed and 2 failed.", result)
    assert [("count_mismatch", "count.item_count", "30 tests")] == of_type(
        "count_mismatch", "30 tests passed and 2 failed.", result)


def test_a_count_summed_from_two_stated_counts_is_consistent() -> None:
    """"65 tests (58 unit plus 7 doc)" adds two counts the result states."""
    result = ok("cargo", "test result: ok. 58 passed; 0 failed\n\ntest result: ok. 7 passed")
    assert [] == of_type("count_mismatch", "All 65 tests passed.", result)


CONTAINERS = ok("docker_ps", "NAMES STATUS\nredis Up 3 days\nnginx Up 3 days\napi Up 2 hours\n")


STATUS_PAGE = ok("status_page", json.dumps({"incidents": [], "components": ["api", "web"]}))


SCAN = ok("vuln_scan", "scanned 812 packages\nfound 0 vulnerabilities\n")


USERS = ok("user_lookup", "id,email\n17,ana@example.org\n18,r.okafor@example.net\n")


ERRORS_LOG = ok("log_tail", "10:01 INFO start\n10:02 ERROR db timeout\n10:03 ERROR db timeout\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("No hay ningún contenedor de Postgres en marcha.", (CONTAINERS,)),
    ("There is no MySQL container running.", (CONTAINERS,)),
    ("没有 MongoDB 容器在运行。", (CONTAINERS,)),
    ("No open incidents right now.", (STATUS_PAGE,)),                   # "incidents": []
    ("The scan found no vulnerabilities.", (SCAN,)),                    # found 0 vulnerabilities
    ("The newest ticket is “Export has no header row”.", (ERRORS_LOG,)),  # a quoted title
    ("最新的一封是《报销没有通过的说明》。", (ERRORS_LOG,)),                  # a quoted title
])
def test_true_absences_are_not_false(reply: str, events: tuple[ToolEvent, ...]) -> None:
    """A negation that the result bears out, or one inside a quoted title, is no finding."""
    assert [] == of_type("false_absence", reply, *events)


@pytest.mark.parametrize("reply", [
    "It doesn't look like there are any errors in the log.",
    "Parece que no hay errores en el log.",
    "No parece que haya errores en el log.",
    "日志里似乎没有错误。",
])
def test_hedged_absence_is_a_claim(reply: str) -> None:
    """"doesn't look like there are any", "parece que no hay", "似乎没有" are checked."""
    assert ["false_absence"] == [f[0] for f in of_type("false_absence", reply, ERRORS_LOG)]


def test_absence_of_the_kind_the_result_lists_is_false() -> None:
    """"No release tags" while the call lists tags: the kind is there, so it is false."""
    assert ["false_absence"] == [f[0] for f in of_type(
        "false_absence", "There are no release tags.", ok("git_tags", "v1.0\nv1.1"))]


def test_there_is_no_user_while_the_row_is_there() -> None:
    """"There's no user with r.okafor@example.net" while that row is in the result."""
    assert ["false_absence"] == [f[0] for f in of_type(
        "false_absence", "There's no user with r.okafor@example.net.", USERS)]


@pytest.mark.parametrize(("reply", "result"), [
    ("3 packages are outdated.", "Package  Current  Latest\nalpha  1.0.0  2.0.0\n"
                                 "beta  0.3.1  0.4.0\ngamma  5.1  5.2\n"),        # title header
    ("Two scheduled tasks.", "# min hour cmd\nSHELL=/bin/sh\n5 1 * * * a.sh\n0 2 * * * b.sh"),
])
def test_header_and_comment_lines_are_not_items(reply: str, result: str) -> None:
    """A title-case header over numeric rows, comment lines and settings are not items."""
    assert [] == of_type("count_mismatch", reply, ok("lister", result))


def test_a_speed_converts_only_from_a_labelled_unit() -> None:
    """35 km/h is not 22 mph when the result labels its 22 as km/h."""
    assert [("ungrounded_value", "value.not_in_results", "35 km/h")] == of_type(
        "ungrounded_value", "Wind is 35 km/h.", ok("weather", json.dumps({"wind_kph": 22})))


NESTED = ok("issue_tracker_graphql", json.dumps({"data": {"issues": {"nodes": [
    {"id": "W-1", "priorityLabel": "High", "state": "In Progress"},
    {"id": "W-2", "priorityLabel": "Medium", "state": "Todo"},
    {"id": "W-3", "priorityLabel": "High", "state": "Todo"},
    {"id": "W-4", "priorityLabel": "Low", "state": "Todo"}]}}}))


@pytest.mark.parametrize("reply", [
    "The two High ones are both in the sprint.",     # a qualifier some items have
    "Three issues are still Todo.",                  # a predicate some items have
    "Dos incidencias tienen prioridad High.",
])
def test_a_count_of_one_kind_of_item_is_not_checked_against_all(reply: str) -> None:
    """A qualifier or predicate that tells the items apart makes a count of one kind,
    found in nested JSON lists as well."""
    assert [] == of_type("count_mismatch", reply, NESTED)


def test_a_qualifier_every_item_has_still_counts_the_whole() -> None:
    """"Three issues" with a qualifier none of the items tells apart is the whole list."""
    assert [("count_mismatch", "count.item_count", "3 open issues")] == of_type(
        "count_mismatch", "There are 3 open issues.", NESTED)


JEST = ok("jest", "PASS a.test.ts\nFAIL b.test.ts\nPASS c.test.ts\n\n"
                  "Test Suites: 1 failed, 2 passed, 3 total\n"
                  "Tests:       2 failed, 40 passed, 42 total\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("2 of 42 tests fail, both in b.test.ts.", []),                       # "42 total"
    ("1 of 42 test suites failed.", [("count_mismatch", "count.item_count", "42 test suites")]),
    ("All good: **3 suites** ran.", []),                                   # bold is no "×"
    ("All good: **5 suites** ran.", [("count_mismatch", "count.item_count", "5 suites")]),
    ("7 of 8 checks pass.", []),
])
def test_whole_counts_beside_a_part(reply: str, expected: Expected) -> None:
    """"N of M nouns" states M as the whole; a total counts for the noun it is stated
    under ("Tests:" is not "Test Suites:"); markdown bold before a count is read through."""
    checks = ok("ci_checks", "\n".join(f"job{i}\tpass\t{i}m" for i in range(8)))
    events = (checks,) if "checks" in reply else (JEST,)
    assert expected == of_type("count_mismatch", reply, *events)


ACCESS_LOG = ok("log_grep", '10.0.0.1 "GET /a HTTP/1.1" 503 12\n10.0.0.2 "GET /b HTTP/1.1" 200 9\n')


BACKUPS = ok("bucket_ls", "2026-11-30 db-20261130.sql.gz\n2026-12-01 db-20261201.sql.gz\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("看起来没有 5xx，接口正常。", (ACCESS_LOG,)),              # 503 is a 5xx
    ("No parece que haya errores 503 en el log.", (ACCESS_LOG,)),
    ("没看到 12月1日 的备份。", (BACKUPS,)),                       # 20261201 in a key
    ("I couldn't find a backup from Dec 1 in the bucket.", (BACKUPS,)),
])
def test_an_absence_naming_a_value_the_result_holds_is_false(
        reply: str, events: tuple[ToolEvent, ...]) -> None:
    """A status class, a number or a date the absence names, held by the result in any
    spelling, makes the absence false."""
    assert ["false_absence"] == [f[0] for f in of_type("false_absence", reply, *events)]


def test_an_absence_inside_a_conditional_clause_is_no_claim() -> None:
    """"…，如果用户还没看到，…" supposes; it says nothing is absent."""
    assert [] == of_type("false_absence", "退款已到账，如果用户还没看到，请他刷新一下。",
                         ok("refund_api", "status: succeeded\namount: 12.00\n"))


def test_a_number_beside_many_values_of_one_label_is_no_stated_count() -> None:
    """A label beside many different numbers (a log's ids) states no count."""
    log = ok("log_tail", "\n".join(f"req {880000 + i} upstream timeout" for i in range(6)))
    assert [] == of_type("count_mismatch", "There were 6 upstream timeouts.", log)


SHEET = ok("spreadsheet_read", json.dumps({"values": [
    ["Team", "People", "Open reqs"], ["Web", 12, 2], ["Data", 7, 0], ["Infra", 9, 1]]}))


CHURN = ok("churn_export", "account,plan,reason,mrr\na1,Team,price,49\na2,Pro,price,99\n"
                           "a3,Team,budget,49\na4,Team,unused,49\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("3 teams, 28 people in all.", (SHEET,)),                    # header row of an array
    ("Data is the only team with no open reqs.", (SHEET,)),      # a zero under that column
    ("The top reason is price (2 accounts).", (CHURN,)),          # rows of the named kind
    ("At 1 EUR = 1.08 USD that is $108.", (ok("fx", json.dumps({"USD": 1.08})),)),
    ("They add up to 1,240 signups.", (ok("signups_by_day", json.dumps([
        {"day": "mon", "n": 600}, {"day": "tue", "n": 640}])),)),  # a quantity, not a count
])
def test_tables_header_zero_columns_kinds_and_quantities(
        reply: str, events: tuple[ToolEvent, ...]) -> None:
    """An array's header row, a zero under a named column, rows of a kind the sentence
    names, currency codes and quantities summed from a table are read as such."""
    found = findings(reply, *events)
    assert [] == [f for f in found if f[0] in ("count_mismatch", "false_absence")]


def test_a_group_count_for_a_kind_the_sentence_does_not_name_is_checked() -> None:
    """Rows of a kind count only when the sentence names that kind: 3 accounts is wrong."""
    assert [("count_mismatch", "count.item_count", "3 accounts")] == of_type(
        "count_mismatch", "There are 3 accounts in the export.", CHURN)


def test_an_absence_scoped_after_a_moment_is_not_checked_against_all() -> None:
    """"10:16 之后没有再报错" speaks of the lines after 10:16 only: no finding."""
    log = ok("app_log", "10:14 ERROR redis timeout\n10:15 ERROR redis timeout\n10:20 INFO ok\n")
    assert [] == of_type("false_absence", "10:16 之后连接恢复了，没有再报错。", log)


def test_net_of_two_stated_counts_and_a_scaled_user_figure() -> None:
    """A net count (120 added, 34 removed, 86 net) and the rest of a budget the user gave
    in 万 are derivations."""
    diff = ok("git_diff_stat", "5 files changed, 120 insertions(+), 34 deletions(-)")
    assert [] == of_type("count_mismatch", "新增 120 行、删除 34 行，净增 86 行。", diff)
    bill = ok("billing", json.dumps({"total": 186420.37}))
    assert [] == of_type("ungrounded_value", "花了约 18.6 万元，还剩 11.4 万上下。", bill,
                         user="预算是 30 万，超了没？")


def test_the_word_after_a_keys_value_is_the_next_pair() -> None:
    """"WARN=2 ERROR=1": 2 is the warnings, so "2 models errored" is wrong; a banner's
    "==== 2 failed" still states 2 failed."""
    dbt = ok("dbt_build", "Done. PASS=41 WARN=2 ERROR=1 SKIP=3 TOTAL=47")
    assert [("count_mismatch", "count.item_count", "2 models")] == of_type(
        "count_mismatch", "2 models errored.", dbt)
    pytest_out = ok("pytest_run", "..F.F\n==== 2 failed, 186 passed in 4s ====")
    assert [] == of_type("count_mismatch", "2 tests failed.", pytest_out)


@pytest.mark.parametrize(("reply", "expected"), [
    ("- **Errors:** none\n- **Warnings:** none", ["false_absence"]),   # ERROR lines exist
    ("Según el registro de hoy, **Errores:** ninguno.", ["false_absence"]),
    ("- 错误：无", ["false_absence"]),
    ("- **Warnings:** none", []),                                      # none in the log
])
def test_a_labelled_none_is_an_absence(reply: str, expected: list[str]) -> None:
    """"Errors: none" (a label then none/ninguno/无) is an absence claim, checked."""
    log = ok("log_tail", "10:01 INFO start\n10:02 ERROR db timeout 错误\n")
    assert expected == [f[0] for f in of_type("false_absence", reply, log)]


@pytest.mark.parametrize("reply", [
    "3 hosts are draining, the other 5 hosts serve traffic.",
    "3 are failing, the other 5 pass.",
])
def test_counts_of_a_sentence_adding_up_to_the_whole(reply: str) -> None:
    """Counts of one sentence that add up to the list's size are its parts."""
    hosts = ok("host_list", "\n".join(f"web-{i}" for i in range(8)))
    assert [] == of_type("count_mismatch", reply, hosts)


CALENDAR = ok("calendar_events", json.dumps([
    {"title": "Standup", "start": "2026-12-04T09:30:00+08:00"},
    {"title": "Budget review", "start": "2026-12-04T14:00:00+08:00"}]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("明天下午没有安排，可以约。", ["false_absence"]),   # 14:00 is in the afternoon
    ("明天晚上没有安排，可以约。", []),                   # none after 18:00 (+08:00 no time)
    ("Por la tarde no hay nada en el calendario.", ["false_absence"]),
])
def test_an_absence_in_a_part_of_the_day(reply: str, expected: list[str]) -> None:
    """"下午没有安排" is false when the result lists a time in the afternoon; a UTC offset
    is not a time of day."""
    assert expected == [f[0] for f in of_type("false_absence", reply, CALENDAR)]


@pytest.mark.parametrize(("reply", "expected"), [
    ("Found 3 files and 2 dirs.", [(3, "files"), (2, "dirs")]),
    ("It failed after 3 retries, top 5 results shown.", []),   # words before the number
    ("Node 20 ships, 3 km away, at 5 pm.", []),                 # no counted noun after it
    ("Hay 4 salidas, tras 3 intentos.", [(4, "salidas")]),
])
def test_a_count_needs_a_noun_after_it_and_no_word_before_it_that_excludes_it(
        reply: str, expected: list[tuple[int, str]]) -> None:
    """The noun after a number and the words before it each rule a count out, in
    either order of asking."""
    pack = PACKS[detect_language(reply)]
    assert pack.count_rules is not None
    found = latin_counts(lower_same_length(reply), pack, pack.count_rules)
    assert expected == [(raw.value, raw.noun) for raw in found]
