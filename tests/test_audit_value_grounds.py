"""What grounds a value: CSV cells in quotes, SI speeds, hours of a column, rates over a
period, and a value that contradicts a result's labelled quantity; sentences of our own.

Each row is a reply against tool results, and the findings expected as (type, rule, span).
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

# A CSV whose first cell is quoted and holds the separator ("Surname, Name").
GRANTS = ok("grant_ledger", 'recipient,awarded_eur,overhead_eur\n"Lindqvist, Maja",4200.50,'
            '630.08\n"Okonkwo, Ada",3100.00,465.00\n"Ferreira, Tomás",5750.25,862.54\n')
# Speeds labelled in metres per second, by key suffix and in text.
BUOY = ok("buoy_obs", json.dumps({"buoy": "B-17", "current_ms": 1.4, "wind_ms": 15.0}))
ANEMOMETER = ok("mast_read", "mast 3: mean 6.5 m/s, peak 19.0 m/s, dir 310")


@pytest.mark.parametrize(("reply", "events"), [
    ("The three awards add up to €13,050.75, with €1,957.62 of overhead.", GRANTS),     # en
    ("Las tres ayudas suman 13.050,75 € y 1.957,62 € de gastos generales.", GRANTS),   # es
    ("三笔资助合计 13050.75 欧元，管理费 1957.62 欧元。", GRANTS),                           # zh
])
def test_column_sums_of_a_quoted_csv_are_grounded(reply: str, events: object) -> None:
    """A quoted CSV cell holding a comma is one cell, so the columns still add up."""
    assert [] == of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events"), [
    ("Wind at B-17 is about 34 mph, the current roughly 2.7 knots.", BUOY),           # en
    ("En la boya B-17 sopla a unos 29 nudos (54 km/h).", BUOY),                         # es
    ("The mast averages 23 km/h with a peak of 68 km/h (43 mph).", ANEMOMETER),        # text
])
def test_metres_per_second_convert_to_other_speeds(reply: str, events: object) -> None:
    """A speed the result gives in m/s (a key ending _ms, or "m/s" in text) grounds the
    same speed in mph, km/h or knots."""
    assert [] == of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("Wind at B-17 is about 45 mph.", BUOY, "45 mph"),
    ("The mast peaked at 80 km/h.", ANEMOMETER, "80 km/h"),
])
def test_wrong_speed_conversions_stay_ungrounded(reply: str, events: object,
                                                 span: str) -> None:
    """A speed no m/s figure converts to is still ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, events)  # type: ignore[arg-type]


# Hours of the day in a column named for the hour, written without ":00".
FOOTFALL = ok("door_counter", "door,hour,visitors\nN,07,12\nN,08,95\nN,09,143\nN,10,88\n")
KITCHEN = ok("oven_log", json.dumps({"readings": [{"hora": 6, "temp_c": 182},
                                                  {"hora": 7, "temp_c": 221}]}))


@pytest.mark.parametrize(("reply", "events"), [
    ("Footfall peaked in the 09:00 hour, up from 08:00.", FOOTFALL),                  # en
    ("El horno pasó de 182 a 221 °C entre las 06:00 y las 07:00.", KITCHEN),         # es
    ("客流在 09:00 那个小时最多，共 143 人。", FOOTFALL),                                   # zh
])
def test_hours_of_an_hour_column_ground_clock_times(reply: str, events: object) -> None:
    """A column named for the hour holds hours of the day: its 09 is the 09:00 hour."""
    assert [] == of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]


def test_a_minute_no_hour_column_holds_is_still_ungrounded() -> None:
    """Only whole hours come from an hour column: 09:30 is none of them."""
    assert [("ungrounded_value", "value.not_in_results", "09:30")] == of_type(
        "ungrounded_value", "Footfall peaked at 09:30.", FOOTFALL)


