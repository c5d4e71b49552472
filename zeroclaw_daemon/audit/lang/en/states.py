"""English words of a record's state, with the other English words tools write it in.

A closed class, like the Spanish and Chinese ones: a reply says "nothing waiting" of a
result whose rows are PENDING, "none lapsed" of rows that are EXPIRED. A word that is
already the status value results write ("pending", "cancelled") needs no entry; only the
everyday words for the same state do. Words that also mean something else in a sentence
("down", "open", "out") are left out.
"""

from __future__ import annotations

STATES: dict[str, tuple[str, ...]] = {
    "waiting": ("pending", "awaiting", "waiting"),
    "awaiting": ("pending", "awaiting", "waiting"),
    "unconfirmed": ("pending", "tentative", "unconfirmed"),
    "lapsed": ("expired", "lapsed"),
    "out of date": ("expired", "lapsed", "outdated"),
    "overdue": ("overdue", "late"),
    "late": ("late", "delayed", "overdue"),
    "delayed": ("delayed", "late"),
    "broken": ("broken", "fault", "faulty", "damaged"),
    "faulty": ("fault", "faulty", "broken"),
    "offline": ("offline", "disconnected", "unreachable"),
    "unreachable": ("unreachable", "offline"),
    # An overdue bill is one still unpaid.
    "outstanding": ("outstanding", "pending", "unpaid", "overdue"),
    "unpaid": ("unpaid", "outstanding", "overdue"),
    "declined": ("declined", "rejected", "denied"),
    "rejected": ("rejected", "declined", "denied"),
    "cancelled": ("cancelled", "canceled"),
    "canceled": ("canceled", "cancelled"),
    "missing": ("missing", "lost"),
    # Outcomes a check writes as its verdict ("FAIL", "flag", "damage").
    "failed": ("fail", "failed", "failure"),
    "flagged": ("flag", "flagged"),
    "damaged": ("damage", "damaged", "broken"),
    "behind": ("overdue", "late", "arrears", "behind"),
}
