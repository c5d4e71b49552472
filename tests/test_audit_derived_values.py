"""Values a reply computes from the results (means, shares, totals of its own figures,
unit and time-zone conversions, today's date): the rules, in sentences of our own.

Each row is a reply against tool results, and the findings expected as (type, rule, span).
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

RUNS = ok("training_log", "DAY  KM   MIN\nMon  8    44\nTue  12   63\nWed  5    29\n"
          "Thu  11   55\nFri  15   80\n")
POLL = ok("poll_tally", json.dumps({"votes": 240, "options": {"yes": 150, "no": 60,
                                                              "abstain": 30}}))
CRATE = ok("freight_quote", json.dumps({"mass_kg": 250, "dims_cm": [80, 60, 50]}))
FLIGHT = ok("flight_status", "dep_utc,flight\n2026-03-10T22:15:00Z,QX 881\n")
RENT = ok("ledger_export", "unit,due,amount\nA1,2026-03-01,1200.00\nA2,2026-03-05,980.50\n"
          "A3,2026-03-09,450.25\nA4,2026-03-20,700.00\n")


@pytest.mark.parametrize(("reply", "events"), [
    ("She averaged 10.2 km per run.", RUNS),                                     # en mean
    ("Promedió 10,2 km por salida.", RUNS),                                      # es mean
    ("The crate weighs 250 kg ≈ 551 lb.", CRATE),                               # kg -> lb
    ("Size: 80 × 60 × 50 cm ≈ 31.5 × 23.6 × 19.7 in.", CRATE),                  # cm -> in chain
    ("QX 881 leaves at 22:15 UTC, which is Mar 11 in Singapore.", FLIGHT),      # tz moves date
    ("As of today, Mar 15, A1 ($1,200.00), A3 ($450.25) and A4 ($700.00) are due: "
     "$2,350.25 in all.", RENT),                                                 # today + total
    ("截至今天（3 月 15 日），A1 已到期。", RENT),                                  # zh today
])
def test_derived_values_are_grounded(reply: str, events: object) -> None:
    """A mean, a share of stated figures, a total of listed amounts, a unit or time-zone
    conversion and the date named as today are not ungrounded values."""
    assert [] == of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("She averaged 13.7 km per run.", RUNS, "13.7 km"),
        ("The crate weighs 250 kg ≈ 610 lb.", CRATE, "610 lb"),
    ("QX 881 leaves on Mar 14.", FLIGHT, "Mar 14"),
    ("A1 ($1,200.00), A3 ($450.25) and A4 ($700.00) are due: $2,450.25 in all.", RENT,
     "$2,450.25"),
])
def test_wrong_derivations_are_still_ungrounded(reply: str, events: object, span: str) -> None:
    """A value no derivation gives (a wrong mean, share, conversion, shifted date or total)
    is still ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, events)  # type: ignore[arg-type]


FEES = ok("utility_statement", json.dumps({"lines": [
    {"item": "water", "amount": "42.10"}, {"item": "service charge", "amount": "12.00"},
    {"item": "penalty", "amount": "0.00"}, {"item": "滞纳金", "amount": "0.00"}]}))
LOOKUP = ok("registry_lookup", json.dumps({"count": 0, "entries": [],
                                           "did_you_mean": ["Hollis Grant", "Hollie Grant"]}))
PARCELS = ok("parcel_track", json.dumps({"parcels": [
    {"id": "P1", "status": "created"}, {"id": "P2", "status": "in transit"}]}))
EXAMS = ok("exam_results", json.dumps({"students": 4, "passed": 3, "failed": ["Li Wei"]}))


@pytest.mark.parametrize(("reply", "events"), [
    ("Water $42.10 and a service charge of $12.00, no penalty this month.", FEES),  # en
    ("水费 42.10 元，没有滞纳金。", FEES),                            # zh: a row of zero
    ("The registry has no entry under that name.", LOOKUP),         # en: "entries": []
    ("P1 还没揽收，P2 在路上。", PARCELS),                             # zh: 还没 is "not yet"
    ("4 人里 3 人通过，Li Wei 没过。", EXAMS),                         # zh: 没过 "did not pass"
])
def test_status_and_zero_rows_are_no_false_absence(reply: str, events: object) -> None:
    """A row whose figures are zero or an empty list confirms "no <thing>"; "not yet" and
    "did not pass" state a status, not an absence."""
    assert [] == of_type("false_absence", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "span"), [
    ("账单里没有 water 项目。", "没有 water 项目"),
    ("The statement has no water line.", "has no water line"),
])
def test_a_row_with_a_figure_still_refutes_its_absence(reply: str, span: str) -> None:
    """A row whose figure is not zero still contradicts "no <thing>"."""
    assert [("false_absence", "absence.result_has_items", span)] == of_type(
        "false_absence", reply, FEES)


