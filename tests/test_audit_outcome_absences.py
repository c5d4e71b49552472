"""An absence of an outcome a record writes as its state: "none of November's batches
failed", "nobody has lapsed", "none of the 18 lots is flagged", "ningún lote ha fallado"
deny items in that state (a partitive "none of" with a possessive or a number, a perfect
after the pronoun or the negative determiner, a verb of arrival: "none came in damaged";
"nobody's behind"), and
are false when a row writes it ("FAIL", "lapsed", "flag"), as "nothing overdue" is of an
overdue row. Borne out when no row does. Results and sentences of our own; rows are
(reply, event, expected)."""

from __future__ import annotations

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

A, RULE = "false_absence", "absence.result_has_items"
BATCHES = ok("lab.batch_results", "\n".join([
    "batch       tested      lead   plastics  verdict",
    "B-2611-01   2026-11-03  PASS   PASS      PASS",
    "B-2611-02   2026-11-10  PASS   FAIL      FAIL",
    "B-2611-03   2026-11-17  PASS   PASS      PASS"]))
ALL_PASS = ok("lab.batch_results", "\n".join([
    "batch       tested      lead   plastics  verdict",
    "B-2611-01   2026-11-03  PASS   PASS      PASS",
    "B-2611-03   2026-11-17  PASS   PASS      PASS"]))
MEMBERS = ok("club.renewals", "\n".join([
    "id      name            status   paid_on",
    "F-0102  Abbott, Clare   paid     2026-10-02",
    "F-0133  Jensen, Lars    lapsed   2025-10-04",
    "F-0137  Kaur, Simran    paid     2026-10-14"]))

RETURNS = ok("dock.returns", "\n".join([
    "boat  back_at  condition",
    "T-01  10:40    ok",
    "T-04  11:15    damage (cracked skeg)",
    "S-02  11:30    ok"]))
SHARES = ok("coop.shares", "\n".join([
    "member    share  status",
    "A01       2026   paid",
    "A07       2026   overdue",
    "A12       2026   paid"]))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Good news: none of November's batches failed.", BATCHES,
     [(A, RULE, "none of November's batches failed")]),
    ("Good news: none of November's batches failed.", ALL_PASS, []),
    ("Nobody has lapsed.", MEMBERS, [(A, RULE, "Nobody has lapsed")]),
    # Spanish: the perfect of the state's verb after the negative determiner
    ("Ninguno de los lotes de noviembre ha fallado.", BATCHES,
     [(A, RULE, "Ninguno de los lotes de noviembre ha fallado")]),
    ("Ninguno de los lotes de noviembre ha fallado.", ALL_PASS, []),
    # after a verb of arrival; "behind" of payments
    ("12 boats back so far and none came in damaged.", RETURNS,
     [(A, RULE, "none came in damaged")]),
    ("Nobody's behind.", SHARES, [(A, RULE, "Nobody's behind")]),
])
def test_an_outcome_denied_is_checked_against_the_rows(reply: str, event: ToolEvent,
                                                      expected: Expected) -> None:
    """A row writing the outcome refutes the absence; rows without it bear it out."""
    assert expected == of_type(A, reply, event)
