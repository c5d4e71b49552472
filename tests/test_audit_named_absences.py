"""Absences of what the call was asked about, and absences told by a verb of recording
(sentences of our own, other domains and tools): a thing denied a place in a container
("the address isn't on the list") is contradicted only by a result item holding the call
argument it names, by key or by value; a quoted term the result holds as an item
contradicts any absence of it; "hasn't logged any", "no consta", "no ha dado ningún",
一条…都没有; (type, rule, span) of each finding."""

from __future__ import annotations

import json

import pytest
from audit_rules import Expected, of_type, ok

from zeroclaw_daemon.receipts import ToolEvent

A = "false_absence"
HOLDS_ARG, HAS_ITEMS = "absence.result_holds_the_argument", "absence.result_has_items"

ADMINS = ok("directory_group_members", "member,added\nj.ortiz,2025-02-01\nrngo,2026-06-30\n"
            "k.bauer,2024-11-12", {"group": "admins", "user": "rngo"})
BOUNCES = ok("mailer_bounce_list", "bounced,reason\nold@example.org,550\nx@example.net,552",
             {"address": "dana@example.com"})
ECHO_ONLY = ok("glossary_lookup", "query: flux capacitor\n(0 entries)",
               {"term": "flux capacitor"})
NAMES = ok("crm_contacts_search", "Kimberly Lee, Lisbon\nKimiko Sato, Osaka",
           {"name": "Kim"})
PARTS = ok("parts_catalogue_search", "SKU     name             stock\nFV-210  flux valve       14\n"
           "FV-211  flux valve seal  3", {"part": "flux valve"})
FAULTS = ok("scanner_fault_log", "2026-12-01 fault F12 belt slip\n2026-12-02 fault F07 lamp "
            "low\n2026-12-03 故障 F12 皮带打滑", {"device": "SC-4", "level": "fault"})
FAULTS_ES = ok("escaner_registro", "2026-12-01 avería F12 banda\n2026-12-02 fallo F07 lámpara",
               {"equipo": "SC-4"})
TERMS_ZH = ok("glossary_search", json.dumps([
    {"term": "熔断器", "translation": "fuse", "status": "approved"},
    {"term": "熔断器座", "translation": "fuse holder", "status": "draft"}],
    ensure_ascii=False), {"term": "熔断器"})
TERMS_ZH_LONGER = ok("glossary_search", json.dumps([
    {"term": "熔断器座", "translation": "fuse holder", "status": "draft"}],
    ensure_ascii=False), {"term": "熔断器"})
SEGMENTS_ES = ok("memoria_concordancia", "1  src: Tighten the hose clamp.\n"
                 "2  src: Replace the hose clamp if worn.", {"termino": "hose clamp"})
INCIDENTS_ES = ok("planta_incidencias", "2026-12-02 incidencia: válvula V3 atascada\n"
                  "2026-12-03 incidencia: sensor T7 sin lectura", {"linea": "L2"})