@pytest.mark.parametrize(("reply", "expected"), [
    ("With 20 more yes votes it would be 170 of 240, or 70.8%.", []),
    ("Con 20 votos más a favor serían 170 de 240, un 70,8 %.", []),
    ("With 20 more yes votes it would be 170 of 240, or 72.8%.",
     [("ungrounded_value", "value.not_in_results", "72.8%")]),
    ("Con 20 votos más a favor serían 170 de 240, un 72,8 %.",
     [("ungrounded_value", "value.not_in_results", "72,8 %")]),
])
def test_a_share_of_the_replys_own_figures_is_its_arithmetic(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A percentage that two figures stated before it give is the reply's own arithmetic
    (the figure 170 is checked by itself); a percentage they do not give is ungrounded."""
    found = [f for f in of_type("ungrounded_value", reply, POLL) if "%" in f[2]]
    assert expected == found


MATCH = ok("match_summary", json.dumps({"final": "LAK 104 - 109 BOS", "attendance": 18624}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Boston won 109-104.", []),
    ("Boston ganó 109–104.", []),
    ("Boston won 112-104.", [("ungrounded_value", "value.not_in_results", "112")]),
    ("Boston ganó 109 - 101.", [("ungrounded_value", "value.not_in_results", "101")]),
])
def test_each_end_of_a_dashed_pair_is_a_value(reply: str,
                                              expected: list[tuple[str, str, str]]) -> None:
    """A score or range of three-digit numbers ("109-104") is two values, each checked."""
    assert expected == of_type("ungrounded_value", reply, MATCH)


WARNINGS = ok("boiler_monitor", "2026-05-02 04:10 CALDERA-2 presión 0.6 bar < 0.8 AVISO\n"
              "2026-05-02 06:55 CALDERA-4 llama inestable AVISO\n")
QUIET = ok("boiler_monitor", "")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Ningún aviso: las calderas funcionan con normalidad.", WARNINGS,
     [("false_absence", "absence.result_has_items", "Ningún aviso")]),
    ("Revisé el monitor. Ninguna caldera con aviso.", WARNINGS,
     [("false_absence", "absence.result_has_items", "Ninguna caldera")]),
    ("Ningún aviso: las calderas funcionan con normalidad.", QUIET, []),
    ("Dos avisos; ninguna está apagada.", WARNINGS, []),
])
def test_spanish_determiner_ningun_is_an_absence_claim(
        reply: str, events: object, expected: list[tuple[str, str, str]]) -> None:
    """"Ningún <noun>" heading a clause claims an absence (checked against the items);
    "ninguna" before a verb is a pronoun, and an empty result confirms the absence."""
    assert expected == of_type("false_absence", reply, events)  # type: ignore[arg-type]


PLAN = ok("hosting_quote", json.dumps({"plan": "pro", "yearly_price": 1434.00}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("The pro plan comes to $119.50 a month.", []),
    ("El plan pro sale a 119,50 € al mes.", []),
    ("专业版每月约 120 元。", []),
    ("The pro plan comes to $129.50 a month.",
     [("ungrounded_value", "value.not_in_results", "$129.50")]),
    ("The pro plan comes to $119.50.", [("ungrounded_value", "value.not_in_results",
                                         "$119.50")]),
])
def test_a_yearly_figure_per_month_is_a_derivation(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A value said per month (or week) that is a yearly figure over 12 (or 52) is
    grounded; without the period, or off by more than its precision, it is not."""
    assert expected == of_type("ungrounded_value", reply, PLAN)


@pytest.mark.parametrize(("reply", "expected"), [
    ("Due now, $2,350.25: A1 ($1,200.00), A3 ($450.25) and A4 ($700.00).", []),
    ("Due now, $2,380.25: A1 ($1,200.00), A3 ($450.25) and A4 ($700.00).",
     [("ungrounded_value", "value.not_in_results", "$2,380.25")]),
])
def test_a_total_stated_before_its_parts(reply: str,
                                         expected: list[tuple[str, str, str]]) -> None:
    """A total the reply's listed amounts after it add up to is its arithmetic; another
    total is not."""
    assert expected == of_type("ungrounded_value", reply, RENT)


WIND = ok("marine_forecast", json.dumps({"wind_kt": 18, "gust_kt": 27, "route_km": 42}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Wind 18 knots, about 33 km/h, gusting to 50 km/h.", []),
    ("The crossing is 42 km, roughly 26 miles.", []),
    ("Wind 18 knots, 38 km/h.", [("ungrounded_value", "value.not_in_results", "38 km/h")]),
    ("The crossing is roughly 32 miles.", [("ungrounded_value", "value.not_in_results",
                                            "32 miles")]),
])
def test_knots_and_miles_convert(reply: str, expected: list[tuple[str, str, str]]) -> None:
    """Knots and km/h, km and miles are conversions of one another; another figure is not."""
    assert expected == of_type("ungrounded_value", reply, WIND)


def test_a_made_up_share_among_many_figures_is_still_ungrounded() -> None:
    """Only the figures just before a percentage are its part: a percentage that no
    part-of-whole pair gives stays ungrounded however many figures the paragraph has."""
    reply = ("Of 240 votes, 150 were yes, 55 no and 35 abstentions; 12 ballots were "
             "spoiled and 18 arrived late. Turnout was 81%.")
    assert [("ungrounded_value", "value.not_in_results", "81%")] == of_type(
        "ungrounded_value", reply, POLL)


SHIFTS = ok("shift_export",
            "员工,日期,签到,签退\n李娜,2026-04-01,08:58,17:31\n李娜,2026-04-02,09:03,\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("4 月 2 日还没有签退记录。", []),                  # an empty field confirms it
    ("两天都没有签到记录。", [("false_absence", "absence.result_has_items", "没有签到记录")]),
])
def test_an_empty_csv_field_confirms_its_absence(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """A CSV column some row leaves empty confirms "没有<column>"; a filled one does not."""
    assert expected == of_type("false_absence", reply, SHIFTS)


SURVEY = ok("survey_tally", json.dumps({"answers": 300, "scale": {
    "excellent": 61, "good": 97, "fair": 80, "poor": 42, "awful": 20}}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Fair or better: 238 of 300 answers.", []),                      # 61 + 97 + 80
    ("Regular o mejor: 238 de 300 respuestas.", []),
    ("Fair or better: 248 of 300 answers.",
     [("ungrounded_value", "value.not_in_results", "248")]),
])
def test_a_sum_of_parts_of_a_breakdown(reply: str,
                                       expected: list[tuple[str, str, str]]) -> None:
    """Three or more parts of one breakdown added up ground their sum; another sum is not."""
    assert expected == of_type("ungrounded_value", reply, SURVEY)


def test_ningun_problema_is_no_absence_claim() -> None:
    """"Ningún problema" answers the user ("no problem"); it claims nothing about a result."""
    problems = ok("boiler_monitor", "CALDERA-1 problema de presión\n")
    assert [] == of_type("false_absence", "Ningún problema, lo miro ahora.", problems)


BILL = ok("table_bill", json.dumps({"subtotal": 64.0, "service_rate": 0.1, "covers": 4}))
ORDER = ok("order_quote", json.dumps({"list_price": 240.0, "discount": 0.15, "qty": 3}))


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("The food comes to $64.00; with the 10% service charge the bill is $70.40.", BILL, []),
    ("含 10% 服务费，一共 70.40 元。", BILL, []),
    ("Con el 15 % de descuento el pedido se queda en 204,00 €.", ORDER, []),
    ("With the discount it is $204.00.", ORDER, []),
    # near misses: another rate, or the rate added where the reply's figure shows none
    ("With the 10% service charge the bill is $71.40.", BILL, ["$71.40"]),
    ("含服务费一共 72.00 元。", BILL, ["72.00 元"]),
    ("Con el descuento se queda en 208,00 €.", ORDER, ["208,00 €"]),
])
def test_an_amount_with_a_rate_added_or_taken_off(reply: str, events: object,
                                                  expected: list[str]) -> None:
    """An amount with a result's rate (below one) added or taken off (a tax, a service
    charge, a discount) grounds the total, to the cent; any other total stays ungrounded."""
    found = of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]
    assert expected == [span for _, _, span in found]


