"""Spanish words of a record's state, with the English words tools write that state in.

A closed class: the states a booking, an order, a task, a flight or a payment is in
(retrasado delayed, vencido overdue, rechazado rejected...), as a result's status field
gives them. Each word stands for its forms of gender and number ("retrasada", "retrasados"),
and only for them: "rechazos" (rejections, a noun) is no state.
Cognates whose stems already meet ("cancelada" and "cancelled", "suspendido" and
"suspended") need no entry. Words that name an availability (libre, lleno, disponible) are
left out: results write those as keys of counts ("free_seats") as often as states.
"""

from __future__ import annotations

_STATES: dict[str, tuple[str, ...]] = {
    "retrasado": ("delayed", "late"),
    "atrasado": ("delayed", "late", "overdue"),
    "pendiente": ("pending",),
    "vencido": ("overdue", "expired"),
    "caducado": ("expired",),
    "fallido": ("failed", "fail"),
    "fallado": ("failed", "fail"),
    "marcado": ("flagged", "flag"),
    "rechazado": ("rejected", "declined", "denied"),
    "denegado": ("denied", "rejected", "declined"),
    "aprobado": ("approved",),
    "cerrado": ("closed",),
    "pagado": ("paid",),
    "impagado": ("unpaid",),
    "reembolsado": ("refunded",),
    "devuelto": ("returned",),
    "dañado": ("damaged", "broken"),
    "roto": ("broken", "damaged"),
    "perdido": ("lost", "missing"),
    "extraviado": ("lost", "missing"),
    "ausente": ("absent",),
    "anulado": ("void", "voided", "cancelled"),
    "averiado": ("fault", "faulty", "broken"),
    "desconectado": ("offline",),
    # In maintenance, in use, dispatched: states results write as one English word.
    "mantenimiento": ("maintenance",),
    "ocupado": ("occupied", "in_use"),
    "enviado": ("shipped", "sent", "dispatched"),
    "entregado": ("delivered",),
    "bloqueado": ("blocked",),
    "programado": ("scheduled",),
    "agotado": ("sold_out",),
}


def _forms(word: str) -> tuple[str, ...]:
    """The forms of gender and number of a participle or adjective ("-o": four, "-e": two)."""
    if word.endswith("o"):
        return (word, word + "s", word[:-1] + "a", word[:-1] + "as")
    return (word, word + "s")


STATES: dict[str, tuple[str, ...]] = {
    form: english for word, english in _STATES.items() for form in _forms(word)}
