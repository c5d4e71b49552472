"""What an absence binds to beyond its head noun's words (sentences of our own, other
domains and tools): a log line's severity tag (WARN, ERROR, level=warning) is an item of
that kind, so "no warnings" over a WARN line is a false absence in en, es and zh; a noun
modified by a word of failure ("no failed syncs", "ninguna lectura fallida", 没有失败的同步)
denies failures, confirmed by an empty record of failures while the head noun's items
exist; (type, rule, span) of each finding."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

A, HAS_ITEMS = "false_absence", "absence.result_has_items"

SPOOL = ok("printer_spool_log", "09:00:01 INFO queue opened\n09:12:44 [WARN] toner low on "
           "P-3\n09:30:10 INFO job 88 printed", {"printer": "P-3"})
SPOOL_QUIET = ok("printer_spool_log", "09:00:01 INFO queue opened\n09:30:10 INFO job 88 "
                 "printed\nWARNINGS: 0", {"printer": "P-3"})
SPOOL_LEVELS_WORDS = ok("printer_spool_log", "09:00:01 INFO queue opened\n09:30:10 INFO "
                        "warn threshold set to 80 percent", {"printer": "P-3"})
PROBES = ok("cold_room_probes", json.dumps(
    {"lecturas": [{"sonda": "T1", "c": 4.1}, {"sonda": "T2", "c": 3.9}], "errores": []},
    ensure_ascii=False), {"sala": "C2"})
SYNCS = ok("calendar_sync_runs", json.dumps(
    {"syncs": [{"id": "s1", "ms": 410}, {"id": "s2", "ms": 388}], "failures": 0}))
SYNCS_ZH = ok("calendar_sync_runs", json.dumps(
    {"同步": [{"id": "s1"}, {"id": "s2"}], "errors": []}, ensure_ascii=False))
SYNCS_ONE_FAILED = ok("calendar_sync_runs", json.dumps(
    {"syncs": [{"id": "s1", "status": "failed"}, {"id": "s2", "status": "done"}],
     "errors": []}))
SYNCS_FAILURES = ok("calendar_sync_runs", json.dumps(
    {"syncs": [{"id": "s1"}, {"id": "s2"}], "failures": [{"id": "s3", "why": "401"}]}))

# (language, reply, events, expected false absences as (type, rule, span text))
CASES: list[tuple[str, str, list[ToolEvent], Expected]] = [
    # A severity tag is an item of its kind, in each covered language.
    ("en", "No warnings in the spool log today.", [SPOOL], [(A, HAS_ITEMS, "No warnings")]),
    ("zh", "打印日志里没有任何告警。", [SPOOL], [(A, HAS_ITEMS, "没有任何告警")]),
    ("zh", "备份日志里没有警告。", [SPOOL], [(A, HAS_ITEMS, "没有警告")]),
    ("es", "No hay advertencias en el registro de la impresora.", [SPOOL],
     [(A, HAS_ITEMS, "No hay advertencias")]),
    ("es", "El registro no tiene ningún aviso.", [SPOOL],
     [(A, HAS_ITEMS, "no tiene ningún aviso")]),
    # Precision: a count of zero, or the word written in lower case in a message, is no tag.
    ("en", "No warnings in the spool log today.", [SPOOL_QUIET], []),
    ("zh", "打印日志里没有任何告警。", [SPOOL_QUIET], []),
    ("en", "No warnings in the spool log today.", [SPOOL_LEVELS_WORDS], []),
    # A modifier of failure binds the absence to the record of failures.
    ("en", "No failed syncs overnight.", [SYNCS], []),
    ("zh", "昨晚没有失败的同步。", [SYNCS_ZH], []),
    ("es", "Ninguna lectura fallida: T1 marcó 4,1 °C.", [PROBES], []),
    # ... which a failed status, or failures listed, still contradict.
    ("en", "No failed syncs overnight.", [SYNCS_ONE_FAILED],
     [(A, HAS_ITEMS, "No failed syncs")]),
    ("en", "No failed syncs overnight.", [SYNCS_FAILURES], [(A, HAS_ITEMS, "No failed syncs")]),
    # Without the modifier, the head noun's items still contradict the absence.
    ("es", "Ninguna lectura en la sala de frío.", [PROBES],
     [(A, HAS_ITEMS, "Ninguna lectura")]),
]


@pytest.mark.parametrize(("language", "reply", "events", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_absence_binding(language: str, reply: str, events: list[ToolEvent],
                         expected: Expected) -> None:
    """Each reply gets exactly the false absences of its row, with their spans."""
    assert expected == of_type(A, reply, *events)
