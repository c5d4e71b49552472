"""The audit's shared passes give what the separate passes they replace gave."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from zeroclaw_daemon.audit import lang
from zeroclaw_daemon.audit.checks import CheckContext, count_keys, labelled
from zeroclaw_daemon.audit.checks import count_totals as counts_module
from zeroclaw_daemon.audit.checks import timed_keys as timed_keys_module
from zeroclaw_daemon.audit.checks.action_calls import call_profiles, profile
from zeroclaw_daemon.audit.claims import extract_claims
from zeroclaw_daemon.audit.claims.numbers import HAYSTACK_NUMBER_RE
from zeroclaw_daemon.audit.claims.segment import segment
from zeroclaw_daemon.audit.claims.text import CASE_FOLDS_TO_ASCII, lower_same_length, lowered_scan
from zeroclaw_daemon.audit.claims.words import LATIN_WORD_RE, stem, text_keywords
from zeroclaw_daemon.audit.evidence import facts as facts_module
from zeroclaw_daemon.audit.evidence import index as index_module
from zeroclaw_daemon.audit.evidence import number_index as number_index_module
from zeroclaw_daemon.audit.evidence.facts import EventFacts
from zeroclaw_daemon.audit.evidence.index import Evidence
from zeroclaw_daemon.audit.evidence.kinds import (
    item_kinds,
    kind_probes,
    value_named,
)
from zeroclaw_daemon.audit.evidence.relation import Relation
from zeroclaw_daemon.audit.evidence.tables import table_rows
from zeroclaw_daemon.audit.evidence.values import seconds_in
from zeroclaw_daemon.audit.lang import PACKS
from zeroclaw_daemon.receipts import ToolEvent, ToolStatus
from zeroclaw_daemon.receipts.tokens import normalise_for_tokens

_REPLIES = (
    "I restarted nginx and rolled back to v41. Build is green ✅. Cache has been cleared.",
    "Deployed. The restart了 went fine; restart2 is a host name, not a verb.",
    "Se reinició el pod y revisé los registros: todo está listo.",
    "Nothing changed. I checked the logs (type-check passed) and it's live now.",
    "",
)


@pytest.mark.parametrize("code", ["en", "es"])
@pytest.mark.parametrize("reply", _REPLIES)
def test_action_cues_from_sentence_words_equal_the_whole_reply_pass(code: str,
                                                                    reply: str) -> None:
    """The sentences cued from the gate's words are those the reply-wide word pass finds."""
    pack = PACKS[code]
    lexicon = pack.actions
    assert lexicon is not None and lexicon.latin_cues
    low = lower_same_length(reply)
    words: list[list[str]] = []
    _clauses, spans, _bits, _bounds = segment(low, pack, True, words)
    for cues in (lexicon.cues, lexicon.outcome_cues):
        expected = lexicon.cued(low, spans, cues)
        assert expected == lexicon.cued(low, spans, cues, sentence_words=words)


@pytest.mark.parametrize("name", ["_KANA_RE", "_HANGUL_RE", "_CJK_RE", "_SPANISH_MARKS_RE",
                                  "_ACCENTED_RE", "_FOREIGN_MARKS_RE"])
def test_language_marks_are_never_ascii(name: str) -> None:
    """Each script or mark class matches no ASCII character, so counting it in the
    reply's non-ASCII characters alone gives the count over the whole reply."""
    pattern = getattr(lang, name)
    assert [] == [chr(c) for c in range(128) if pattern.match(chr(c))]


def test_token_folding_of_self_folding_text_gives_no_index() -> None:
    """Text whose non-ASCII characters fold to themselves is returned as is, unindexed,
    and a disguise is still folded with its index."""
    assert ("16.4 °C, 中文, é", None) == normalise_for_tokens("16.4 °C, 中文, é")
    folded, origin = normalise_for_tokens("ｚc\u200b-receipt")
    assert ("zc-receipt", [0, 1, 3, 4, 5, 6, 7, 8, 9, 10]) == (folded, origin)


