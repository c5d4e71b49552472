"""The one a superlative picks out of the results ("the biggest sponsor was Vine Hollow",
"el mayor patrocinador fue Vine Hollow") is read off them: a name no result holds is an
ungrounded value, in any sentence (not only one citing a source). A name the results hold,
or a name said without a superlative, is no finding. Sentences and tools of our own."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

U, RULE = "ungrounded_value", "value.name_not_in_results"
SPONSORS = ok("club.sponsorship_summary", json.dumps(
    {"season": "2026", "sponsors": 6, "income_eur": 48250, "renewals": 4}), {"season": "2026"})
LISTED = ok("club.sponsors", json.dumps([{"name": "Harbor Mills", "eur": 21000},
                                         {"name": "Quarry Lane", "eur": 9000}]))


@pytest.mark.parametrize(("reply", "event", "expected"), [
    ("Sponsorship brought in €48,250. The biggest sponsor was Vine Hollow, with about half.",
     SPONSORS, [(U, RULE, "Vine Hollow")]),
    ("El patrocinio dejó 48.250 €. El mayor patrocinador fue Vine Hollow, con casi la mitad.",
     SPONSORS, [(U, RULE, "Vine Hollow")]),
    # Near misses: the results name it; no superlative picks it out.
    ("The biggest sponsor was Harbor Mills, with €21,000.", LISTED, []),
    ("El mayor patrocinador fue Harbor Mills, con 21.000 €.", LISTED, []),
    ("Sponsorship brought in €48,250; Vine Hollow renewed as well.", SPONSORS, []),
])
def test_a_name_a_superlative_picks_out(reply: str, event: ToolEvent, expected: Expected) -> None:
    """A superlative's name must be one a result holds."""
    assert expected == findings(reply, event)


PLAYERS = ok("torneo.inscritos", 'dorsal,nombre,elo\n1,"Ruiz Ortega, Pablo",2318\n'
                                 '2,"Navarro Gil, Sergio",2231\n')


@pytest.mark.parametrize(("reply", "expected"), [
    ("El más alto es Pablo Ruiz Ortega con 2318.", []),
    # Navarro is Sergio's family name, not Pablo's.
    ("El más alto es Pablo Navarro con 2318.", [(U, RULE, "Pablo Navarro")]),
    ("El más alto es Pablo Serrano con 2318.", [(U, RULE, "Pablo Serrano")]),
])
def test_a_name_a_list_writes_family_name_first(reply: str, expected: Expected) -> None:
    """"Ruiz Ortega, Pablo" is Pablo Ruiz; a family name no list writes before "Pablo" is
    still no name of the results."""
    assert expected == [f for f in findings(reply, PLAYERS) if f[0] == U]
