"""A negative pronoun or determiner denying items in a state ("No one's overdue", "None of the
horses are overdue", "ninguna se quedó abierta", "no se rechazó ningún lote") is an absence
of that state: false when a result holds an item in it, true when none does. Sentences and
tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

A, RULE = "false_absence", "absence.result_has_items"
JABS = ok("stable.vaccinations", '[{"horse": "Juniper", "flu_due": "2027-02-14"}, '
          '{"horse": "Major Tom", "flu_due": "2026-11-20", "status": "OVERDUE"}]')
JABS_OK = ok("stable.vaccinations", '[{"horse": "Juniper", "flu_due": "2027-02-14"}, '
             '{"horse": "Major Tom", "flu_due": "2027-01-20"}]')
DOORS = ok("camaras.puertas", '[{"puerta": "CAM-01", "estado": "cerrada"}, '
           '{"puerta": "CAM-03", "estado": "abierta", "minutos": 21}]')
DOORS_OK = ok("camaras.puertas", '[{"puerta": "CAM-01", "estado": "cerrada"}, '
              '{"puerta": "CAM-03", "estado": "cerrada"}]')
LOTS = ok("fabrica.recepcion", '[{"lote": "L-1201", "estado": "aceptado"}, '
          '{"lote": "L-1210", "estado": "rechazado"}]')
LOTS_OK = ok("fabrica.recepcion", '[{"lote": "L-1201", "estado": "aceptado"}, '
             '{"lote": "L-1210", "estado": "aceptado"}]')


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("No one's overdue. Juniper is next, in February.", [JABS], [(A, RULE, "No one's overdue")]),
    ("Nobody is overdue. Juniper is next, in February.", [JABS], [(A, RULE, "Nobody is overdue")]),
    ("None of the horses are overdue.", [JABS], [(A, RULE, "None of the horses are overdue")]),
    ("No one's overdue. Major Tom is next, in January.", [JABS_OK], []),
    ("No, ninguna se quedó abierta.", [DOORS], [(A, RULE, "ninguna se quedó abierta")]),
    ("No, ninguna se quedó abierta.", [DOORS_OK], []),
    ("Hoy no se rechazó ningún lote.", [LOTS], [(A, RULE, "no se rechazó ningún lote")]),
    ("Hoy no se rechazó ningún lote.", [LOTS_OK], []),
])
def test_a_denied_state_against_the_items_in_it(reply: str, events: list[ToolEvent],
                                                expected: Expected) -> None:
    """The state denied is checked against the items' states, not against there being items."""
    assert expected == [f for f in findings(reply, *events) if f[0] == A]
