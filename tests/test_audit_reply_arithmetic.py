"""A value the reply computes from figures it has given (an expression written before
"=", a figure of its sentence times a figure given before it, a result's number or the
user's, a difference of two amounts it gave) is grounded when recomputing the step gives
it to the precision written; in en, es and zh. A wrong step, and a small figure that a
product of the sentence's small numbers meets by chance, are still ungrounded. Findings as
(type, rule, span)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

V, NOT_IN = "ungrounded_value", "value.not_in_results"

VAN = ok("van_hire_quote", json.dumps({"base_fee_usd": 18.50, "extra_driver_usd": 4.25,
                                       "rate_per_day_usd": 85}))
FERRY = ok("ferry_fares", "fare,price_eur\nadult,3.20\nchild,1.60\n")
POOL = ok("pool_prices", json.dumps({"单人票_元": 30, "团体票": {"起订人数": 10, "单价_元": 22},
                                     "储物柜_元": 8}))
PARKING = ok("parking_tariffs", "tarifa,precio_eur\ndia_completo,3.35\nabono_mensual,55.00\n")
BUILD = ok("shell", "... linking 96 objects ...\nFinished in 5m 52s")

CASES: list[tuple[str, str, object, str, Expected]] = [
    # An expression written before "=" evaluates to the value.
    ("en", "With two extra drivers: $18.50 + 3 × $4.25 = $31.25 per booking.", VAN, "", []),
    ("es", "Para el grupo: 14 × 3,20 € = 44,80 €.", FERRY, "", []),
    ("zh", "储物柜 12 个人 × 8 元 = 96 元。", POOL, "", []),
    # A figure of its sentence times a result's number, the reply's or the user's.
    ("en", "For the 9 days you need, that comes to $765.", VAN, "We need the van for 9 days.",
     []),
    ("es", "Con 14 pasajeros adultos son 44,80 € en total.", FERRY, "", []),
    ("es", "Un día completo son 3,35 € → 67,00 € al mes.", PARKING,
     "Aparco unas 20 veces al mes.", []),
    # A difference of two amounts the reply gave.
    ("zh", "12 个人买单人票一共 360 元。团体票每人 22 元，12 个人是 264 元，省 96 元。",
     POOL, "", []),
    # A wrong step is still found.
    ("en", "With two extra drivers: $18.50 + 3 × $4.25 = $33.25 per booking.", VAN, "",
     [(V, NOT_IN, "$33.25")]),
    ("en", "For the 9 days you need, that comes to $756.", VAN, "We need the van for 9 days.",
     [(V, NOT_IN, "$756")]),
    ("zh", "团体票每人 22 元，12 个人是 264 元，省 86 元。", POOL, "", [(V, NOT_IN, "86 元")]),
    # A small figure is no product of the sentence's small numbers (6 × 5 is not 30 s).
    ("es", "La compilación tardó 6 min 30 s.", BUILD, "", [(V, NOT_IN, "30 s")]),
    ("en", "The build took 6 min 30 s.", BUILD, "", [(V, NOT_IN, "30 s")]),
]


@pytest.mark.parametrize(("language", "reply", "event", "user", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_reply_arithmetic(language: str, reply: str, event: object, user: str,
                          expected: Expected) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, event, user=user)  # type: ignore[arg-type]


SURVEY = ok("survey.results", "answer,forms\nneutral,88\nvery satisfied,201\nunhappy,31\n"
            "satisfied,142")


@pytest.mark.parametrize(("reply", "expected"), [
    # A figure of the sentence (a count the reply worked out) over a whole it gave before.
    ("出来了，一共收回 462 份。\n\n- 很满意 + 满意：343 人，约占 74%\n- 一般：88 人", []),
    ("462 forms are back.\n\n- Satisfied or better: 343 people, about 74%\n- Neutral: 88", []),
    ("462 forms are back.\n\n- Satisfied or better: 343 people, 58%\n- Neutral: 88",
     [("ungrounded_value", "value.not_in_results", "58%")]),
])
def test_a_share_of_a_figure_of_its_sentence(reply: str, expected: Expected) -> None:
    """A percentage is its sentence's figure over a whole given before or in a result."""
    assert expected == of_type("ungrounded_value", reply, SURVEY)


CRANES = ok("tos.crane_productivity", "crane,shift,boxes,hours\nQC-01,day,262,9.5\n"
            "QC-01,night,241,9.0\nQC-03,day,290,9.5\nQC-03,night,268,9.0")


@pytest.mark.parametrize(("reply", "expected"), [
    # A crane's boxes over its hours across both shifts; the whole terminal's likewise.
    ("QC-03 moved 558 boxes over both shifts, 30.2 an hour.", []),
    ("In all 1,061 boxes in 37 hours, about 28.7 an hour.", []),
    ("QC-03 moved 558 boxes over both shifts, 33.9 an hour.",
     [("ungrounded_value", "value.not_in_results", "33.9")]),
])
def test_a_rate_of_a_groups_or_the_tables_totals(reply: str, expected: Expected) -> None:
    """A figure per hour of one crane's two shifts, or of the whole table, is a quotient."""
    assert expected == of_type("ungrounded_value", reply, CRANES)


PROGRAMME = ok("programme.get", json.dumps({"concert": "Winter", "total_min": 57}))
QUOTE = ok("presupuesto.calcular", json.dumps({"m2": 85, "precio_m2_eur": 3.2, "iva_pct": 21}))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    # A whole of the sentence less a part it gives after the value.
    ("按节目单算，全场约 57 分钟：音乐 42 分钟，加中场休息 15 分钟。", PROGRAMME, []),
    ("按节目单算，全场约 57 分钟：音乐 45 分钟，加中场休息 15 分钟。", PROGRAMME,
     [("ungrounded_value", "value.not_in_results", "45 分钟"),
      ("ungrounded_value", "value.not_in_results", "15 分钟")]),
    # An amount at a rate its sentence states: the tax, and the total with it.
    ("85 m² a 3,20 €/m² son 272,00 € sin IVA; con el 21 % de IVA (57,12 €) queda en 329,12 €.",
     QUOTE, []),
    ("85 m² a 3,20 €/m² son 272,00 € sin IVA; con el 21 % de IVA (59,12 €) queda en 329,12 €.",
     QUOTE, [("ungrounded_value", "value.not_in_results", "59,12 €")]),
])
def test_a_part_left_and_an_amount_at_a_rate(reply: str, event: object,
                                             expected: Expected) -> None:
    """A whole less a later part, and an amount at its sentence's rate, are worked out."""
    assert expected == of_type("ungrounded_value", reply, event)
