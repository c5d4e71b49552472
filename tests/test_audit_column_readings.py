"""A listing that reads a result's column row by row (sentences of our own, other domains
and tools): an item of it that is no value of the column is a misread row, even when the
result's figures could derive it (56 = 96 - 40), in en, es and zh; a total, a comparison,
a threshold in brackets, or a listing that is not of the column is no finding; (type,
rule, span) of each finding."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

V, NOT_IN = "ungrounded_value", "value.not_in_results"

BINS_CSV = ok("warehouse_bin_weights", "aisle,bin,kg,updated\nA,A-01,120,2026-12-01\n"
              "B,B-07,96,2026-12-01\nC,C-03,48,2026-12-02\nD,D-11,40,2026-12-02")
BINS_JSON = ok("warehouse_bin_weights", json.dumps({"bins": [
    {"aisle": "A", "kg": 120}, {"aisle": "B", "kg": 96}, {"aisle": "C", "kg": 48},
    {"aisle": "D", "kg": 40}]}))

# (language, reply, expected findings as (type, rule, span text)), each over both results.
CASES: list[tuple[str, str, Expected]] = [
    # A row misread inside a listing of the column.
    ("en", "By aisle: A 120 kg, B 96 kg, C 48 kg, D 56 kg.", [(V, NOT_IN, "56 kg")]),
    ("es", "Por pasillo: A 120 kg, B 96 kg, C 48 kg y D 56 kg.", [(V, NOT_IN, "56 kg")]),
    ("zh", "各通道重量：A 120公斤，B 96公斤，C 48公斤，D 56公斤。", [(V, NOT_IN, "56公斤")]),
    # Precision: a total, a comparison or a difference labelled as such is arithmetic.
    ("en", "By aisle: A 120 kg, B 96 kg, C 48 kg, D 40 kg, total 304 kg.", []),
    ("en", "By aisle: A 120 kg, B 96 kg, C 48 kg; A is 72 kg heavier than C.", []),
    ("en", "By aisle: A 120 kg, B 96 kg, C 48 kg, a difference of 72 kg.", []),
    ("es", "Por pasillo: A 120 kg, B 96 kg, C 48 kg, D 40 kg; en total 304 kg.", []),
    ("es", "Por pasillo: A 120 kg, B 96 kg, C 48 kg; A tiene 72 kg más que C.", []),
    ("zh", "各通道重量：A 120公斤，B 96公斤，C 48公斤，D 40公斤，合计304公斤。", []),
    ("zh", "各通道重量：A 120公斤，B 96公斤，C 48公斤，A比C多72公斤。", []),
    # Precision: a figure in brackets beside a reading is no item of the listing.
    ("en", "Aisle A holds 120 kg (over the 56 kg limit), B 96 kg, C 48 kg.", []),
]


@pytest.mark.parametrize("events", [[BINS_CSV], [BINS_JSON]], ids=["csv", "json"])
@pytest.mark.parametrize(("language", "reply", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_column_readings(language: str, reply: str, expected: Expected,
                         events: list[ToolEvent]) -> None:
    """Each reply gets exactly the ungrounded values of its row, with their spans."""
    assert expected == of_type(V, reply, *events)
