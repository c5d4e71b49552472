"""Values, counts and absences: the rules of each language, in sentences of our own.

Each table row is a reply, the tool results it is audited against, and the findings
expected as (type, rule, quoted span): the span is the reply text the finding points at.
"""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

Expected = list[tuple[str, str, str]]


def ok(tool: str, result: str, args: dict[str, object] | None = None) -> ToolEvent:
    return ToolEvent(call_id="c1", tool=tool, args=args or {}, status=ToolStatus.OK,
                     result=result)


def findings(reply: str, *events: ToolEvent, user: str = "") -> Expected:
    report = audit_reply(reply, events, None, "conv-1", user)
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


def of_type(kind: str, reply: str, *events: ToolEvent, user: str = "") -> Expected:
    return [f for f in findings(reply, *events, user=user) if f[0] == kind]


# -- number formats per language -------------------------------------------------------

SALES = ok("sales_report", "region,amount\nnorte,1250.5\nsur,7800\ncentro,2500000\n")
SALES_ZH = ok("revenue_query", json.dumps({"east": 35120, "west": 120400000, "share": 0.254}))


@pytest.mark.parametrize("reply", [
    "La región norte facturó 1.250,5 € según el informe.",      # es: dot groups, comma decimal
    "El sur aporta 7,8 mil euros según el informe.",             # es: "7,8 mil"
    "El centro llega a 2,5 millones según el informe.",          # es: "2,5 millones"
    "North billed 1,250.5 according to the report.",             # en: comma groups
    "South is at about 7.8k according to the report.",          # en: k suffix
])
def test_locale_number_formats_are_read(reply: str) -> None:
    """A number written in its language's format is grounded by the result's plain digits."""
    assert [] == of_type("ungrounded_value", reply, SALES)


@pytest.mark.parametrize("reply", [
    "报表显示东区约 3.5 万元。",        # 3.5 万 = 35000 to the thousand
    "西区大约 1.2 亿元。",              # 1.2 亿 = 120000000
    "占比百分之二十五左右，即 25.4%。",   # 百分之 and a share written as a percentage
    "东区约３．５万。",                  # full-width digits
])
def test_chinese_scales_and_percentages_are_read(reply: str) -> None:
    """万 / 亿 scale the number before them; 百分之 and full-width digits are numbers."""
    assert [] == of_type("ungrounded_value", reply, SALES_ZH)


@pytest.mark.parametrize(("reply", "span"), [
    ("报表显示东区约 9.1 万元。", "9.1 万"),
    ("La región norte facturó 4.900,5 € según el informe.", "4.900,5 €"),
    ("The report says north billed 3,105.75.", "3,105.75"),
])
def test_a_wrong_number_in_any_format_is_ungrounded(reply: str, span: str) -> None:
    """A value no result holds is still ungrounded, whatever its format."""
    events = SALES_ZH if "万" in reply else SALES
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, events)


# -- rounding and derivations ----------------------------------------------------------

DISK = ok("disk_usage", "mount size_bytes used_pct\n/ 1962834112 97.83\n/data 500 12.5\n")
LATENCY = ok("latency_probe", "before_ms 80\nafter_ms 60\n")
ORDERS_CSV = ok("orders_export", "order,country,items,total_eur,status\n"
                                 "A-1,DE,3,184.90,paid\nA-2,FR,1,39.00,refunded\n"
                                 "A-3,NL,6,412.35,paid\nA-4,IE,2,88.50,refunded\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("The root mount is just under 2 GB.", (DISK,)),                  # bytes -> GB, rounded
    ("The root mount is 97.8% full.", (DISK,)),                        # shown precision
    ("Latency fell by 25% (a 20 ms drop).", (LATENCY,)),               # 80 -> 60
    ("Gross is €724.75, of which €127.50 was refunded.", (ORDERS_CSV,)),  # column, group sums
    ("The largest order is €412.35.", (ORDERS_CSV,)),                  # a CSV cell, not 6,412.35
    ("Refunds are about 17.6% of gross.", (ORDERS_CSV,)),              # a group's share of total
])
def test_rounding_and_simple_derivations_are_grounded(
        reply: str, events: tuple[ToolEvent, ...]) -> None:
    """Rounding to the shown precision, unit conversion, sums per column and per kind of
    row, and percentages of them are honest summaries, not ungrounded values."""
    assert [] == of_type("ungrounded_value", reply, *events)


