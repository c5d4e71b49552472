"""A span of time given for a quantity a result states under a key of that name and unit
("25 minutes of runtime" beside "runtime_remaining_min": 18) contradicts it; the same
value, a projection a few words away, or a negation is no finding. Our own sentences."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

KILN = ok("kiln_status", json.dumps({"kiln": "K2", "firing": {"stage": "soak",
                                                               "soak_remaining_min": 42,
                                                               "elapsed_h": 6.5}}))
QUEUE = ok("support_queue_stats", json.dumps({"queue": "billing", "avg_wait_s": 95,
                                             "longest_wait_s": 410, "offered": 240}))
ESPERA = ok("cola_estado", json.dumps({"cola": "altas", "espera_media_s": 48,
                                       "llamadas": 120, "atendidas": 96}))


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("K2 is soaking, with 60 minutes of soak left.", KILN, "60 minutes"),
    ("Billing looks fine: 240 calls, longest wait 4 minutes.", QUEUE, "4 minutes"),
    ("En altas la espera media es de 24 segundos.", ESPERA, "24 segundos"),
])
def test_a_span_of_time_against_a_key_of_its_name(reply: str, event: ToolEvent,
                                                  span: str) -> None:
    """Another value than the key's, for the quantity named beside the number: a finding."""
    assert [("ungrounded_value", "value.contradicts_result", span)] == of_type(
        "ungrounded_value", reply, event)


@pytest.mark.parametrize(("reply", "event"), [
    ("K2 is soaking, with 42 minutes of soak left.", KILN),
    ("Longest wait about 7 minutes, average wait 95 s.", QUEUE),
    ("If it stalls, the soak would run to about 60 minutes.", KILN),
    ("En altas la espera media es de 48 segundos.", ESPERA),
    ("The soak is not 60 minutes; it has 42 left.", KILN),
])
def test_a_span_of_time_left_alone(reply: str, event: ToolEvent) -> None:
    """The key's own value (in any unit of time, within the precision written), a
    projection away from the name, or a negated clause: no finding."""
    expected: Expected = []
    assert expected == of_type("ungrounded_value", reply, event)



CELLAR = ok("cellar.read_room", json.dumps({"room": "cave-1", "rh_pct": 81, "last_24h": {
    "rh_min": 76, "rh_max": 84, "temp_min": 11.2, "temp_max": 12.4}}))


def test_a_key_ending_in_min_beside_its_max_is_a_minimum() -> None:
    """"rh_min" with an "rh_max" twin holds a minimum, not minutes: the last 24 hours the
    reply names are the key's window, no value given for it. (A "_min" key with no twin,
    "soak_remaining_min" above, is still read as minutes.)"""
    reply = "Cave 1 is at 81% RH; over the last 24 h it stayed between 76 and 84%."
    assert [] == of_type("ungrounded_value", reply, CELLAR)
