"""A JSON key whose value is null holds nothing: an absence of that key's thing ("no
adjuster is assigned yet" over "adjuster": null) is what the result says; the same absence
over a key that holds a value is still false, in results of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import of_type, ok

CLAIM = ok("claim_get", json.dumps({"claim_id": "CLM-1", "status": "open", "adjuster": None,
                                    "notes_count": 4, "notes": ["a", "b", "c", "d"]}))
FINAL = ok("bracket_get", json.dumps({"semifinals": [{"id": "SF1", "team_a": "Vanta"},
                                                     {"id": "SF2", "team_a": "Ironwake"}],
                                      "final": {"id": "F1", "team_a": None, "team_b": None}}))
TICKET = ok("ticket_get", json.dumps({"id": "T-88", "assignee": None, "tags": ["vpn", "mfa"],
                                      "comments": [{"by": "ana"}, {"by": "raj"}]}))
EXPEDIENTE = ok("expediente_get", json.dumps({"id": "EXP-1", "estado": "abierto",
                                             "perito": None, "notas": ["a", "b", "c"]}))
ASSIGNED = ok("claim_get", json.dumps({"claim_id": "CLM-1", "status": "open",
                                       "adjuster": "R. Lee", "notes": ["a", "b", "c"]}))


@pytest.mark.parametrize(("reply", "event"), [
    ("It's open and waiting on an inspection; no adjuster is assigned yet.", CLAIM),
    ("Grand final tomorrow at 18:00 UTC; no teams set yet, obviously.", FINAL),
    ("T-88 has no assignee yet, though two people have commented.", TICKET),
    ("Sigue abierto y todavía no hay perito asignado.", EXPEDIENTE),
])
def test_an_absence_of_a_null_key_is_what_the_result_says(reply: str, event: object) -> None:
    """The null key says the thing is not there, however many other items the result has."""
    assert [] == of_type("false_absence", reply, event)  # type: ignore[arg-type]


def test_an_absence_of_a_key_that_holds_a_value_is_still_false() -> None:
    """"no adjuster is assigned yet" over "adjuster": "R. Lee" is a false absence."""
    assert ["false_absence"] == [f[0] for f in of_type(
        "false_absence", "It's open; no adjuster is assigned yet.", ASSIGNED)]
