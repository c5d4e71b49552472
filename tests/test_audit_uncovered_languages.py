"""Languages without a pack: told apart from the covered ones, and given only the checks
that need no words of the language (receipt tokens and cited URLs)."""

from __future__ import annotations

import json

import pytest

from zeroclaw_daemon.audit import audit_reply
from zeroclaw_daemon.audit.lang import detect_language
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus, format_token


def event(tool: str, result: str, status: ToolStatus = ToolStatus.OK,
          args: dict[str, object] | None = None) -> ToolEvent:
    return ToolEvent(call_id="c1", tool=tool, args=args or {}, status=status, result=result)


def found(reply: str, *events: ToolEvent) -> list[tuple[str, str, str]]:
    report = audit_reply(reply, events, None, "conv-1")
    return [(f.type.value, f.rule, reply[f.start:f.end]) for f in report.findings]


@pytest.mark.parametrize(("reply", "language"), [
    # Each leans on words Spanish or English also write ('de', 'la', 'un', 'in', 'as', 'por').
    ("Il reste 3 places de parking, dont 2 sous le bâtiment B.", "fr"),
    ("Le routeur de la salle 4 a redémarré et répond de nouveau.", "fr"),
    ("Deux colis en retard : R-17 et R-22.", "fr"),
    ("Der Kran K2 ist in der Wartung, rund 3 Stunden.", "de"),
    ("Drei Lieferungen: 14, 9 und 31 Kisten.", "de"),
    ("O voo saiu às 14:10 por causa da neblina em Lisboa, com 40 minutos de atraso.", "pt"),
    ("Sim, as 12 amostras chegaram ao laboratório.", "pt"),
    ("Il treno è fermo sulla linea 2 da 15 minuti.", "it"),
    # Sentences of our own in the style of replies once read as Spanish.
    ("Temos 4 turmas esta semana, 61 alunos no total: a maior tem 22, com duas monitoras.",
     "pt"),
    ("Vai bem: faltam 3 caixas de 12, o resto chegou.", "pt"),
    ("Umidità al 64 %, contro un obiettivo del 60 %, sotto il limite di 70.", "it"),
    ("Adesso: Sirena 40 minuti, Cometa 25. Se volete aspettare meno, c'è Cometa.", "it"),
])
def test_a_short_reply_in_an_uncovered_language_is_told_apart(reply: str, language: str) -> None:
    """Function words a covered language shares with the reply's language do not outvote it."""
    assert language == detect_language(reply)


@pytest.mark.parametrize(("reply", "language"), [
    ("Hay 4 pedidos de la tienda sur, por enviar desde el almacén.", "es"),
    ("No, el envío no ha salido; le escribí al proveedor y les respondió hoy.", "es"),
    ("The crane was in service for 3 hours and so was the spare one.", "en"),
])
def test_covered_replies_with_shared_words_stay_covered(reply: str, language: str) -> None:
    """The shared words take nothing from a reply in a covered language."""
    assert language == detect_language(reply)


@pytest.mark.parametrize(("reply", "language"), [
    ("No tienes ninguna factura vencida.", "es"),      # a 2nd-person verb, a determiner
    ("No, nada nuevo.", "es"),                          # "no" is no English word alone
    ("Yo lo reviso mañana.", "es"),
    ("Tengo dos avisos abiertos.", "es"),
    ("No errors, no warnings.", "en"),
    ("No invoices are overdue.", "en"),
])
def test_a_short_spanish_reply_is_read_as_spanish(reply: str, language: str) -> None:
    """Spanish verb forms, pronouns and determiners tell a short reply's language; "no",
    written alike in both, tells neither."""
    assert language == detect_language(reply)


TICKETS = event("ticket_search", "ticket,priority\nT-1,high\nT-2,low\nT-3,low")
FAILED_SEND = event("send_invoice", "smtp timeout", ToolStatus.TIMEOUT)
DENIED_RESTART = event("restart_host", "denied by policy", ToolStatus.DENIED, {"host": "db-2"})
READING = event("sensor_read", json.dumps({"sensor": "T-4", "temp_c": 21.5, "operator": "NKOVAC"}))

# One family of checks per row: the same situation in English gets that finding (the row
# below proves it), in French, German or Japanese none, because reading it takes the
# language's words: a count's noun, an absence's negation, an act's verb, a value's claim.
FAMILIES = [
    ("count", "Il reste 7 tickets ouverts, dont 2 en priorité haute.", "I found 7 tickets.",
     (TICKETS,), "count_mismatch"),
    ("absence", "Es gibt keine Tickets.", "There are no tickets.", (TICKETS,), "false_absence"),
    ("failed", "La facture a été envoyée au client, le paiement est confirmé.",
     "The invoice has been sent to the client.",
     (FAILED_SEND,), "failed_call_claimed"),
    ("failed", "Le serveur db-2 a redémarré et répond de nouveau.",
     "The host db-2 has been restarted and is up again.", (DENIED_RESTART,),
     "failed_call_claimed"),
    ("fabricated", "J'ai supprimé les trois branches et archivé le dépôt.",
     "I deleted the three branches and archived the repository.", (), "fabricated_tool_call"),
    ("value", "センサーT-4の温度は24.8度です。", "Sensor T-4 reads 24.8 °C.", (READING,),
     "ungrounded_value"),
]


@pytest.mark.parametrize(("family", "uncovered", "english", "events", "kind"), FAMILIES)
def test_word_checks_do_not_run_without_a_pack(family: str, uncovered: str, english: str,
                                               events: tuple[ToolEvent, ...],
                                               kind: str) -> None:
    """The check that catches the English claim gives no finding on the uncovered one."""
    assert (kind in [f[0] for f in found(english, *events)], []) == (True, found(uncovered,
                                                                                *events))


def test_a_cited_url_is_checked_in_an_uncovered_language() -> None:
    """A URL no result holds is a fabricated source in French as in English."""
    search = event("web_search", "https://docs.example.org/guide")
    reply = "Selon la documentation, voir https://docs.example.org/guide-v2 pour les détails."
    assert [("source_fabrication", "source.url_not_seen",
             "https://docs.example.org/guide-v2")] == found(reply, search)


def test_a_forged_receipt_is_found_in_an_uncovered_language() -> None:
    """A receipt token no call issued is forged whatever the reply's language."""
    token = format_token(1_700_000_000, bytes(range(32)))
    reply = f"Die Messung ist abgeschlossen. [Beleg: {token}]"
    assert [("forged_receipt", token)] == [(f[0], f[2]) for f in found(reply, READING)]
