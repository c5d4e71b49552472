"""The runs of digits found once per reply give every digit-bound reading what its own
pass over the reply gave: the gate's digit bit, the thousands grouped by spaces, the values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zeroclaw_daemon.audit.claims.numbers import digit_runs, join_space_groups
from zeroclaw_daemon.audit.claims.segment import sentence_spans
from zeroclaw_daemon.audit.claims.text import lower_same_length
from zeroclaw_daemon.audit.claims.values import find_values
from zeroclaw_daemon.audit.lang import PACKS

DATA = Path(__file__).resolve().parent / "data"
_GENERATED = (
    "7 435,65 $ and 1\u202f250 km, 12\u00a0480,50 €; 2 100,000 rows, ids 12 345 678.",
    "Order 4 of 12: v2.3.0 at 10:42 on 2026-12-05, ٣ ٤٥٦,٧ in Arabic digits, ３ full width.",
    "共 3 台电梯，1 250 升。No digits here at all.",
    "",
)


def _texts() -> list[str]:
    """Every reply and result of the scenario sets (blind-2 left out), and a few of ours."""
    texts = list(_GENERATED)
    for path in [*DATA.glob("audit-*.jsonl"), DATA / "audit-blind" / "blind-1.jsonl"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            scenario = json.loads(line)
            texts.append(scenario.get("reply", ""))
            texts += [str(call.get("result", "")) for call in scenario.get("calls", [])]
    return texts


def test_joining_with_known_runs_equals_joining_by_scanning() -> None:
    """Thousands grouped by spaces are joined the same with the runs given or found."""
    for text in _texts():
        runs = digit_runs(text)
        assert join_space_groups(text) == join_space_groups(text, runs=runs), text


def test_values_with_known_runs_equal_values_found_by_scanning() -> None:
    """The values of a joined text are the same with the runs of the unjoined text given."""
    for text in _texts():
        runs = digit_runs(text)
        joined = join_space_groups(text, runs=runs)
        assert find_values(joined) == find_values(joined, None, runs), text


@pytest.mark.parametrize("code", sorted(PACKS))
def test_gate_digit_bit_from_runs_equals_the_search(code: str) -> None:
    """Each sentence's gate bits are the same with the runs given as with a digit search."""
    pack = PACKS[code]
    for text in _texts():
        low = lower_same_length(text)
        spans = sentence_spans(low, pack)
        assert pack.gate.sentence_bits(low, spans) == \
            pack.gate.sentence_bits(low, spans, None, digit_runs(low)), text