def test_call_profiles_read_each_description_once_and_equal_one_by_one() -> None:
    """Profiles built with each tool description read once per turn equal those built
    call by call (classes, keys, words and whether the call only observes)."""
    about = "Restarts a service and rotates its logs; aliases: bounce, reload"
    events = [
        ToolEvent("c1", "restart_service", {"name": "nginx"}, ToolStatus.OK, "ok",
                  about=about),
        ToolEvent("c2", "restart_service", {"name": "redis", "assignee": "ops"},
                  ToolStatus.FAILED, "timeout", about=about),
        ToolEvent("c3", "s3_ls", {"bucket": "logs"}, ToolStatus.OK, "a.log\nb.log",
                  about="Lists the objects of a bucket"),
        ToolEvent("c4", "deploy", {"command": "kubectl rollout restart deploy/api"},
                  ToolStatus.OK, "restarted", about=""),
    ]
    facts = [EventFacts(e) for e in events]
    lexicons = [PACKS["en"].actions, PACKS["es"].actions]
    assert lexicons[0] is not None and lexicons[1] is not None
    one_by_one = [profile(f, [lexicons[0], lexicons[1]]) for f in facts]
    assert one_by_one == call_profiles(facts, [lexicons[0], lexicons[1]])
    assert any(p.classes for p in one_by_one)   # the comparison is not of empty profiles


@pytest.mark.parametrize("text", [
    "I checked: no errors, j'ai vu l'état; c'est ça. Über 20 ms, niño ¿qué?",
    "l'eau l'année a'b'c x1'ab ab_cd 2² ½ İstanbul straße Ωmega",
    "Everything else looked normal. Nothing stood out.",
])
def test_language_words_read_in_one_pass_equal_the_two_patterns(text: str) -> None:
    """Detection's one-pass word reading gives the words of both patterns it replaces
    (or is not used: the text has other letters)."""
    low = text.lower()
    marks = "".join(lang._NON_ASCII_RE.findall(text)).lower()
    if all(not c.isalnum() or c in lang._SIMPLE_LETTERS for c in marks):
        one_pass = lang._SIMPLE_WORD_RE.findall(low)
        assert lang._LATIN_WORD_RE.findall(low) == one_pass
        assert lang._WORD_RE.findall(low) == [w for t in one_pass for w in t.split("'")]
    assert lang.detect_language(text) in {"en", "es", "fr", "de", "pt", "it", "zh", "ja", "ko"}


def _texts_of_the_sets() -> list[str]:
    """Every reply, user message and result of the scenario sets (the held-out blind-2
    set left out)."""
    root = Path(__file__).resolve().parent / "data"
    files = [*root.glob("audit-*.jsonl"), root / "audit-blind" / "blind-1.jsonl"]
    texts: list[str] = []
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            scenario = json.loads(line)
            texts += [scenario.get("reply", ""), scenario.get("user", "")]
            texts += [str(call.get("result", "")) for call in scenario.get("calls", [])]
    return texts


def test_labelled_numbers_are_found_as_by_the_plain_pattern() -> None:
    """The labelled-number pattern, anchored at a run of letters and possessive, finds
    exactly the matches (spans, labels, numbers) the plain pattern finds."""
    fast = labelled._LABELLED_NUMBER_RE
    plain = re.compile(fast.pattern.replace("(?<![^\\W\\d_])", "", 1).replace("{4,}+", "{4,}", 1))
    assert plain.pattern != fast.pattern
    generated = ["gusts of 25 knots", "rachas de 25", "retries 4, timeouts: 3", "xgusts 25",
                 "abc_defg 12", "speedé: 7,5 km", "gustsgusts up to 12.", "wind=12 and gust 9b",
                 "étapes 12 ETAPES 3", "level 10% and latency 12 ms", "mañana 12"]
    for text in _texts_of_the_sets() + generated:
        expected = [(m.span(), m.group("label"), m.group("num")) for m in plain.finditer(text)]
        assert expected == [(m.span(), m.group("label"), m.group("num"))
                            for m in fast.finditer(text)]