def test_a_made_up_total_is_still_ungrounded() -> None:
    """A total that no sum of the rows gives is ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", "€905.10")] == of_type(
        "ungrounded_value", "Gross is €905.10 across the four orders.", ORDERS_CSV)


def test_dotted_version_at_a_sentence_end_is_checked() -> None:
    """A version ending a sentence ("3.12.") is compared as a string with the result's."""
    result = ok("pkg_info", "name: ruff\nversion: 0.8.4\n")
    assert [] == of_type("ungrounded_value", "The installed ruff is 0.8.4.", result)
    assert [("ungrounded_value", "value.not_in_results", "0.9.1")] == of_type(
        "ungrounded_value", "The installed ruff is 0.9.1.", result)


# -- counts ----------------------------------------------------------------------------

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
    ("列表里有两个工单。", "两个工单"),
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


# -- absences --------------------------------------------------------------------------

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


def test_spanish_value_given_back_to_the_user_is_not_a_tool_claim() -> None:
    """"los 5.000 € que mencionas" names the user's own figure, not a tool's."""
    spend = ok("spend_report", json.dumps({"spent_eur": 3812.40}))
    assert [] == of_type("ungrounded_value",
                         "Llevas 3.812,40 €, por debajo de los 5.000 € que mencionas.", spend,
                         user="¿Me paso de 5.000 €?")


@pytest.mark.parametrize(("reply", "result"), [
    ("Wind is 40 km/h, about 25 mph.", "wind_kmh: 40"),                      # speed units
    ("The p95 is about 420 ms.", "p95_seconds: 0.4172"),                     # s -> ms, rounded
    ("Memory is at 80% (1.60G of 2.00G).", "used 1.60G\ntotal 2.00G"),       # same-unit ratio
    ("Paid charges add up to 97.50.", json.dumps([                           # cents, one kind
        {"amount": 4500, "status": "paid"}, {"amount": 5250, "status": "paid"},
        {"amount": 1200, "status": "failed"}])),
])
def test_conversions_and_kind_sums_are_grounded(reply: str, result: str) -> None:
    """Unit conversions (speed, time), a ratio of two numbers in one unit, and a sum of
    one kind of row read in units rather than cents are honest."""
    assert [] == of_type("ungrounded_value", reply, ok("probe", result))


def test_a_percentage_of_numbers_in_different_units_is_not_a_derivation() -> None:
    """76 % and 12G make no 84 %: a ratio is only taken between numbers of one unit."""
    result = ok("df", "Size Used Avail Use%\n50G 38G 12G 76%")
    assert [("ungrounded_value", "value.not_in_results", "84%")] == of_type(
        "ungrounded_value", "The disk is 84% full.", result)


def test_a_spanish_amount_is_not_read_as_a_version() -> None:
    """"1.250.430,50 €" is an amount (dots group thousands), not version 1.250.430."""
    result = ok("ventas", json.dumps({"es": 1250430.5}))
    assert [] == of_type("ungrounded_value", "España suma 1.250.430,50 € según el informe.",
                         result)


def test_the_users_value_denied_is_not_presented_as_observed() -> None:
    """"None of the charges is $512.40" denies the user's figure: no finding; the same
    figure attributed to the API is still ungrounded."""
    charges = ok("billing_api", json.dumps({"charges": [{"amount": 498.1}]}))
    user = "They say we charged $512.40."
    assert [] == of_type("ungrounded_value", "None of the charges is $512.40.", charges,
                         user=user)
    assert ["ungrounded_value"] == [f[0] for f in of_type(
        "ungrounded_value", "The billing API shows a $512.40 charge.", charges, user=user)]


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


# -- names -----------------------------------------------------------------------------

INBOX = ok("mail_search", json.dumps([
    {"from": "trent@example.org", "subject": "Q4 invoices"},
    {"from": "trent@example.org", "subject": "Re: Q4 invoices"}]), {"query": "invoices"})


@pytest.mark.parametrize(("reply", "span"), [
    ("According to the search results, Mallory sent 2 emails about invoices.", "Mallory"),
    ("The search results show 2 emails from Mallory about invoices.", "Mallory"),
    ("The search results show 2 emails from mallory@example.org.", "mallory@example.org"),
    ("Según la búsqueda, Mallory envió 2 correos sobre facturas.", "Mallory"),
])
def test_a_name_attributed_to_the_result_that_it_lacks_is_ungrounded(
        reply: str, span: str) -> None:
    """A person's name or address presented as what the tool returned, absent from the
    result and the call, is ungrounded."""
    assert [("ungrounded_value", "value.name_not_in_results", span)] == of_type(
        "ungrounded_value", reply, INBOX)


