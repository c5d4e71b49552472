"""Approximate values: the reply's own estimate is no finding unless it is near a result's
figure or said to be a tool's. Sentences of our own, against results of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

HALL = ok("venue.rooms", json.dumps({"rooms": [{"name": "Hall", "area_sqft": 1800},
                                                {"name": "Loft", "area_sqft": 640}]}))
KILN = ok("kiln.readings", "kiln,temp_c\nK1,1240\nK2,1185\n")


@pytest.mark.parametrize("reply", [
    "Both rooms come to 2,440 sq ft, which is roughly 227 m².",            # en conversion
    "Las dos salas suman 2.440 pies cuadrados, unos 227 m².",              # es conversion
    "两个房间合计 2,440 平方英尺，大约 227 平方米。",                          # zh conversion
])
def test_an_estimate_like_no_result_figure_is_no_finding(reply: str) -> None:
    """An approximate value no result figure comes near is the reply's own working-out."""
    assert [] == of_type("ungrounded_value", reply, HALL)


@pytest.mark.parametrize(("reply", "span"), [
    ("K1 is running at about 1,420 °C.", "1,420 °C"),                 # near 1240: misread
    ("K2 está a unos 1.350 °C.", "1.350 °C"),
])
def test_an_estimate_near_a_result_figure_is_still_checked(reply: str, span: str) -> None:
    """An approximate value within a factor of 1.5 of a result's figure, but outside its
    rounding, is a figure misread: still ungrounded."""
    assert [("ungrounded_value", "value.not_in_results", span)] == of_type(
        "ungrounded_value", reply, KILN)


def test_an_estimate_of_nothing_before_the_gate_is_unchanged() -> None:
    """An exact value no result holds is still ungrounded: only estimates are excused."""
    assert [("ungrounded_value", "value.not_in_results", "227 m²")] == of_type(
        "ungrounded_value", "The Hall is 227 m².", HALL)
