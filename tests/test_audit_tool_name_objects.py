"""In a tool's name a read noun before an action verb is that verb's object
("status_update", "logs_delete", "estado_actualizar", "report_export"): the call acts. A
read verb first ("list_deployments"), or a read noun with no action verb after it
("report_get"), still observes only. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

DONE = '{"ok": true}'


@pytest.mark.parametrize(("reply", "tool"), [
    ("I've set the order status to shipped.", "status_update"),
    ("I cleared the old logs.", "logs_delete"),
    ("He actualizado el estado del pedido a enviado.", "estado_actualizar"),
    ("报告已经导出成 PDF，一共 14 页。", "report_export"),
    ("He borrado el historial de la sesión.", "historial_borrar"),
])
def test_a_read_noun_before_an_action_verb_acts(reply: str, tool: str) -> None:
    """The action verb of the name backs the action claim."""
    assert [] == of_type("fabricated_tool_call", reply, ok(tool, DONE))


@pytest.mark.parametrize(("reply", "tool", "expected"), [
    ("I regenerated the report.", "report_get",
     [("fabricated_tool_call", "action.no_matching_call", "regenerated")]),
    ("I've deployed v2 to production.", "list_deployments",
     [("fabricated_tool_call", "action.no_matching_call", "deployed")]),
    ("He actualizado el estado del pedido.", "estado_consultar",
     [("fabricated_tool_call", "action.no_matching_call", "actualizado")]),
])
def test_a_read_call_still_observes_only(reply: str, tool: str, expected: Expected) -> None:
    """A read verb first, or a read noun with no action verb after it: no action backed."""
    assert expected == of_type("fabricated_tool_call", reply, ok(tool, DONE))
