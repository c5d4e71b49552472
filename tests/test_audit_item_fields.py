"""A count of the listed items quoted from a field inside one item ("count": 42 of one
issue) is no count of the items."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

BUILDS = json.dumps([{"id": "b-9913", "branch": "main", "failures": 38, "duration_s": 412}])
PEDIDOS = json.dumps([{"id": "P-77", "cliente": "Ruiz", "unidades": 12},
                      {"id": "P-78", "cliente": "Soto", "unidades": 3}], ensure_ascii=False)


def found(reply: str, tool: str, result: str) -> list[tuple[str, str, str]]:
    event = ToolEvent(call_id="c1", tool=tool, args={}, status=ToolStatus.OK, result=result)
    report = audit_reply(reply, [event], None, "conv-1", "")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "tool", "result", "span"), [
    ("There are 38 broken builds on main right now.", "ci_list_builds", BUILDS,
     "38 broken builds"),
    ("Tienes 12 pedidos abiertos ahora mismo.", "tienda_listar_pedidos", PEDIDOS,
     "12 pedidos"),
])
def test_item_field_is_not_the_number_of_items(reply: str, tool: str, result: str,
                                               span: str) -> None:
    """The call lists builds (one of them); 38 is that build's failures, not a count of
    builds."""
    assert [("count_mismatch", "count.item_count", span)] == found(reply, tool, result)


@pytest.mark.parametrize(("reply", "tool", "result"), [
    ("One build is broken on main, with 38 failures.", "ci_list_builds", BUILDS),
    ("Tienes 2 pedidos: el P-77 con 12 unidades y el P-78 con 3.", "tienda_listar_pedidos",
     PEDIDOS),
    # A figure beside the list (a top-level total) speaks of the list itself.
    ("There are 38 broken builds.", "ci_list_builds",
     json.dumps({"total": 38, "builds": [{"id": "b-9913"}]})),
    # The noun is not what the call lists: a quantity of an item, quoted.
    ("The build hit 38 failures.", "ci_list_builds", BUILDS),
])
def test_item_fields_quoted_as_what_they_are(reply: str, tool: str, result: str) -> None:
    """Item fields quoted as the item's own figures, or a list-level total: no finding."""
    assert [] == found(reply, tool, result)
