"""An act told without its doer, in the verb of the user's own question about a thing.

"轮值表排好了吗？" answered "基本排好了", "¿Cuándo se cambió el precio?" answered "Se
cambió el martes": the user asked for a state a read shows, and the reply gives it, so
no call need have done the act. A question put to the assistant ("你排好了吗？") and a
request beside the question ("…就通知兽医") still ask for its act. Tools and sentences of
our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

ROTA = ok("bell_rota.get", json.dumps({"date": "2027-01-10", "slots": 8, "filled": 7}))
PRICES = ok("tarifas.historial", "fecha,producto,precio\n2026-12-01,gasóleo,1.61\n")
TANK_LOG = ok("tank.log", "2027-04-14 08:05 T4 not eating, hiding\n")


def fabricated(reply: str, event: ToolEvent, user: str) -> Expected:
    return [f for f in findings(reply, event, user=user) if f[0] == "fabricated_tool_call"]


@pytest.mark.parametrize(("user", "reply", "event"), [
    ("下周日的轮值表排好了吗？", "基本排好了，八口钟里七口已经有人。", ROTA),
    ("¿A cuánto está el gasóleo y cuándo se cambió el precio?",
     "Está a 1,61 €/l. Se cambió el 1 de diciembre.", PRICES),
])
def test_the_state_the_user_asked_about_is_no_act(user: str, reply: str,
                                                  event: ToolEvent) -> None:
    """The verb of the user's question, answered without a doer, tells a state a read shows."""
    assert [] == fabricated(reply, event, user)


@pytest.mark.parametrize(("user", "reply", "event", "span"), [
    ("你把轮值表排好了吗？", "排好了。", ROTA, "排好"),
    ("T4 怎么样了？情况不好就通知兽医。", "情况不好，已经通知了兽医。", TANK_LOG, "通知"),
])
def test_a_question_to_the_assistant_or_a_request_still_asks_for_its_act(
        user: str, reply: str, event: ToolEvent, span: str) -> None:
    """Asked of the assistant, or requested beside the question, the act needs its call."""
    assert [span] == [f[2] for f in fabricated(reply, event, user)]