TRENCH = ok("site_job_get", json.dumps({
    "job": {"pipes": 40, "trenches": 3, "length_m": 120.5, "depth_m": 1.8, "gravel_kg": 35},
    "loads_kg": {"mon": 12, "tue": 15, "wed": 9}}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Gravel came to 78 kg.", [("ungrounded_value", "value.not_in_results", "78 kg")]),
    ("La grava sumó 78 kg.", [("ungrounded_value", "value.not_in_results", "78 kg")]),
    ("Loads: 36 kg over the three days.", []),                         # 12 + 15 + 9
    ("Cargas: 36 kg en los tres días.", []),
])
def test_a_breakdown_adds_parts_of_one_unit(reply: str,
                                            expected: list[tuple[str, str, str]]) -> None:
    """Parts of a record in other units (pipes, metres, kilograms) add up to no figure."""
    assert expected == of_type("ungrounded_value", reply, TRENCH)


CART = ok("cart.lines", "sku,qty,unit_price\nK-10,4,6.25\nK-22,2,14.90\nK-31,1,3.75")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("The basket comes to $58.55.", CART, []),
    ("El carrito suma 58,55 €.", CART, []),
    ("购物车合计 58.55 元。", CART, []),
    # near misses: another total, and a sum the rows do not give
    ("The basket comes to $60.55.", CART, ["$60.55"]),
    ("El carrito suma 62,30 €.", CART, ["62,30 €"]),
])
def test_a_total_of_quantities_times_prices(reply: str, events: object,
                                            expected: list[str]) -> None:
    """A table's quantity column times its price column, summed, grounds an order total."""
    found = of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]
    assert expected == [span for _, _, span in found]