def test_labelled_numbers_found_from_the_numbers_back_equal_the_scan() -> None:
    """Reading back from each number finds the labelled-number pattern's matches (spans,
    labels, numbers) exactly as its scan over the whole text does."""
    generated = ["gusts of 25 knots", "rachas de 25", "retries 4, timeouts: 3", "xgusts 25",
                 "speed hasta 25", "gusts up to 12.", "wind  :  7,5 km", "speed up to: 9",
                 "total de del 4", "retries=3 gusts=4", "temps²  25", "abc 12 def 3.5",
                 "level 10% and latency 12 ms", "a-b 12 #3 /4 x5 étapes 12", "speed\n\t 3"]
    checked = 0
    for text in _texts_of_the_sets() + generated:
        expected = [(m.span(), m.group("label"), m.group("num"))
                    for m in labelled._LABELLED_NUMBER_RE.finditer(text)]
        checked += len(expected)
        assert expected == [(m.span(), m.group("label"), m.group("num"))
                            for m in labelled.labelled_numbers(text)]
    assert checked > 100


def test_item_kinds_of_a_json_result_do_not_depend_on_the_item_count() -> None:
    """A JSON result's kinds come from its list alone: the item count (worked out from
    every unit's keywords) is not needed for them, over every scenario result."""
    checked = 0
    for text in _texts_of_the_sets():
        facts = EventFacts(ToolEvent("c", "t", {}, ToolStatus.OK, text))
        if facts.parsed_json is None:
            continue
        checked += 1
        expected = item_kinds(facts.parsed_json, facts.result, len(facts.item_keys))
        assert expected == item_kinds(facts.parsed_json, facts.result, 0)
        assert expected == facts.item_kinds
    assert checked > 50


