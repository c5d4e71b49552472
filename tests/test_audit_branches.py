"""A pattern scanned alternative by alternative finds exactly what the whole pattern finds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from zeroclaw_daemon.audit.claims.branches import BranchScan, split_alternatives
from zeroclaw_daemon.audit.claims.prefilter import WORD_RE, required_marks, word_form
from zeroclaw_daemon.audit.claims.segment import sentence_spans
from zeroclaw_daemon.audit.claims.text import lower_same_length
from zeroclaw_daemon.audit.lang import PACKS

DATA = Path(__file__).resolve().parent / "data"

_GENERATED = (
    "There is no such file. Nothing was found, and the logs show no errors at all.",
    "The term isn't in the memory; it doesn't appear in the index. errors: none",
    "I couldn't find a user named m.chen in the table, but there are no pending orders.",
    "No hay ningún contenedor de postgres. No se encontró nada en los registros.",
    "日志里没有错误，也没有找到这个用户。结果为空。",
    "no no no nothing none empty clean isn't not a single one. no such thing exists",
    "",
)


def _replies() -> list[str]:
    """Every reply and result of the scenario sets (the held-out blind-2 set left out)."""
    texts = list(_GENERATED)
    for path in [*DATA.glob("audit-*.jsonl"), DATA / "audit-blind" / "blind-1.jsonl"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            scenario = json.loads(line)
            texts.append(scenario.get("reply", ""))
            texts += [str(call.get("result", "")) for call in scenario.get("calls", [])]
    return texts


def _found(matches: list[re.Match[str]]) -> list[tuple[tuple[int, int], dict[str, str]]]:
    return [(m.span(), {k: v for k, v in m.groupdict().items() if v is not None})
            for m in matches]


@pytest.mark.parametrize("code", sorted(PACKS))
def test_branch_scan_equals_the_whole_pattern_sentence_by_sentence(code: str) -> None:
    """Over every scenario text, sentence by sentence and whole, the branch scan yields
    the whole pattern's matches: same spans, same named groups."""
    pack = PACKS[code]
    for slot, scan in pack.scans.items():
        pattern = pack.patterns[slot]
        for reply in _replies():
            low = lower_same_length(reply)
            for start, end in [*sentence_spans(low, pack), (0, len(low))]:
                assert _found(list(pattern.finditer(low, start, end))) == \
                    _found(list(scan.finditer(low, start, end))), (slot, low[start:end])


def test_every_pack_scans_its_absence_pattern_by_branches() -> None:
    """The absence pattern of every pack splits into alternatives, each with a filter."""
    for code, pack in PACKS.items():
        scan = pack.scans.get("absence")
        assert scan is not None, code
        assert len(scan.branches) > 1 and all(f is not None for f in scan.filters), code


def test_split_alternatives_keeps_groups_and_classes_whole() -> None:
    """Only top-level bars split; bars inside groups or classes and escaped bars do not."""
    assert ["a(?:b|c)", "[|]d", "e\\|f", "(g|h)i"] == \
        split_alternatives("a(?:b|c)|[|]d|e\\|f|(g|h)i")
    assert split_alternatives("(?:a|b)") is None
    assert split_alternatives("[]|]x|y") == ["[]|]x", "y"]


def test_a_scan_whose_alternatives_share_a_group_name_is_refused() -> None:
    """An alternative referring to another's group cannot run alone: no scan is built."""
    assert BranchScan.of(re.compile(r"(?P<a>x)y|(?P=a)z"), cjk=False) is None
    built = BranchScan.of(re.compile(r"\bno\s+such\b|\bnothing\s+found\b"), cjk=False)
    assert built is not None
    assert [(0, 7)] == [m.span() for m in built.finditer("no such", 0, 7)]


@pytest.mark.parametrize("code", sorted(PACKS))
def test_branch_index_leaves_the_alternatives_each_filter_leaves(code: str) -> None:
    """Over every scenario sentence, the index of all filters at once leaves possible
    exactly the alternatives whose own filter opens and whose marks it holds."""
    pack = PACKS[code]
    for scan in pack.scans.values():
        for reply in _replies():
            low = lower_same_length(reply)
            for start, end in sentence_spans(low, pack):
                piece = low[start:end]
                if scan.cjk:
                    tokens, form = frozenset(piece), piece
                else:
                    words = WORD_RE.findall(piece)
                    tokens, form = frozenset(words), word_form(words)
                expected = {index for index, found in enumerate(scan.filters)
                            if (found is None or found.opens(tokens, form))
                            and all(m in piece for m in scan.index.marks.get(index, ()))}
                assert expected == scan.index.live(tokens, form, piece), piece


def test_required_marks_are_the_characters_every_match_holds() -> None:
    """A mark is required when every match holds it: not when optional, not when only
    some alternatives have it, and never a letter or a space."""
    assert frozenset({":"}) == required_marks(re.compile(r"\b(?P<s>\w+s)\s*:\s*(?:none|zero)\b"))
    assert frozenset() == required_marks(re.compile(r"errors(?::)?\s+none"))
    assert frozenset({"-"}) == required_marks(re.compile(r"(?:a:-|b;-)x y"))
    assert frozenset() == required_marks(re.compile(r"x(?=:)"))