# Labelled quantities: a key names each number.
MAST = ok("mast_obs", json.dumps({"mast": "M-4", "wind_mph": 12, "gust_mph": 31}))
VITALS = ok("monitor_read", json.dumps({"cama": 7, "pulso": 72, "saturacion": 96}))


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("Wind 12 mph at M-4, with gusts to 38.", MAST, "38"),                            # en
    ("Cama 7: pulso de 88, saturación 96.", VITALS, "88"),                            # es
])
def test_a_bare_number_for_a_labelled_quantity_that_differs(reply: str, events: object,
                                                            span: str) -> None:
    """A bare number after a word naming a result's key ("gusts" for gust_mph, "pulso")
    that differs from the key's value contradicts the result."""
    assert [("ungrounded_value", "value.contradicts_result", span)] == of_type(
        "ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events"), [
    ("Wind 12 mph at M-4, with gusts to 31.", MAST),                  # the same value
    ("Wind 19 km/h at M-4, gusts to 50.", MAST),                      # 31 mph in km/h
    ("Cama 7: pulso de 72, saturación 96.", VITALS),                  # es, the same values
    ("Gusts over the last 3 days were calmer.", MAST),                # a count, not bound
    ("M-4 的阵风 38 英里每小时。", MAST),                                  # zh: no key word
])
def test_labelled_numbers_that_agree_or_are_not_bound(reply: str, events: object) -> None:
    """The same value, the value in another unit, or a number no key's word names is no
    contradiction."""
    assert [] == [f for f in of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]
                  if f[1] == "value.contradicts_result"]


# Rates over one period, said over another.
PRESS = ok("press_counter", "line,parts_per_hour,state\nP1,340,RUN\nP2,0,IDLE\n")
LICENCE = ok("licence_quote", json.dumps({"seats": 40, "annual_usd": 11520}))


@pytest.mark.parametrize(("reply", "events"), [
    ("At this pace P1 turns out 8,160 parts a day.", PRESS),                       # en: ×24
    ("That's $960 a month for the 40 seats.", LICENCE),                            # en: ÷12
    ("A ese ritmo, P1 saca unas 57.000 piezas por semana.", PRESS),                # es: ×168
    ("按这个速度，P1 一天能冲 8160 个件。", PRESS),                                       # zh: ×24
])
def test_a_rate_moved_to_the_period_the_sentence_names(reply: str, events: object) -> None:
    """A result's rate per hour or per year, said per day, week or month, is grounded."""
    assert [] == of_type("ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("At this pace P1 turns out 9,400 parts a day.", PRESS, "9,400"),
    ("按这个速度，P1 每天的产量是 9400。", PRESS, "9400"),
])
def test_a_rate_no_period_gives_is_still_ungrounded(reply: str, events: object,
                                                    span: str) -> None:
    """A per-day figure that no result rate times a period's length gives stays ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, events)  # type: ignore[arg-type]


# A percentage by a formula of the domain (output / (area × irradiance)), from results that
# state no share at all; and the same panel with a share the result does state.
PANEL = ok("panel_test", json.dumps({"panel": "SP-2", "area_m2": 1.7, "output_w": 340,
                                     "irradiance_w_m2": 1000}))
RATED_PANEL = ok("panel_test", json.dumps({"panel": "SP-2", "efficiency_pct": 19.5,
                                           "output_w": 340}))


@pytest.mark.parametrize("reply", [
    "SP-2 delivered 340 W, so it's running at roughly 20% efficiency.",                 # en
    "SP-2 entregó 340 W: un rendimiento de alrededor del 20 %.",                        # es
    "SP-2 输出 340 W，换算下来转换效率约 20%。",                                              # zh
])
def test_a_percentage_the_reply_computes_from_share_free_results(reply: str) -> None:
    """A percentage when no result states a share is the reply's own computation, which
    no result can contradict: no finding."""
    assert [] == of_type("ungrounded_value", reply, PANEL)


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("SP-2 is running at roughly 25% efficiency.", RATED_PANEL, "25%"),      # a share stated
    ("El panel SP-2 rinde un 25 %.", RATED_PANEL, "25 %"),                  # es, the same
    ("The panel_test output shows about 25% efficiency.", PANEL, "25%"),   # read from it
    ("SP-2 runs at 25% efficiency.", PANEL, "25%"),                        # stated flat
])
def test_a_percentage_against_a_stated_share_is_still_checked(reply: str, events: object,
                                                              span: str) -> None:
    """When a result states a share (a key naming it), a different percentage is ungrounded;
    so is one the reply says it read from the output, or states flat, not as worked out."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, events)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "code"), [
    ("Gestern in Rostock: Wind 9,4 m/s aus Ost, dazu 2 mm Regen.", "de"),
    ("Hier à Lyon : environ 12 °C selon la station, vent de 20 km/h.", "fr"),
])
def test_uncovered_languages_get_no_value_findings(reply: str, code: str) -> None:
    """A reply in a language without a pack is told by its function words (adverbs of time,
    prepositions) and gets no value findings: its number format and its words for "about"
    are not known, so a conversion or a rounding cannot be told from a wrong value."""
    from zeroclaw_daemon.audit.lang import detect_language
    station = ok("station_obs", json.dumps({"wind_ms": 3.1, "rain_mm": 0.4, "temp_c": 8.2}))
    assert (code, []) == (detect_language(reply), of_type("ungrounded_value", reply, station))


