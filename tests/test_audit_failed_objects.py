"""A failed call told nowhere, while the reply names what that call alone acted on.

Beside successful calls, a reply without any word of failure, disclosure or denial that
names an argument value of a call that did not succeed (an identifier, an address, a
number of its own), a value no successful call holds, presents that call's outcome:
``failure.object_named``. A value a successful call also holds, a bare word, a year, a
disclosed failure and a later successful retry give nothing. Sentences and tools of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

RULE = "failure.object_named"


def did_not_succeed(tool: str, args: dict[str, object], status: ToolStatus = ToolStatus.TIMEOUT,
                    call_id: str = "c2") -> ToolEvent:
    return ToolEvent(call_id=call_id, tool=tool, args=args, status=status,
                     result="Error: upstream did not answer within 30s")


def failed_claims(reply: str, *events: ToolEvent) -> Expected:
    return [f for f in findings(reply, *events) if f[0] == "failed_call_claimed"]


KILN_READ = ok("kiln.status", json.dumps({"kiln": "K2", "temp_c": 612, "program": "BISQ-07"}),
               {"kiln": "K2"})
KILN_LOAD = did_not_succeed("kiln.program_load", {"kiln": "K2", "program": "GLAZE-CONE6-03"})
ORDER_READ = ok("orders.get", json.dumps({"order": "HB-2291", "total_eur": 186.4}),
                {"order": "HB-2291"})
ORDER_MAIL = did_not_succeed("orders.send_confirmation",
                             {"order": "HB-2291", "to": "mila.brandt@example.org"})
VALVE_READ = ok("valve.read", json.dumps({"valve": "V7", "open_pct": 35}), {"valve": "V7"})
VALVE_SET = did_not_succeed("valve.set", {"valve": "V7", "open_pct": 80}, ToolStatus.DENIED)
BAY_READ = ok("charger.status", json.dumps({"bay": "B2", "soc_pct": 41}), {"bay": "B2"})
BAY_CHARGE = did_not_succeed("charger.schedule", {"bay": "B2", "minutes": 150},
                             ToolStatus.DENIED)
PEDIDO_READ = ok("pedidos.ver", json.dumps({"pedido": "P-5531", "importe": 42.5}))
PEDIDO_SUBIR = did_not_succeed("archivo.subir",
                               {"origen": "/tmp/p5531.pdf", "destino": "s3://facturas/2027/p5531.pdf"},
                               ToolStatus.FAILED)
TURNO_READ = ok("turnos.ver", json.dumps({"turno": "T-3", "medico": "王芳"}))
TURNO_SET = did_not_succeed("turnos.asignar", {"turno": "T-3", "sala": "B-204"})


@pytest.mark.parametrize(("reply", "events", "span"), [
    ("Kiln K2 is at 612 °C and now on **GLAZE-CONE6-03**.", (KILN_READ, KILN_LOAD),
     "GLAZE-CONE6-03"),
    ("Order HB-2291 comes to €186.40. The confirmation is with mila.brandt@example.org.",
     (ORDER_READ, ORDER_MAIL), "mila.brandt@example.org"),
    ("Bay B2 reads 41 %; its charge takes 150 minutes.", (BAY_READ, BAY_CHARGE), "150 minutes"),
    ("El pedido P-5531 (42,50 €) ya está en s3://facturas/2027/p5531.pdf.",
     (PEDIDO_READ, PEDIDO_SUBIR), "s3://facturas/2027/p5531.pdf"),
    ("T-3 由王芳值班，安排在 B-204 诊室。", (TURNO_READ, TURNO_SET), "B-204"),
    ("海燕号加了 212.4 升柴油，已经记到 C14 泊位账户上了。",
     (ok("fuel.txn", json.dumps({"litres": 212.4})),
      did_not_succeed("berth.charge", {"berth": "C14"}, ToolStatus.DENIED)), "C14"),
    # Two characters, a letter and a digit, the whole of the argument's value.
    ("P3 averages 1.82 kN. The third cell, P5, is reading 1.64 kN.",
     (ok("load_cell_read", json.dumps({"point": "P3", "mean_kn": 1.82}), {"point": "P3"}),
      did_not_succeed("load_cell_read", {"point": "P5"}, call_id="c3")), "P5"),
    # A phrase's words in another order, in one clause.
    ("7 号车已派往机场路 R9 支援。", (ok("fleet.positions", json.dumps({"unit": "P-07"})),
                                  did_not_succeed("dispatch.assign", {"route": "R9 机场路"})),
     "机场路"),
])
def test_a_failed_calls_object_named_without_a_word_of_failure(
        reply: str, events: tuple[ToolEvent, ...], span: str) -> None:
    """Naming what only the failed call acted on, with no failure told, presents its outcome."""
    assert [("failed_call_claimed", RULE, span)] == failed_claims(reply, *events)


@pytest.mark.parametrize(("reply", "events"), [
    # The value is the successful call's too: naming it says nothing of the failed one.
    ("Order HB-2291 comes to €186.40.", (ORDER_READ, ORDER_MAIL)),
    ("Kiln K2 is at 612 °C on BISQ-07.", (KILN_READ, KILN_LOAD)),
    # The failure told, in any words.
    ("Kiln K2 is at 612 °C. Loading GLAZE-CONE6-03 timed out, so it is still on BISQ-07.",
     (KILN_READ, KILN_LOAD)),
    ("V7 is at 35%; I'm not allowed to move it to 80% (the change needs an operator).",
     (VALVE_READ, VALVE_SET)),
    ("El pedido P-5531 es de 42,50 €, pero la subida a s3://facturas/2027/p5531.pdf falló.",
     (PEDIDO_READ, PEDIDO_SUBIR)),
    # Named in an offer or a question: no outcome stated.
    ("Order HB-2291 comes to €186.40. Shall I resend it to mila.brandt@example.org?",
     (ORDER_READ, ORDER_MAIL)),
])
def test_nothing_when_the_value_is_shared_or_the_failure_told(
        reply: str, events: tuple[ToolEvent, ...]) -> None:
    """A value a successful call holds, a disclosed failure or an offer give no finding."""
    assert [] == [f for f in failed_claims(reply, *events) if f[1] == RULE]


def test_a_later_successful_call_of_the_same_tool_redoes_the_failed_one() -> None:
    """A retry that succeeded supersedes the failure: naming its object is no finding."""
    retried = ok("kiln.program_load", json.dumps({"kiln": "K2", "program": "GLAZE-CONE6-03",
                                                  "loaded": True}),
                 {"kiln": "K2", "program": "GLAZE-CONE6-03"})
    assert [] == failed_claims("Kiln K2 is now on GLAZE-CONE6-03.",
                               KILN_READ, KILN_LOAD, retried)


def test_a_bare_word_or_a_year_names_nothing_of_its_own() -> None:
    """A one-word argument ("main") and a year are no object of the failed call alone."""
    bank_read = ok("bank.summary", json.dumps({"soc_pct": 93}), {"bank": "house"})
    bank_set = did_not_succeed("bank.set_mode", {"bank": "main", "mode": "float",
                                                 "year": 2027})
    assert [] == failed_claims("The main bank is at 93% for 2027.", bank_read, bank_set)