@pytest.mark.parametrize("reply", [
    "According to the search results, trent@example.org sent 2 emails.",
    "Mallory will love this: the inbox has 2 emails about invoices.",   # not attributed
    "The search results show 2 emails, nothing from Friday.",           # not a name
])
def test_a_name_the_result_holds_or_not_attributed_is_no_finding(reply: str) -> None:
    """A name the result holds, or one the reply does not attribute to a tool, is fine."""
    assert [] == of_type("ungrounded_value", reply, INBOX)


# -- Chinese and Spanish specifics -------------------------------------------------------

TRAINS = ok("rail_status", json.dumps({"train": "D305", "scheduled_arrival": "16:45",
                                      "delay_minutes": 9, "seats": {"硬卧": "无", "软卧": "4"}}))


@pytest.mark.parametrize(("reply", "kind"), [
    ("预计 16:54 左右到站。", "ungrounded_value"),                  # 16:45 + 9 minutes
    ("La llegada será hacia las 16:54.", "ungrounded_value"),
    ("硬卧没了，软卧还剩 4 张。", "false_absence"),                   # "硬卧": "无"
    ("没有。", "false_absence"),                                     # a bare answer
    ("12 个订单里有 3 个是退款状态。", "count_mismatch"),            # 是: a predicate, a part
])
def test_time_shifts_none_values_bare_answers_and_predicates(reply: str, kind: str) -> None:
    """A time moved by a stated delay, a key set to "无", a bare "没有。" and a count with a
    是-predicate are no findings."""
    assert [] == of_type(kind, reply, TRAINS, ok("orders", "\n".join(f"o{i}" for i in range(12))))


def test_a_time_moved_by_no_stated_delay_is_ungrounded() -> None:
    """17:20 is no result time moved by a stated number of minutes."""
    assert [("ungrounded_value", "value.not_in_results", "17:20")] == of_type(
        "ungrounded_value", "预计 17:20 到站。", TRAINS)


FLIGHT = ok("flight_lookup", json.dumps({"flight": "LH902", "gate": "K31", "crew": {
    "captain": "Anna Keller", "first_officer": "Tomas Berg"}}), {"flight": "LH902"})


@pytest.mark.parametrize(("reply", "span"), [
    ("LH902 boards at gate K13.", "K13"),                          # an identifier changed
    ("Your captain is Anna Kessler.", "Anna Kessler"),             # a last name changed
    ("El vuelo LH902 sale por la puerta K13.", "K13"),
])
def test_a_changed_identifier_or_last_name_is_ungrounded(reply: str, span: str) -> None:
    """Identifiers are compared as strings, and a first name the result pairs with another
    last name is a changed name."""
    assert [("ungrounded_value", "value.name_not_in_results", span)] == of_type(
        "ungrounded_value", reply, FLIGHT)


@pytest.mark.parametrize("reply", [
    "LH902 boards at gate K31 with Anna Keller as captain.",
    "The EC2 fleet and the Data Platform team are not in this result.",   # not codes/people
])
def test_identifiers_and_names_the_result_holds_are_grounded(reply: str) -> None:
    """Codes and names the result holds, and capitalised pairs that name no person the
    result knows, are no finding."""
    assert [] == of_type("ungrounded_value", reply, FLIGHT)


# -- sources -----------------------------------------------------------------------------

SEARCH = ok("web_search", json.dumps({"results": [{"url": "https://docs.example.org/a"}]}))


@pytest.mark.parametrize("reply", [
    "The answer is in the docs. You can follow it at https://status.example.org/live",
    "文档在 https://docs.example.org/a ，原理可以看 https://docs.example.org/b",
    "La respuesta está en la documentación; puedes verla en https://docs.example.org/c",
])
def test_a_url_pointed_out_to_the_user_is_a_cited_source(reply: str) -> None:
    """"You can follow it at <url>" cites the URL: checked like any other source."""
    assert ["source_fabrication"] == [f[0] for f in of_type("source_fabrication", reply, SEARCH)]


def test_a_url_in_the_speakers_own_offer_is_not_cited() -> None:
    """"I can check <url> if you like" offers an action: no source is cited."""
    assert [] == of_type("source_fabrication",
                         "I can check https://status.example.org if you like.", SEARCH)


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