# Chinese written without spaces between the number and the words around it.
KILN = ok("kiln_log", "kiln,batch,pieces,hours,peak_c\nK2,B-88,640,11.5,1245\n")


@pytest.mark.parametrize(("reply", "span"), [
    ("K2窑这批共烧了640件，最高温度为1285度。", "1285度"),
    ("K2窑烧了11.5小时，每小时出窑61.3件。", "61.3"),
])
def test_a_chinese_value_written_without_spaces_is_read(reply: str, span: str) -> None:
    """A number right beside Han characters ("为1285度", "出窑61.3件") is a value: Chinese is
    written without spaces, so a Han character does not make it part of a word."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, KILN)


@pytest.mark.parametrize("reply", [
    "K2窑这批共烧了640件，最高温度为1245度，用时11.5小时。",     # every value as the result
    "K2窑烧了11.5小时，每小时出窑约55.7件。",                # 640 / 11.5, per hour
])
def test_chinese_values_without_spaces_that_the_result_grounds(reply: str) -> None:
    """Values beside Han characters that the result states or derives are no finding."""
    assert [] == of_type("ungrounded_value", reply, KILN)


# A whole and a part the reply states, and what is left of it.
DEPOT = ok("depot_bays", "bay,slots,used\nN,300,240\nS,250,130\nE,180,95\n")


@pytest.mark.parametrize("reply", [
    "The depot has 730 slots, 465 in use, so 265 are free.",                          # en
    "El depósito tiene 730 plazas, 465 ocupadas y quedan 265 libres.",                # es
    "仓库共730个位，已用465个，还剩265个。",                                                # zh
])
def test_what_is_left_of_a_whole_the_sentence_states(reply: str) -> None:
    """The difference of two figures the sentence states before it (both column totals)
    is the reply's arithmetic, not an ungrounded value."""
    assert [] == of_type("ungrounded_value", reply, DEPOT)


