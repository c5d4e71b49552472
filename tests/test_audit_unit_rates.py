"""An amount the reply works out as a rate times a count of the rate's own unit ('24 € por
noche … 4 noches: 96 €') is its arithmetic; a product that is off is not."""

from __future__ import annotations

import json

import pytest

from tests.audit_rules import of_type, ok
from zeroclaw_daemon.receipts import ToolEvent

TARIFF = ok("kennel_rates", json.dumps({"servicio": "alojamiento", "precio_noche": 24.0,
                                        "suplemento_pct": 15}))
HOURLY = ok("interpreters", json.dumps([{"nombre": "Marta Ruiz", "tarifa_hora_eur": "38.00"}]))


@pytest.mark.parametrize(("reply", "event", "amount"), [
    ("La tarifa es de 24 € por noche. Del 2 al 6 de abril son 4 noches: 96 €.", TARIFF, "96 €"),
    ("That's 24 € a night, so 4 nights come to 96 €.", TARIFF, "96 €"),
    ("Marta cobra 38 € la hora; para 3 horas serían 114 €.", HOURLY, "114 €"),
])
def test_a_rate_times_a_count_of_its_unit(reply: str, event: ToolEvent, amount: str) -> None:
    """The rate (written per night, or under a key naming the hour) times the nights or
    hours the sentence counts gives the amount."""
    assert amount not in [f[2] for f in of_type("ungrounded_value", reply, event)]


@pytest.mark.parametrize(("reply", "wrong"), [
    ("La tarifa es de 24 € por noche. Del 2 al 6 de abril son 4 noches: 98 €.", "98 €"),
    ("That's 24 € a night, so 4 nights come to 94 €.", "94 €"),
])
def test_a_product_that_is_off_is_ungrounded(reply: str, wrong: str) -> None:
    """A product that does not come out of the rate and the count stays ungrounded."""
    assert ("ungrounded_value", "value.not_in_results", wrong) in of_type(
        "ungrounded_value", reply, TARIFF)
