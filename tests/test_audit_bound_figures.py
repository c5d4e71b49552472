"""A number after a word of exceeding or falling short ("pasan de 20 minutos", "exceed 20
minutes", "20 分钟以上") is a bound, not a figure read from a result; and a count whose
clause states such a bound counts the items past it, a part of the listing."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok

QUEUE = ok("sample_queue", json.dumps([{"id": "S-1", "waiting_min": 12},
                                       {"id": "S-2", "waiting_min": 31},
                                       {"id": "S-3", "waiting_min": 25}]))
KILNS = ok("kiln_temps", "kiln,temp_c\nK1,1180\nK2,1236\nK3,1242\nK4,1090\n")


@pytest.mark.parametrize(("reply", "event"), [
    ("Esas dos ya pasan de 20 minutos.", QUEUE),                       # es verb + de
    ("S-2 y S-3 superan los 20 minutos de espera.", QUEUE),            # es superar
    ("Two of them exceed 20 minutes already.", QUEUE),                 # en exceed
    ("Two samples have waited more than 20 minutes.", QUEUE),          # en count + bound
    ("两个样本等了 20 分钟以上。", QUEUE),                               # zh postfix
    ("有两台窑高于 1200 度。", KILNS),                                  # zh 高于
    ("Dos hornos sobrepasan los 1200 °C.", KILNS),                    # es sobrepasar
])
def test_a_bound_is_no_stated_figure(reply: str, event: object) -> None:
    """A bound near the results' figures, and a count of the items past it, are no finding."""
    assert [] == findings(reply, event)  # type: ignore[arg-type]


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Esas dos ya pasan de 90 minutos.", QUEUE,
     [("ungrounded_value", "value.not_in_results", "90 minutos")]),
    ("Cinco muestras pasan de 20 minutos.", QUEUE,
     [("count_mismatch", "count.item_count", "Cinco muestras")]),
])
def test_a_bound_far_from_every_figure_is_still_checked(reply: str, event: object,
                                                        expected: list[tuple[str, str, str]]
                                                        ) -> None:
    """A bound no figure is near is ungrounded; a count above the listing is a mismatch."""
    assert expected == findings(reply, event)  # type: ignore[arg-type]
