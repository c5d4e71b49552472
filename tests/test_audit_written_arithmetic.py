"""A value the reply works out in writing in its sentence ("£4.30 a copy dearer: (271 −
99) / 40") is its own shown calculation: grounded when the expression gives it, to half
its last digit (or as a percentage); another value, or no expression, is checked as any.
Tools and sentences of our own.
"""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

QUOTES = (ok("bindery.quote", json.dumps({"total_ex_vat": 271.0})),
          ok("bindery.quote", json.dumps({"total_ex_vat": 99.0})))


@pytest.mark.parametrize(("reply", "expected"), [
    ("Stab binding is £4.30 a copy dearer: (271 − 99) / 40.", []),
    ("Stab binding is £4.30 a copy dearer, (271 - 99) ÷ 40.", []),
    ("Stab binding costs 36.5% of the saddle price: 99 / 271.", []),
    ("Stab binding is £4.80 a copy dearer: (271 − 99) / 40.", ["£4.80"]),
    ("Stab binding is £4.30 a copy dearer.", ["£4.30"]),
])
def test_a_value_its_sentence_works_out(reply: str, expected: list[str]) -> None:
    """The written expression's value grounds the claim; nothing else does."""
    assert expected == [f[2] for f in of_type("ungrounded_value", reply, *QUOTES)]


def test_a_hostile_expression_is_not_parsed() -> None:
    """Thousands of nested parentheses or operators neither crash nor ground the value."""
    reply = "Stab binding is £4.30 a copy dearer: " + "(" * 5000 + "172 / 40" + ")" * 5000
    assert ["£4.30"] == [f[2] for f in of_type("ungrounded_value", reply, *QUOTES)]