# (language, reply, events, expected false absences as (type, rule, span text))
CASES: list[tuple[str, str, list[ToolEvent], Expected]] = [
    # en: the argument named by its key; by its value.
    ("en", "No, that user isn't in the admins group, so they can't approve it.", [ADMINS],
     [(A, HOLDS_ARG, "that user isn't in")]),
    ("en", "The account rngo is not among the group's members.", [ADMINS],
     [(A, HOLDS_ARG, "The account rngo is not among")]),
    # en precision: the value is not in any item; only the query's echo; a longer name.
    ("en", "The address isn't on the bounce list, so mail should reach her.", [BOUNCES], []),
    ("en", "The term isn't in the glossary yet.", [ECHO_ONLY], []),
    ("en", "That name isn't in the contacts.", [NAMES], []),
    # en: other wordings of the place denied: a quoted or bare name, "doesn't appear in",
    # "hasn't been added to", "couldn't find <it> in"; a pronoun names no argument.
    ("en", "'Flux valve' isn't in the parts catalogue.", [PARTS], [(A, HOLDS_ARG, "isn't in")]),
    ("en", "No, flux valve doesn't appear in the catalogue.", [PARTS],
     [(A, HOLDS_ARG, "flux valve doesn't appear in")]),
    ("en", "I couldn't find that user in the admins group.", [ADMINS],
     [(A, HOLDS_ARG, "couldn't find that user in")]),
    ("en", "That user hasn't been added to the group yet.", [ADMINS],
     [(A, HOLDS_ARG, "That user hasn't been added to")]),
    ("en", "It isn't in the admins group.", [ADMINS], []),
    # en precision: the argument named as the container ("in 4.2.0"), not the thing denied.
    ("en", "The cache fix isn't in the 4.2.0 release.",
     [ok("release_notes_get", "Release 4.2.0\n- fix: login timeout\n- fix: 4.2.0 installer",
         {"version": "4.2.0"})], []),
    # en, es, zh: a record denied by a verb of recording, in the perfect or "constar"; "not a
    # single <noun>" with the noun inside.
    ("en", "The scanner hasn't logged any faults this week.", [FAULTS],
     [(A, HAS_ITEMS, "hasn't logged any faults")]),
    ("es", "No consta ninguna avería del escáner esta semana.", [FAULTS_ES],
     [(A, HAS_ITEMS, "No consta ninguna avería")]),
    ("es", "El escáner no ha dado ningún fallo esta semana.", [FAULTS_ES],
     [(A, HAS_ITEMS, "no ha dado ningún fallo")]),
    ("zh", "这周扫描仪一条故障都没有。", [FAULTS], [(A, HAS_ITEMS, "一条故障都没有")]),
    # en: "no <noun> with <identifier>": the identifier names the one thing denied; a
    # record of another identifier does not contradict it.
    ("en", "There's no bounce for x@example.net on the list.",
     [ok("mailer_bounce_list", "bounced,reason\nold@example.org,550\nx@example.net,552",
         {"address": "x@example.net"})], [(A, HOLDS_ARG, "no bounce for x@example.net")]),
    ("en", "There's no subscriber with dana@example.com on the bounce list.", [BOUNCES], []),
    ("en", "dana@example.com isn't on the bounce list.", [BOUNCES], []),
    ("en", "No, old@example.org isn't on the bounce list.",
     [ok("mailer_bounce_list", "bounced,reason\nold@example.org,550\nx@example.net,552",
         {"address": "old@example.org"})], [(A, HOLDS_ARG, "old@example.org isn't on")]),
    # zh: 查不到, 不在…里, 还没收录, with the term quoted or followed by a demonstrative.
    ("zh", "词库里查不到“熔断器”。", [TERMS_ZH], [(A, HAS_ITEMS, "查不到“熔断器”")]),
    ("zh", "“熔断器”目前不在词库里。", [TERMS_ZH], [(A, HOLDS_ARG, "目前不在")]),
    ("zh", "熔断器这个词还没收录。", [TERMS_ZH], [(A, HOLDS_ARG, "还没收录")]),
    ("zh", "熔断器座这个词还没收录。", [TERMS_ZH_LONGER], []),
    # zh: a quoted term held whole by an item; only a longer term held.
    ("zh", "词库里没有“熔断器”这个词条。", [TERMS_ZH], [(A, HAS_ITEMS, "没有“熔断器”这个词条")]),
    ("zh", "词库里没有“熔断器”这个词条。", [TERMS_ZH_LONGER], []),
    # es: the place denied in the present; the perfect with negative concord.
    ("es", "El término todavía no está en la memoria de traducción.", [SEGMENTS_ES],
     [(A, HOLDS_ARG, "El término todavía no está en")]),
    ("es", "Esta semana la línea 2 no ha registrado ninguna incidencia.", [INCIDENTS_ES],
     [(A, HAS_ITEMS, "no ha registrado ninguna incidencia")]),
    ("es", "No se han encontrado incidencias en la línea 2.",
     [ok("planta_incidencias", "[]", {"linea": "L2"})], []),
]


@pytest.mark.parametrize(("language", "reply", "events", "expected"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_named_absences(language: str, reply: str, events: list[ToolEvent],
                        expected: Expected) -> None:
    """Each reply gets exactly the false absences of its row, with their spans."""
    assert expected == of_type(A, reply, *events)