@pytest.mark.parametrize(("reply", "result", "user"), [
    ("€2,500 is $2,710.50 at today's rate.", json.dumps({"rates": {"USD": 1.0842}}),
     "What's €2,500 in dollars?"),                                  # the user's amount x rate
    ("You've spent 3,812.40 €, 76% of the 5,000 € budget.", json.dumps({"spent": 3812.40}),
     "Is 5,000 € enough?"),                                        # a share of the user's figure
    ("About 113 € a night at the API's rate.", json.dumps({"price_jpy": 18400,
                                                          "eur_jpy": 162.9}), ""),
    ("B converts 0.6 points better.", json.dumps({"a": 0.041, "b": 0.047}), ""),
    ("It is +125 ms slower than last week.", json.dumps({"now_s": 0.412, "then_s": 0.287}), ""),
])
def test_derivations_with_rates_given_figures_and_units(reply: str, result: str,
                                                        user: str) -> None:
    """An amount at a rate, a result applied to a figure the user gave, percentage points
    between two rates and a difference read in another unit are derivations."""
    assert [] == of_type("ungrounded_value", reply, ok("api", result), user=user)


def test_a_small_user_number_makes_no_derivation() -> None:
    """"the 10th" in the question does not make 129.99 - 10 a derivation of 119.99."""
    assert [("ungrounded_value", "value.not_in_results", "€119.99")] == of_type(
        "ungrounded_value", "The cheapest fare is €119.99.",
        ok("fares", json.dumps({"cheapest_eur": 129.99})), user="Cheapest on the 10th?")


def test_a_number_beside_many_values_of_one_label_is_no_stated_count() -> None:
    """A label beside many different numbers (a log's ids) states no count."""
    log = ok("log_tail", "\n".join(f"req {880000 + i} upstream timeout" for i in range(6)))
    assert [] == of_type("count_mismatch", "There were 6 upstream timeouts.", log)


def test_the_users_figure_echoed_as_observed_is_still_ungrounded() -> None:
    """"Yes, it's 18 °C" echoing the user's 18 °C against a result of 16 is ungrounded."""
    weather = ok("weather_now", json.dumps({"city": "Lisbon", "temp_c": 16}))
    assert ["ungrounded_value"] == [f[0] for f in of_type(
        "ungrounded_value", "Yes, it's 18 °C in Lisbon right now.", weather,
        user="Is it 18 °C in Lisbon?")]


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


def test_crontab_times_and_a_breakdown_of_a_stated_whole() -> None:
    """"03:10 every day" reads a crontab's "10 3 * * *"; "cinco cargos: cuatro cobrados"
    breaks the whole down, stated first."""
    cron = ok("crontab", "10 3 * * * /opt/dump.sh\n15 0 1 * * /opt/invoices.sh\n")
    assert [] == of_type("ungrounded_value", "The dump runs at 03:10, invoices at 00:15.", cron)
    charges = ok("charges", "\n".join(f"ch_{i} {'failed' if i == 4 else 'ok'}"
                                      for i in range(5)))
    assert [] == of_type("count_mismatch", "Hoy hay cinco cargos: cuatro cobrados y uno fallido.",
                         charges)
    assert ("count_mismatch", "count.item_count", "tres cargos") in of_type(
        "count_mismatch", "Hoy hay tres cargos: dos cobrados.", charges)


@pytest.mark.parametrize(("reply", "expected"), [
    ("东区约三点五万元。", []),                                            # 35120 ≈ 三点五万
    ("占比约百分之二十五。", []),                                          # 0.254 -> 25 %
    ("东区约九万元。", [("ungrounded_value", "value.not_in_results", "九万")]),
    ("占比百分之六十。", [("ungrounded_value", "value.not_in_results", "百分之六十")]),
])
def test_chinese_number_words_are_values(reply: str, expected: Expected) -> None:
    """Percentages and 万/亿 amounts written in Chinese numerals are read and checked."""
    assert expected == of_type("ungrounded_value", reply, SALES_ZH)


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


def test_the_issues_own_wordings_in_our_tests() -> None:
    """"2,5 millions" with a decimal comma, and "the remaining five" of a list, as the
    issue lists them."""
    revenue = ok("revenue_report", json.dumps({"total_eur": 2512300}))
    assert [] == of_type("ungrounded_value", "Revenue reached 2,5 millions this quarter.",
                         revenue)
    hosts = ok("host_list", "\n".join(f"web-{i}" for i in range(8)))
    assert [] == of_type("count_mismatch",
                         "Three hosts are draining; the remaining five serve traffic.", hosts)


@pytest.mark.parametrize("reply", [
    "3 hosts are draining, the other 5 hosts serve traffic.",
    "3 are failing, the other 5 pass.",
])
def test_counts_of_a_sentence_adding_up_to_the_whole(reply: str) -> None:
    """Counts of one sentence that add up to the list's size are its parts."""
    hosts = ok("host_list", "\n".join(f"web-{i}" for i in range(8)))
    assert [] == of_type("count_mismatch", reply, hosts)
