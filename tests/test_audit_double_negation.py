"""A double negation is a universal, not an absence: "no hay ningún mes sin consumo" says
every month has some consumption, "no month without usage" the same.

"sin" or "without" and a noun after the denied noun; "sin" and an infinitive ("ningún correo
sin leer": no unread mail) and "without" and a gerund are states, still absences. Tools
and sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import of_type, ok

MONTHS = ok("huertos.consumo", "mes,consumo_m3\nenero,2.1\nfebrero,2.4\nmarzo,4.8\n")
MAIL = ok("correo.bandeja", "de,asunto,leido\nana,factura,no\nluis,pedido,si\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("No hay ningún mes sin consumo.", MONTHS, []),
    ("There is no month without usage.", MONTHS, []),
    ("No hay ningún correo sin leer.", MAIL, ["false_absence"]),
    ("No hay ningún mes registrado.", MONTHS, ["false_absence"]),
])
def test_without_and_a_noun_makes_a_universal(reply: str, event: object,
                                              expected: list[str]) -> None:
    """"sin"/"without" and a noun: every item has it; with an infinitive it is a state."""
    assert expected == [f[0] for f in of_type("false_absence", reply, event)]  # type: ignore[arg-type]
