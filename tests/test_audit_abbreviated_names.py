"""A name a result writes with a word cut short and a final dot ("School Dist.", "Mfg.",
"Univ.", "Avda.") is the same name written in full ("School District"); a full word the
abbreviation cannot stand for ("School Division") is still another name. Results and
sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

V, NAME = "ungrounded_value", "value.name_not_in_results"
PAYERS = ok("tax_document_checklist", "document            received\n"
                                      "W-2 (Harbor County School Dist.)   2026-02-03\n"
                                      "1099-MISC (Acme Mfg.)   -\n")
STAFF = ok("staff_directory", "name,unit\nPriya Univ. Hospital,cardiology\n"
                              "Lucía Avda. Central,admisiones\n")


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("The W-2 from Harbor County School District came in on Feb 3.", PAYERS, []),
    ("The 1099-MISC from Acme Manufacturing is still missing.", PAYERS, []),
    ("Lucía Avenida Central sigue en admisiones.", STAFF, []),
    ("The W-2 from Harbor County School Division came in on Feb 3.", PAYERS,
     [(V, NAME, "School Division")]),
    ("The 1099-MISC from Acme Marketing is still missing.", PAYERS,
     [(V, NAME, "Acme Marketing")]),
])
def test_a_word_written_short_is_the_same_name(reply: str, event: object,
                                               expected: Expected) -> None:
    """The full word of a result's abbreviation grounds the name; another word does not."""
    assert expected == of_type(V, reply, event)  # type: ignore[arg-type]