def _scenarios_of_the_sets() -> list[dict[str, object]]:
    root = Path(__file__).resolve().parent / "data"
    files = [*root.glob("audit-*.jsonl"), root / "audit-blind" / "blind-1.jsonl"]
    return [json.loads(line) for path in files
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_a_result_passed_over_unread_has_no_kind_the_words_name() -> None:
    """A result that none of a word's probes stands in has no kind that word names: over
    every value of every scenario result's kinds, with the words of its reply and the
    value's own forms (itself, its stem, its prefixes, with endings added)."""
    named = 0
    for scenario in _scenarios_of_the_sets():
        reply_words = set(LATIN_WORD_RE.findall(str(scenario.get("reply", "")).lower()))
        for call in scenario.get("calls", []):  # type: ignore[attr-defined]
            evidence = Evidence([ToolEvent("c", "t", {}, ToolStatus.OK, str(call["result"]))], "")
            facts = evidence.ok[0]
            kinds = facts.item_kinds
            if kinds is None:
                continue
            for values in kinds.fields.values():
                for value in values:
                    forms = {value, stem(value), value + "s", value + "ing", value.upper()}
                    forms |= {value[:k] for k in range(1, len(value))}
                    for word in forms | reply_words:
                        if value_named(value, frozenset({word}), frozenset({word})):
                            named += 1
                            assert [facts] == evidence.holding(kind_probes([word]))
    assert named > 200


def test_specific_counts_read_from_the_results_holding_a_probe_equal_all_results() -> None:
    """Counts stated beside a claim's word, read only from the results that hold one of
    its probes, are those read from every result: over every scenario's results, with
    each stem of its reply and every form related to a label of a result's numbers."""
    compared = found = 0
    # A count word before a key labels its number "total" too, which the text may not
    # write ("Found items: 6").
    generated: list[dict[str, object]] = [
        {"reply": "6 totals", "calls": [{"result": r}]}
        for r in ("Found items: 6", "Matches found: 12\nrows 4", "Count of errors: 3",
                  "Total Objects: 6", "hits total 7 ok", "résultats trouvés: 5")]
    # Results read together, one lower-cased longer ("İ") before plain ones.
    generated.append({"reply": "3 errors, 4 items", "calls": [
        {"result": "İ" * 30 + " errors 3"}, {"result": "items: 4"}, {"result": "errors: 3"}]})
    for scenario in _scenarios_of_the_sets() + generated:
        calls = scenario.get("calls", [])
        events = [ToolEvent(f"c{i}", "t", {}, ToolStatus.OK, str(call["result"]))
                  for i, call in enumerate(calls)]  # type: ignore[arg-type]
        evidence = Evidence(events, "")
        stems = set(text_keywords(str(scenario.get("reply", ""))))
        for _, keys, _ in evidence.stated_numbers:
            for a in keys:
                stems |= {a, a + "s", a[:-1], a + "ing", *(a[:k] for k in range(1, len(a)))}
        for stem_ in stems:
            context = frozenset({stem_})
            relation = Relation(context)
            expected = {value for value, _, forms in evidence.stated_numbers
                        if relation.related_forms(forms)}
            compared += 1
            found += bool(expected)
            assert expected == evidence.specific_counts(context)
    assert found > 500


def _breakdown_total(node: Mapping[str, Any], names: Relation, value: int, depth: int) -> bool:
    """The search of a breakdown whose total is ``value``, object by object, as it was."""
    if depth > 4:
        return False
    for key, child in list(node.items())[:100]:
        if not isinstance(child, Mapping):
            continue
        figures = [v for v in child.values()
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if len(figures) >= 2 and len(figures) == len(child) and sum(figures) == value \
                and names(text_keywords(str(key))):
            return True
        if _breakdown_total(child, names, value, depth + 1):
            return True
    return False


def test_breakdowns_read_once_find_what_the_search_per_count_found() -> None:
    """A count names a breakdown with its total among those read once per result exactly
    when the search per count finds one: over every scenario JSON object result, each
    stem of its reply, and every total and small number."""
    found = 0
    deep = '{"a": {"b": {"c": {"d": {"e": {"f": {"x": 1, "y": 2}}}}}, "g": {"h": 1, "i": 2.5}}}'
    records = [deep, '{"visits": {"walk_in": 12, "booked": 30}, "no_shows": 4}',
               '{"shipments": {"ground": 18, "air": 7, "freight": 3}, "late": 5}',
               '{"adopciones": {"perros": 25, "gatos": 17}, "devoluciones": 3}',
               '{"orders": [{"id": "A-1"}], "sessions": {"web": 4, "app": 5, "tv": true}}']
    scenarios = [*_scenarios_of_the_sets(), *({
        "reply": "3 f, 3 x, 42 visits, 28 shipments, 42 adopciones, 9 sessions",
        "calls": [{"result": record}]} for record in records)]
    for scenario in scenarios:
        for call in scenario.get("calls", []):  # type: ignore[attr-defined]
            evidence = Evidence([ToolEvent("c", "t", {}, ToolStatus.OK,
                                           str(call["result"]))], "")
            data = evidence.ok[0].parsed_json
            if not isinstance(data, Mapping):
                continue
            values = {int(t) for t, _ in evidence.breakdowns} | set(range(12))
            for word in text_keywords(str(scenario.get("reply", ""))) | {"f", "g", "x"}:
                names = Relation({word})
                for value in values:
                    expected = _breakdown_total(data, names, value, 0)
                    found += expected
                    assert expected == any(total == value and names.related_forms(forms)
                                           for total, forms in evidence.breakdowns)
    assert found >= 4


def test_standalone_integers_found_from_the_first_digit_equal_the_plain_pattern() -> None:
    """The standalone-integer pattern, testing what precedes a number after its first
    digit, finds exactly the matches of the pattern that tests it first."""
    plain = re.compile(r"(?:(?<![\w:/.#@$€£\\-])|(?<=(?<!\w)[xX]))(?:\d{1,3}(?:,\d{3})+|\d+)"
                       r"(?![\w:/@-]|[.,]\d)")
    generated = ["FA x6, x12 and ax7", "1,234,56 12,345 1,2345", "#12 @3 $4 €5 £6 \\7 -8 /9",
                 "v2.3.0 10:16 3.5 7, 8. 9,", "٣ ²3 x٣ X1,000", "a1 _2 x_3 xx4 (5) [6]"]
    checked = 0
    for text in _texts_of_the_sets() + generated:
        expected = [m.span() for m in plain.finditer(text)]
        checked += len(expected)
        assert expected == [m.span() for m in facts_module.STANDALONE_INT_RE.finditer(text)]
    assert checked > 1000


def test_numbers_of_the_evidence_read_in_one_pass_equal_the_passes_they_replace() -> None:
    """The number pattern begun with a sign or a digit finds what HAYSTACK_NUMBER_RE
    finds; the successful results' integers read joined are those of each result; the
    haystack compacted by splitting equals it with every ``\\s`` run removed."""
    generated = ["-12 - 3 --4 -x 5,6.7 -.8 9..1 ,2 1,,2 ٣-٤ -٣", "a-1 b--2 3-4"]
    for text in _texts_of_the_sets() + generated:
        assert HAYSTACK_NUMBER_RE.findall(text) == number_index_module._NUMBER_RE.findall(text)
    joined: dict[str, object] = {"calls": [{"result": "x6 12"}, {"result": "3\x004 x5"},
                                           {"result": "1,200 and 7"}]}
    for scenario in [*_scenarios_of_the_sets(), joined]:
        events = [ToolEvent(f"c{i}", "t", {}, ToolStatus.OK, str(call["result"]))
                  for i, call in enumerate(scenario.get("calls", []))]  # type: ignore[arg-type]
        evidence = Evidence(events, "")
        assert frozenset().union(*(f.integers for f in evidence.ok)) == evidence.ok_integers
        assert re.sub(r"\s+", "", evidence.haystack_lower) == evidence.haystack_compact


def test_quantified_numbers_with_the_gate_equal_those_without() -> None:
    """The numbers after a subset quantifier are the same whether or not the sentence is
    first read for a number that no count claim holds, over every scenario reply and
    generated ones (a quantifier at a sentence's end, a count inside a word)."""
    generated = [("en", "3 are failing, the other 212 pass. Of them  7 are new."),
                 ("en", "5 tests: the remaining five pass, the rest\n 4 fail"),
                 ("en", "Two builds ran; the last\n\n3 was skipped. x3 files and the others 4."),
                 ("es", "Hay 5 pedidos: los restantes dos están pagados y otros 3 no."),
                 ("zh", "共 12 个文件，其中 3 个失败，其余 9 个通过。")]
    replies = [(str(s.get("language", "en")), str(s.get("reply", "")))
               for s in _scenarios_of_the_sets()] + generated
    compared = found = 0
    for code, reply in replies:
        pack = PACKS.get(code)
        if pack is None:
            continue
        claims = extract_claims(reply, pack)
        context = CheckContext(claims, Evidence([], ""), [], reply, pack)
        for claim in claims.counts:
            fast = counts_module._quantified_numbers(context, claim)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(counts_module, "_spaced_numbers", lambda *_: True)
                expected = counts_module._quantified_numbers(context, claim)
            compared += 1
            found += bool(expected)
            assert expected == fast
    assert compared > 200
    assert found >= 5
    # A number right after a claim that ends in white space is outside it; one that a
    # claim begins, or one inside a word, is none.
    words = PACKS["en"].count_rules.number_words  # type: ignore[union-attr]
    assert counts_module._spaced_numbers("the other  4 pass", (0, 17), [(0, 11)], words)
    assert not counts_module._spaced_numbers("the other 4 pass", (0, 16), [(10, 16)], words)
    assert not counts_module._spaced_numbers("the other x4 pass", (0, 17), [], words)


def test_object_rows_equal_the_first_row_of_a_results_table() -> None:
    """A result's own fields read from its parsed object are the first row its table
    gives; a result with no such row gives a first row of numbered columns only."""
    texts = [*(str(c["result"]) for s in _scenarios_of_the_sets()
               for c in s.get("calls", [])),  # type: ignore[attr-defined]
             '{"a": 1, "b": {"c_min": "2"}}', '{broken: 3}', '{"x": [1, 2]}', ' {"y": 5} ']
    checked = 0
    for text in texts:
        evidence = Evidence([ToolEvent("c", "t", {}, ToolStatus.OK, text)], "")
        row = evidence.object_rows[0]
        rows = table_rows(text) if text.lstrip().startswith("{") else []
        if row is None:
            assert all(key.isdigit() for first in rows[:1] for key in first.numbers)
        else:
            checked += 1
            assert (rows[0].numbers, rows[0].labels) == (row.numbers, row.labels)
    assert checked > 50


def test_timed_keys_read_from_the_parsed_object_equal_the_table_rows() -> None:
    """The keys of a unit of time read from a result's parsed object are those of its
    table's first row, and a result holding one whose word a name is may name it."""
    records = ['{"runtime_remaining_min": 18, "avg_wait_s": "4"}', '{"a": {"min": 3}}',
               '{"wait min": 7, "dur_hora": 2, "x_msec": 9, "hold_day": 1}', '{"b_s_": 2}',
               '{"d\\u00edas_min": 1}', '{"duración_horas": 3}', '[{"run_min": 1}]', '{x_min: 1}']
    texts = [*(str(c["result"]) for s in _scenarios_of_the_sets()
               for c in s.get("calls", [])), *records]  # type: ignore[attr-defined]
    found = 0
    for text in texts:
        evidence = Evidence([ToolEvent("c", "t", {}, ToolStatus.OK, text)], "")
        keys = timed_keys_module._timed_keys(evidence.ok)
        rows = table_rows(text) if text.lstrip().startswith("{") else []
        expected = []
        for key, _ in list(rows[0].numbers.items())[:64] if rows else []:
            parts = [p for p in re.split(r"[._\s-]+", key.lower()) if p]
            if len(parts) > 1 and seconds_in(parts[-1]) is not None and any(
                    len(p) >= 4 for p in parts[:-1]):
                expected.append(key)
        assert expected == [key for _, _, _, key in keys]
        for words, _, facts, _ in keys:
            found += 1
            assert all(timed_keys_module.may_name(facts, {w[:4]}) for w in words)
    assert found >= 6


def test_a_results_rows_are_read_once_and_equal_a_fresh_reading() -> None:
    """EventFacts.rows is table_rows of the result, parsed on the first read only."""
    result = "batch_id,qty\nB-7-01,4\nB-7-02,9\nB-7-03,4\n"
    facts = EventFacts(ToolEvent(call_id="c1", tool="db_query", args={}, status=ToolStatus.OK,
                                 result=result))
    fresh = table_rows(result)
    rows = facts.rows
    expected = [(r.structured, r.labels, r.numbers) for r in fresh]
    assert expected == [(r.structured, r.labels, r.numbers) for r in rows]
    assert rows is facts.rows


def test_every_result_whose_key_column_a_noun_names_holds_one_of_its_probes() -> None:
    """A result whose first column (a header or a JSON key) is related to a counted noun's
    stem is among the results holding that stem's probes, so names_the_key_column reads
    only those: over every scenario result with a key column, and stems made from its name
    (plural, singular, prefixes, an inflection) and generated tables."""
    generated = [{"calls": [{"result": r}]} for r in (
        "batch_id,qty\nB-1,4\nB-2,9\nB-3,4", "Failed Job;n\nJ-1;2\nJ-2;3\nJ-3;1",
        '[{"ticketNo": "T-1"}, {"ticketNo": "T-2"}, {"ticketNo": "T-3"}]',
        "lote,cant\nL-1,2\nL-2,3\nL-3,5", "批次,数量\nP-1,2\nP-2,3\nP-3,4")]
    checked = 0
    for scenario in _scenarios_of_the_sets() + generated:
        calls = scenario.get("calls", [])
        events = [ToolEvent(f"c{i}", "t", {}, ToolStatus.OK, str(call["result"]))
                  for i, call in enumerate(calls)]  # type: ignore[arg-type]
        evidence = Evidence(events, "")
        for facts in evidence.ok:
            if len(facts.rows) <= count_keys._MIN_ROWS:
                continue
            key = count_keys._key_column(facts.rows)
            if key is None:
                continue
            for a in text_keywords(key[0]):
                stems = {a, a + "s", a[:-1], a + "ing", a + "ed",
                         *(a[:k] for k in range(2, len(a)))}
                for stem_ in stems:
                    if Relation({stem_})(text_keywords(key[0])):
                        checked += 1
                        assert facts in evidence.holding(index_module.relation_probes({stem_}))
    assert checked > 50


@pytest.mark.parametrize("code", ["en", "es"])
def test_entity_cues_asking_for_the_capital_first_find_what_they_found(code: str) -> None:
    """The name cues with the capital asked for before the excluded day and month names
    find the same names, at the same places, as without: over every scenario reply and
    sentences of our own (names, weekdays, lower-case words, accented capitals)."""
    pack = PACKS[code]
    assert pack.entity_cue is not None
    guard = "(?=[A-Z])" if code == "en" else "(?=[A-ZÁÉÍÓÚÑ])"
    assert pack.entity_cue.pattern.count(guard) == 2
    unguarded = re.compile(pack.entity_cue.pattern.replace(guard, ""), pack.entity_cue.flags)
    texts = [str(s.get("reply", "")) for s in _scenarios_of_the_sets()] + [
        "Approved by Dana Whit on Monday; Monday sent nothing, Ana sent 3 files.",
        "from Sunday through march, by Ravi-Kumar. Álvaro envió el informe por Íñigo.",
        "Enviado por Lunes Martínez; Enero pagó, por Ana María de parte de Noé.",
        "The PR was merged by Lena Ortiz. Priya Shah opened two tickets; John Smith paid.",
        "Aprobado por Luis Gómez. Sofía pagó la factura y Marta escribió al cliente.",
    ]
    found = 0
    for text in texts:
        expected = [(m.span(), m.groupdict()) for m in unguarded.finditer(text)]
        found += len(expected)
        assert expected == [(m.span(), m.groupdict()) for m in pack.entity_cue.finditer(text)]
    assert found >= 6


def test_only_two_lowered_characters_match_an_ascii_letter_when_case_is_ignored() -> None:
    """Over every code point lower-cased, the characters that [a-z] matches when case is
    ignored are a-z, the dotless i and the long s (CASE_FOLDS_TO_ASCII)."""
    lowered: set[str] = set()
    for code in range(0x110000):
        if not 0xD800 <= code <= 0xDFFF:
            lowered.update(chr(code).lower())
    others = "".join(sorted(c for c in lowered if not c.isascii()))
    assert sorted(CASE_FOLDS_TO_ASCII) == sorted(re.findall("[a-z]", others, re.IGNORECASE))


@pytest.mark.parametrize("code", ["en", "es"])
def test_the_quick_universal_scan_finds_every_quantifier_first(code: str) -> None:
    """In every scenario reply lower-cased (and sentences of our own), the case-sensitive
    stand-in matches at or before the first quantifier, and where it finds nothing there
    is none; a lowered text with a long s is left to the pattern itself."""
    pack = PACKS[code]
    assert pack.universal is not None and pack.universal_scan is not None
    texts = [str(s.get("reply", "")).lower() for s in _scenarios_of_the_sets()] + [
        "every bay is occupied; all rooms; each one.", "everything, overall, callback.",
        "todas las plazas y cada sala", "todos_los: cada2", "EVERY BAY".lower()]
    quantified = 0
    for text in texts:
        expected = pack.universal.search(text)
        found = pack.universal_scan.search(text)
        if expected is not None:
            quantified += 1
            assert found is not None and found.start() <= expected.start()
    assert quantified >= 3
    assert pack.universal.search("todaſ las plazas") is not None or code == "en"
    assert lowered_scan(re.compile("Every", re.IGNORECASE)) is None
    assert lowered_scan(re.compile(r"\x61ll", re.IGNORECASE)) is None
