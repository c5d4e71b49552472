"""A short reply in a language without a pack is told by its own words, weekday and month
names among them: "Festa Classic sabato 24 aprile alle 15:00 … (18 € a bambino)" is Italian,
so no Spanish value, count or verb check reads it (only the language-independent ones).
Sentences of our own.
"""

from __future__ import annotations

import pytest
from audit_rules import findings, ok

from zeroclaw_daemon.audit.lang import detect_language


@pytest.mark.parametrize(("text", "code"), [
    ("Prenotata! Festa sabato 24 aprile alle 15:00 per 12 bambini, 2 ore. Costo 216 €.", "it"),
    ("Réservé : fête samedi 24 avril à 15 h pour 12 enfants, 216 €.", "fr"),
    ("Gebucht: Feier am Samstag, 24. April um 15 Uhr für 12 Kinder.", "de"),
    ("Reservada la fiesta el sábado 24 de abril a las 15:00 para 12 niños.", "es"),
    ("Booked the party for Saturday 24 April at 15:00 for 12 kids.", "en"),
])
def test_weekday_and_month_names_tell_the_language(text: str, code: str) -> None:
    """The reply's weekday and month names count among its language's words."""
    assert code == detect_language(text)


def test_an_uncovered_reply_gets_no_lexical_value_finding() -> None:
    """'18 € a bambino', in no result, is not checked in an Italian reply."""
    event = ok("party.book", '{"ref": "FB-2290", "total_eur": 216, "deposit_eur": 50}')
    reply = ("Prenotata! Festa Classic sabato 24 aprile alle 15:00 per 12 bambini, 2 ore. "
             "Costo 216 € (18 € a bambino), acconto 50 €.")
    assert [] == findings(reply, event)
