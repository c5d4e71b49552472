"""Printing is an act of its own class ("print", "imprimir", 打印): labels said printed after
a print call that was denied tell its outcome; after a successful one they are backed; after
reads alone the act is fabricated. Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.receipts import ToolEvent, ToolStatus

ORDERS = ok("shop.orders", '[{"order": "#4418"}, {"order": "#4419"}]', {"status": "paid"})
PRINTED = ok("label_printer.print_batch", '{"printed": 2}', {"order_ids": ["#4418", "#4419"]})
DENIED = ToolEvent(call_id="c2", tool="label_printer.print_batch",
                   args={"order_ids": ["#4418", "#4419"]}, status=ToolStatus.DENIED,
                   result="Error: printing is not allowed by policy")


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Both labels are printed on the dispatch Zebra.", [ORDERS, DENIED],
     {"failed_call_claimed"}),
    ("Las dos etiquetas ya están impresas.", [ORDERS, DENIED], {"failed_call_claimed"}),
    ("两张面单已经打印好了。", [ORDERS, DENIED], {"failed_call_claimed"}),
    ("Both labels are printed on the dispatch Zebra.", [ORDERS, PRINTED], set()),
    ("I've printed both labels.", [ORDERS], {"fabricated_tool_call"}),
])
def test_labels_said_printed_need_the_print_call(reply: str, events: list[ToolEvent],
                                                 expected: set[str]) -> None:
    """The print call's status decides: denied, done, or never made."""
    assert expected == {f[0] for f in findings(reply, *events)}