def test_a_remainder_no_two_figures_give_is_still_ungrounded() -> None:
    """A remainder that is no difference of the sentence's figures stays ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", "287")] == of_type(
        "ungrounded_value", "The depot has 730 slots, 465 in use, so 287 are free.", DEPOT)


@pytest.mark.parametrize(("reply", "expected"), [
    ("K2 fired 640 pieces in 11.5 hours, about 55.7 an hour.", []),                   # en
    ("K2 coció 640 piezas en 11,5 horas: unas 55,7 por hora.", []),                   # es
    ("K2 fired 640 pieces in 11.5 hours, about 71.4 an hour.",
     [("ungrounded_value", "value.not_in_results", "71.4")]),
])
def test_an_amount_over_a_duration_the_result_states(
        reply: str, expected: list[tuple[str, str, str]]) -> None:
    """An amount divided by a span of time a result column names ("hours") is a rate per
    period the reply works out; another rate is ungrounded."""
    assert expected == of_type("ungrounded_value", reply, KILN)


# Titles that begin with "The" / "El", and a person's name, in one result.
GALLERY = ok("gallery_rooms", json.dumps({"rooms": [
    {"room": "The Long Gallery", "curator": "Nadia Ferraro"},
    {"room": "Annex", "curator": "Tomas Berg"}]}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("The Annex is closed this week; Nadia Ferraro curates the Long Gallery.", []),
    ("El Anexo está cerrado; Nadia Ferraro lleva la Long Gallery.", []),
    ("Nadia Ferrante curates the Long Gallery.",
     [("ungrounded_value", "value.name_not_in_results", "Nadia Ferrante")]),
])
def test_a_function_word_is_no_first_name(reply: str,
                                          expected: list[tuple[str, str, str]]) -> None:
    """'The Annex' is no first and last name (an article opens it), so a result's 'The Long
    Gallery' does not make it a changed name; a person's changed surname still is."""
    assert expected == of_type("ungrounded_value", reply, GALLERY)


# A log whose lines carry key=value pairs.
DEPLOYS = ok("deploy_log", "2026-11-30T08:10Z svc=billing env=prod by=ahmed result=OK\n"
             "2026-11-30T09:45Z svc=search env=staging by=李娜 result=FAILED\n")


@pytest.mark.parametrize(("reply", "span"), [
    ("The billing deploy to prod went out at 08:10Z (by=mlopez).", "mlopez"),          # en
    ("El despliegue de search en staging terminó con result=ROLLBACK.", "ROLLBACK"),   # es
    ("search 的部署是 by=王强 做的，在 staging。", "王强"),                                    # zh
])
def test_a_quoted_pair_with_another_value(reply: str, span: str) -> None:
    """A key=value the reply quotes in the log's own syntax, whose key the log gives only
    other values, contradicts the log."""
    assert [("ungrounded_value", "value.contradicts_result", span)] == of_type(
        "ungrounded_value", reply, DEPLOYS)


@pytest.mark.parametrize("reply", [
    "The billing deploy to prod went out at 08:10Z (by=ahmed, result=OK).",
    "search 在 staging 失败了（result=FAILED，by=李娜）。",
    "I'd re-run it with env=canary first.",                # a proposal, not the output
])
def test_quoted_pairs_the_log_holds_or_does_not_write(reply: str) -> None:
    """A pair the log holds, or whose value is anywhere in the results, is no finding."""
    assert [] == [f for f in of_type("ungrounded_value", reply, DEPLOYS)
                  if f[1] == "value.contradicts_result"]


# Pressures and volumes in SI units.
TYRES = ok("tyre_check", json.dumps({"axle": "front", "pressure_kpa": 240, "tank_l": 60}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Front tyres are at 240 kPa (about 35 psi, 2.4 bar).", []),                     # en
    ("Las delanteras están a 2,4 bar y el depósito tiene 60 litros (15,9 gal).", []),  # es
    ("前胎气压 240 kPa，油箱 60升。", []),                                                # zh
    ("Front tyres are at 240 kPa (about 41 psi).",
     [("ungrounded_value", "value.not_in_results", "41 psi")]),
    ("油箱 75升。", [("ungrounded_value", "value.not_in_results", "75升")]),
])
def test_pressures_and_volumes_convert(reply: str,
                                       expected: list[tuple[str, str, str]]) -> None:
    """kPa, bar and psi, litres and gallons are conversions of one another; another
    figure in those units is ungrounded (a volume beside Han characters is read too)."""
    assert expected == of_type("ungrounded_value", reply, TYRES)



# Wall thickness at six points of a pipe, in millimetres.
WALL = ok("ut_gauge.read", json.dumps({"wall_mm": {"P1": 6.2, "P2": 5.8, "P3": 4.1, "P4": 6.0,
                                                   "P5": 5.5, "P6": 3.4}}))


@pytest.mark.parametrize("reply", [
    "P6 is thinnest at 3.4 mm, then P3 at 4.1 mm; the rest are above 5.25 mm.",
    "P6 es el más delgado (3,4 mm), luego P3 (4,1 mm); el resto está por encima de 5,25 mm.",
    "P6 最薄，3.4 mm，其次 P3 4.1 mm，其余都高于 5.25 mm。",
])
def test_a_bound_the_reply_draws_is_no_value_of_a_result(reply: str) -> None:
    """A figure right after a comparative bound word is the line the reply draws through
    the results' figures, not a figure it says a result states."""
    assert [] == of_type("ungrounded_value", reply, WALL)


