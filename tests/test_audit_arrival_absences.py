"""Spanish negative concord after a verb of arrival, occurrence or reception ("no ha
entrado ninguna queja", "no llegó ningún pedido", "no se recibió ninguna reclamación", "no
saltó ninguna alarma") denies the noun's existence, as "no hay ninguna queja" does: an
absence claim, false when a result holds such an item. A verb of doing ("no he cancelado
ninguna reserva") denies an act, not items: no absence. Logs and sentences of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.lang import PACKS

DESK = ok("hotel.frontdesk_log",
          "2026-12-01T08:10Z INFO checkin hab=204\n"
          "2026-12-01T22:40Z WARN QUEJA ref=C-88 hab=311 texto='ruido del bar'\n"
          "2026-12-02T07:05Z INFO checkout hab=204\n"
          "2026-12-02T09:00Z INFO limpieza planta=3 hecho")


@pytest.mark.parametrize(("reply", "expected"), [
    ("Esta semana no ha entrado ninguna queja.",
     [("false_absence", "absence.result_has_items", "no ha entrado ninguna queja")]),
    ("No llegó ninguna queja de los huéspedes.",
     [("false_absence", "absence.result_has_items", "No llegó ninguna queja")]),
    ("No se recibió ninguna queja.",
     [("false_absence", "absence.result_has_items", "No se recibió ninguna queja")]),
    # near misses: nothing of that kind in the log, and a verb of doing
    ("No ha entrado ninguna reserva nueva.", []),
    ("No he cancelado ninguna reserva.", []),
])
def test_a_negated_arrival_with_a_negative_determiner(reply: str, expected: Expected) -> None:
    """'no + arrival verb + ningún/ninguna N' is an absence of N, checked against the log."""
    assert expected == findings(reply, DESK)


@pytest.mark.parametrize("reply", [
    "Esta semana no ha entrado ninguna queja.",
    "No he cancelado ninguna reserva.",
])
def test_the_gate_reads_it_alike(reply: str) -> None:
    """The gated scan finds the same absences as the whole pattern."""
    pack = PACKS["es"]
    assert extract_claims(reply, pack, gated=False).absences == \
        extract_claims(reply, pack).absences


@pytest.mark.parametrize(("reply", "expected"), [
    ("Los registros de anoche no muestran ninguna queja.",
     [("false_absence", "absence.result_has_items", "no muestran ninguna queja")]),
    ("Las consultas no devolvieron ninguna queja.",
     [("false_absence", "absence.result_has_items", "no devolvieron ninguna queja")]),
    # near miss: nothing of that kind in the log
    ("Los registros no muestran ninguna avería.", []),
])
def test_verbs_of_showing_in_the_plural(reply: str, expected: Expected) -> None:
    """'no muestran', 'no devolvieron', 'no contienen' deny as 'no muestra' does."""
    assert expected == findings(reply, DESK)
