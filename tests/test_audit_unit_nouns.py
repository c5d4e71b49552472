"""A number before a unit of measure is a measure, never a count of the noun after it: the
units' closed class holds each unit's every spelling ("lb" as well as "lbs", "mile" as
well as "miles", "hr", "kilo", "pound"), so "the two 25 lb kettlebells" counts two, not
25. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.audit.claims.numbers import UNIT_WORDS

C = "count_mismatch"
RACK = ok("gym.rack_inventory", "item,weight,qty\nkettlebell_25lb,25,2\nplate_45lb,45,6\n"
                                "dumbbell_10kg,10,4\nrope_9ft,9,1")
ROUTES = ok("trails.list", '[{"route": "Ridge loop", "miles": 5}, {"route": "Lakeshore", '
                           '"miles": 3}, {"route": "Old mill", "miles": 8}]')


@pytest.mark.parametrize("unit", ["lb", "lbs", "mile", "miles", "hr", "kilo", "pound",
                                  "ounce", "metre", "gram", "min", "kt", "gallon", "litre",
                                  "libra", "kilogramo", "segundo", "semana"])
def test_every_spelling_of_a_unit_is_in_the_class(unit: str) -> None:
    """Each unit's spellings with and without its optional letter are units."""
    assert unit in UNIT_WORDS


@pytest.mark.parametrize("reply", [
    "The rack has two 25 lb kettlebells and six 45 lb plates.",
    "Of the three trails, the 5 mile Ridge loop is the one for today.",
    "Only the 9 ft rope is left on the last hook.",
])
def test_a_unit_after_the_number_is_no_count(reply: str) -> None:
    """'25 lb kettlebells', '5 mile Ridge loop': a measure of the thing, not how many."""
    assert [] == [f for f in findings(reply, RACK, ROUTES) if f[0] == C]


def test_a_real_miscount_beside_a_measure_is_still_found() -> None:
    """'7 trails' over a listing of three is still a wrong count."""
    assert [(C, "count.item_count", "7 trails")] == [
        f for f in findings("There are 7 trails; the 5 mile Ridge loop is the nicest.", ROUTES)
        if f[0] == C]