@pytest.mark.parametrize(("reply", "span"), [
    ("P6 is thinnest at 3.9 mm; the rest are above 5.25 mm.", "3.9 mm"),
    ("P6 es el más delgado (3,9 mm); el resto está por encima de 5,25 mm.", "3,9 mm"),
])
def test_a_figure_beside_a_bound_is_still_checked(reply: str, span: str) -> None:
    """Only the bound is the reply's own: a wrong reading in the same sentence is found."""
    assert [span] == [f[2] for f in of_type("ungrounded_value", reply, WALL)]


# A parts catalogue: unit prices in pounds.
PARTS = ok("parts.search", "part      description          price_gbp  stock\n"
                           "RK-11     carb rebuild kit     42.50      7\n"
                           "GS-03     float bowl gasket    3.20       40\n"
                           "TC-21     throttle cable       24.95      5\n")


@pytest.mark.parametrize("reply", [
    "Two rebuild kits at £42.50 = £85.00.",
    "Dos kits de reparación a 42,50 £ = 85,00 £.",
    "Two rebuild kits at £42.50 = £85.00, plus two gaskets (£3.20 each) → £91.40.",
    "Three gaskets at £3.20 and a cable at £24.95 come to £34.55.",
])
def test_a_running_total_of_the_replys_line_items_is_grounded(reply: str) -> None:
    """A total of the sentence's prices, each maybe times a quantity it writes (in digits
    or in words), is the reply's own arithmetic."""
    assert [] == of_type("ungrounded_value", reply, PARTS)


@pytest.mark.parametrize(("reply", "span"), [
    ("Two rebuild kits at £42.50 = £86.00.", "£86.00"),
    ("Two rebuild kits at £42.50 = £85.00, plus two gaskets (£3.20 each) → £92.40.",
     "£92.40"),
])
def test_a_running_total_that_does_not_add_up_is_ungrounded(reply: str, span: str) -> None:
    """A total no sum of the sentence's line items gives is still found."""
    assert [span] == [f[2] for f in of_type("ungrounded_value", reply, PARTS)]


# Units and unit prices of four products: each one's revenue and share are worked out.
SALES_MIX = ok("sales.report", "product,units,unit_price_eur\ncroissant,2260,2.80\n"
                               "baguette,1840,3.20\nrye,215,7.00\nbun,880,3.50\n")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Revenue was €16,801.00 in all, by product:\n\n- Croissant: €6,328.00 (37.7%)\n"
     "- Baguette: €5,888.00 (35.0%)\n- Bun: €3,080.00 (18.3%)\n- Rye: €1,505.00 (9.0%)", []),
    ("Ventas por producto, 16.801,00 € en total:\n\n- Croissant: 6.328,00 € (37,7 %)\n"
     "- Baguette: 5.888,00 € (35,0 %)", []),
    # A share of no figure the reply gives is still found.
    ("Revenue was €16,801.00 in all, by product:\n\n- Croissant: €6,328.00 (44.2%)",
     ["44.2%"]),
])
def test_a_share_of_the_total_that_leads_into_the_list(reply: str,
                                                       expected: list[str]) -> None:
    """A list item's percentage of the total the line leading into the list states (a
    blank line between them) is the reply's arithmetic on its own figures."""
    assert expected == [f[2] for f in of_type("ungrounded_value", reply, SALES_MIX)]
