"""A count two or more below every listing it may be compared with is a part of it picked
out by words the auditor may not read (a status, a window, a filter), not a miscount of
the whole, which misses by one. Still checked: a count told as what came back, said of
the whole, or one away from a total the result states (one heading a listing of its own
of another size: tests/test_audit_de_clause_counts.py). Results and sentences of our own;
rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

C, RULE = "count_mismatch", "count.item_count"
JOBS = ok("workshop.jobs", json.dumps({"jobs": [
    {"id": "C-3377", "item": "regulator clock", "due": "2026-12-08"},
    {"id": "C-3381", "item": "carriage clock", "due": "2026-12-09"},
    {"id": "C-3390", "item": "longcase clock", "due": "2026-12-11"},
    {"id": "C-3392", "item": "mantel clock", "due": "2026-12-12"},
    {"id": "C-3401", "item": "bracket clock", "due": "2026-12-18"},
    {"id": "C-3405", "item": "cuckoo clock", "due": "2026-12-21"}]}))


@pytest.mark.parametrize(("reply", "expected"), [
    # Parts: two or more below the six jobs.
    ("Four jobs are due next week.", []),
    ("La semana que viene vencen cuatro trabajos.", []),
    ("下周有 4 个活要交。", []),
    # One below or above: a miscount of the whole.
    ("Five jobs are due next week.", [(C, RULE, "Five jobs")]),
    ("Seven jobs are due next week.", [(C, RULE, "Seven jobs")]),
    # Told as what came back, or said of the whole: the whole's count, however far below.
    ("I found four jobs.", [(C, RULE, "four jobs")]),
    ("Encontré cuatro trabajos en el taller.", [(C, RULE, "cuatro trabajos")]),
    ("Four jobs came back.", [(C, RULE, "Four jobs")]),
    ("一共 4 个活。", [(C, RULE, "4 个活")]),
    ("工坊里有 4 个活。", [(C, RULE, "4 个活")]),
])
def test_a_count_well_below_the_listing_is_a_part(reply: str, expected: Expected) -> None:
    """Two or more below the listing reads as a part; one off, or told whole, is checked."""
    assert expected == of_type(C, reply, JOBS)


# Eight backups, then a summary: the listing reads nine or ten lines, the total is 8.
BACKUPS = ok("s3_ls", "\n".join(
    [f"2026-11-{day}  03:10  31422{day}  db-2026-11-{day}.sql.gz" for day in range(20, 28)]
    + ["", "Total Objects: 8", "   Total Size: 2513760"]))


@pytest.mark.parametrize(("reply", "expected"), [
    ("We keep 7 backups, about a week.", [(C, RULE, "7 backups")]),
    ("We keep 8 backups.", []),
])
def test_a_count_one_away_from_the_results_total_is_checked(reply: str,
                                                           expected: Expected) -> None:
    """"Total Objects: 8" makes "7 backups" a miscount, though the lines are more."""
    assert expected == of_type(C, reply, BACKUPS)


# The result states how many items it lists ("count": 6) beside six payables.
PAYABLES = ok("finance.payables", json.dumps({"count": 6, "items": [
    {"supplier": name, "amount_usd": amount, "due": due}
    for name, amount, due in (("Apicola Sur", 31250, "2026-12-07"),
                              ("Mieles del Golfo", 48600, "2026-12-10"),
                              ("Hai Duong Honey", 26340, "2026-12-14"),
                              ("Kiwi Bee Co", 12800, "2026-12-18"),
                              ("Alpine Apiaries", 9300, "2026-12-21"),
                              ("Baltic Gold", 20000, "2026-12-28"))]}))


@pytest.mark.parametrize(("reply", "expected"), [
    ("目前有 5 家供应商的货款待付。", [(C, RULE, "5 家供应商的货款待付")]),
    ("Five suppliers are awaiting payment.", [(C, RULE, "Five suppliers")]),
    ("目前有 6 家供应商的货款待付。", []),
])
def test_a_qualified_count_one_off_a_stated_count_is_checked(reply: str,
                                                            expected: Expected) -> None:
    """A state word makes no part of a listing whose stated count the count misses by one."""
    assert expected == of_type(C, reply, PAYABLES)
