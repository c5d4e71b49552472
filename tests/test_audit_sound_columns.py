"""An absence of trouble narrowed by a column's name ('no seal issues') is true when every
row's value in that column is sound ('ok', 'correcto'), and still checked otherwise."""

from __future__ import annotations

import json

import pytest
from audit_rules import findings, ok


def _valves(seal: dict[int, str] | None = None, key: str = "seal") -> object:
    rows = [{"valve": f"V-{i}", key: "ok", "torque_nm": 40 + i} for i in range(1, 6)]
    for index, value in (seal or {}).items():
        rows[index][key] = value
    return ok("valves.inspection", json.dumps({"line": "B", "valves": rows}))


def _absences(reply: str, event: object) -> list[str]:
    return [f[2] for f in findings(reply, event) if f[0] == "false_absence"]


@pytest.mark.parametrize(("reply", "event"), [
    ("No seal issues on line B.", _valves()),
    ("There are no seal problems on any valve.", _valves({2: "good"})),
    ("No hay problemas de sellado en la línea B.", _valves(key="sellado")),
])
def test_trouble_with_a_column_every_row_passes(reply: str, event: object) -> None:
    """The column the absence names reads a word of soundness in every row: no finding."""
    assert [] == _absences(reply, event)


@pytest.mark.parametrize(("reply", "event", "span"), [
    ("No seal issues on line B.", _valves({3: "weeping"}), "No seal issues"),
    ("No hay problemas de sellado en la línea B.", _valves({1: "fuga"}, key="sellado"),
     "No hay problemas de sellado"),
    # The modifier is in a row's text: that row is the trouble named.
    ("No seal issues on line B.", _valves({0: "seal cracked"}, key="notes"), "No seal issues"),
])
def test_trouble_some_row_holds_is_still_checked(reply: str, event: object, span: str) -> None:
    """A row whose value there is no word of soundness still refutes the absence."""
    assert [span] == _absences(reply, event)
