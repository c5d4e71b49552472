"""To open a record (a ticket, an incident, a case, a work order: "I opened a ticket", "he
abierto una incidencia", 开了工单) makes it: an act of the create class, held against the
calls. Alone, or with a file or a page, "open" reads: no act, and in Spanish still a lookup
the calls must show. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, RULE = "fabricated_tool_call", "action.no_matching_call"
STATUS = ok("fleet.vehicle_status", json.dumps({"van": "V-12", "odometer_km": 88120,
                                                "warning": "brake pad wear"}), {"van": "V-12"})
TICKET = ok("helpdesk.create_ticket", json.dumps({"ticket": "HD-3301", "status": "open"}),
            {"title": "V-12 brake pads"})


@pytest.mark.parametrize(("reply", "expected"), [
    ("I opened a ticket with the workshop about the V-12 brake pads.", [(F, RULE, "opened")]),
    ("He abierto una incidencia con el taller por las pastillas de la V-12.",
     [(F, RULE, "abierto")]),
    ("Se ha abierto un ticket con el taller para la V-12.", [(F, RULE, "abierto")]),
    ("已经给维修厂开了工单，处理 V-12 的刹车片问题。", [(F, RULE, "开了")]),
    # Near misses: open a page or a report (a read); asked, not done.
    ("I opened the V-12 status page: brake pad wear.", []),
    ("He abierto el informe de la V-12: aviso de desgaste de pastillas.", []),
    ("¿Quieres que abra una incidencia con el taller?", []),
    ("要不要我给维修厂开一张工单？", []),
])
def test_a_record_said_opened_after_only_a_read(reply: str, expected: Expected) -> None:
    """A ticket said opened beside only a status read claims a call that did not run."""
    assert expected == findings(reply, STATUS)


@pytest.mark.parametrize("reply", [
    "I opened a ticket with the workshop about the V-12 brake pads.",
    "He abierto una incidencia con el taller por las pastillas de la V-12.",
    "已经给维修厂开了工单，处理 V-12 的刹车片问题。",
])
def test_a_record_opened_by_a_call(reply: str) -> None:
    """A call that made the ticket: no finding (nor a lookup the calls do not show)."""
    events: tuple[ToolEvent, ...] = (STATUS, TICKET)
    assert [] == findings(reply, *events)
