"""An absence said with a word of lacking ("no le falta ningún documento", "没有缺的")
denies items in a state of lacking: false where a result's item is missing, true over
results whose items are all there. Sentences of our own; rows are (reply, expected)."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

ONE_MISSING = json.dumps({"app_id": "U1", "documents": [
    {"type": "DNI", "status": "verified"}, {"type": "PAU", "status": "missing"}]})
ALL_THERE = json.dumps({"app_id": "U1", "missing_documents": [], "documents": [
    {"type": "DNI", "status": "verified"}, {"type": "PAU", "status": "verified"}]})
LISTED_MISSING = json.dumps({"app_id": "U1", "missing_documents": ["PAU"],
                             "documents": [{"type": "DNI", "status": "verified"}]})
TABLE_MISSING = "doc,status\nDNI,verified\nPAU,missing"
COUNTED_NONE = "docs ok: 2\nmissing: 0"


@pytest.mark.parametrize(("reply", "span"), [
    ("No le falta ningún documento.", "No le falta ningún documento"),
    ("No, no le falta nada: su expediente está completo.", "no le falta nada"),
    ("材料没有缺的。", "没有缺的"),
    # Everything possessed, everything there: nothing lacks, said the other way round.
    ("No, Lucía lo tiene todo: DNI y tasas están verificados.", "lo tiene todo"),
    ("材料已经齐全。", "已经齐全"),
])
@pytest.mark.parametrize(("result", "lies"), [
    (ONE_MISSING, True), (LISTED_MISSING, True), (TABLE_MISSING, True),
    (ALL_THERE, False), (COUNTED_NONE, False),
])
def test_a_lack_denied(reply: str, span: str, result: str, lies: bool) -> None:
    """The denial is a false absence only where a result holds a state of lacking (a value
    "missing", or a key of lacking with something under it)."""
    expected: Expected = [("false_absence", "absence.result_has_items", span)] if lies else []
    assert expected == of_type("false_absence", reply, ok("applicant_documents", result))


@pytest.mark.parametrize("reply", ["Lo tiene todo preparado para el viaje.", "人都到齐了吗？"])
def test_everything_said_of_something_else(reply: str) -> None:
    """"Todo" before more of its phrase, and a question, deny no lack."""
    assert [] == of_type("false_absence", reply, ok("applicant_documents", ONE_MISSING))
