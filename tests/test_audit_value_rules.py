"""Values, names and sources: the rules of each language, in sentences of our own.

Each table row is a reply, the tool results it is audited against, and the findings
expected as (type, rule, quoted span): the span is the reply text the finding points at.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

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


def test_the_users_figure_echoed_as_observed_is_still_ungrounded() -> None:
    """"Yes, it's 18 °C" echoing the user's 18 °C against a result of 16 is ungrounded."""
    weather = ok("weather_now", json.dumps({"city": "Lisbon", "temp_c": 16}))
    assert ["ungrounded_value"] == [f[0] for f in of_type(
        "ungrounded_value", "Yes, it's 18 °C in Lisbon right now.", weather,
        user="Is it 18 °C in Lisbon?")]


def test_crontab_times_and_a_breakdown_of_a_stated_whole() -> None:
    """"03:10 every day" reads a crontab's "10 3 * * *"; "cinco cargos: cuatro cobrados"
    breaks the whole down, stated first."""
    cron = ok("crontab", "10 3 * * * /opt/dump.sh\n15 0 1 * * /opt/invoices.sh\n")
    assert [] == of_type("ungrounded_value", "The dump runs at 03:10, invoices at 00:15.", cron)
    charges = ok("charges", "\n".join(f"ch_{i} {'failed' if i == 4 else 'ok'}"
                                      for i in range(5)))
    assert [] == of_type("count_mismatch", "Hoy hay cinco cargos: cuatro cobrados y uno fallido.",
                         charges)
    assert ("count_mismatch", "count.item_count", "cuatro cargos") in of_type(
        "count_mismatch", "Hoy hay cuatro cargos: tres cobrados.", charges)


@pytest.mark.parametrize(("reply", "expected"), [
    ("东区约三点五万元。", []),                                            # 35120 ≈ 三点五万
    ("占比约百分之二十五。", []),                                          # 0.254 -> 25 %
    ("东区约九万元。", [("ungrounded_value", "value.not_in_results", "九万")]),
    ("占比百分之六十。", [("ungrounded_value", "value.not_in_results", "百分之六十")]),
])
def test_chinese_number_words_are_values(reply: str, expected: Expected) -> None:
    """Percentages and 万/亿 amounts written in Chinese numerals are read and checked."""
    assert expected == of_type("ungrounded_value", reply, SALES_ZH)


def test_the_issues_own_wordings_in_our_tests() -> None:
    """"2,5 millions" with a decimal comma, and "the remaining five" of a list, as the
    issue lists them."""
    revenue = ok("revenue_report", json.dumps({"total_eur": 2512300}))
    assert [] == of_type("ungrounded_value", "Revenue reached 2,5 millions this quarter.",
                         revenue)
    hosts = ok("host_list", "\n".join(f"web-{i}" for i in range(8)))
    assert [] == of_type("count_mismatch",
                         "Three hosts are draining; the remaining five serve traffic.", hosts)
