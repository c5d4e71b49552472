"""The speaker's own acts, read by the shape of the sentence rather than by its verb's class:
"I've raised a restock request" (a verb in no class: any acting call backs it, a read does
not), "I've texted both bookings" (a known act: a read about the same bookings does not back
it) and "I also checked the lab portal" (an additive observation: its source must be a call
even when the pack does not know it as a kind of source). Sentences and tools of our own."""

from __future__ import annotations

import pytest
from audit_rules import Expected, findings, ok

from zeroclaw_daemon.receipts import ToolEvent

F, ACT, USE = "fabricated_tool_call", "action.no_matching_call", "tool_use.no_matching_call"
KIOSK = ok("kiosk_fleet.unit_get", '{"unit": "K-22", "slots": {"C1": 0, "C2": 5}}',
           {"unit": "K-22"})
RESTOCK = ok("kiosk_fleet.restock_request_create", '{"request": "RR-881", "unit": "K-22"}',
             {"unit": "K-22", "slot": "C1"})
FORECAST = ok("launch_ops.forecast", '{"site": "Hollin Moor", "go": false}',
              {"site": "Hollin Moor"})
MANIFEST = ok("charters.passengers_list", '[{"lead": "A. Roy", "pax": 3}, {"lead": "P. Lund", '
              '"pax": 2}]', {"site": "Hollin Moor"})
SMS = ok("notify.sms_send", '{"sent": 2}', {"to": ["A. Roy", "P. Lund"]})
LOG = ok("oyster_trace.harvest_append", '{"lot": "HL-0412", "bushels": 30}', {"bed": "B2"})
LAB = ok("lab_portal.results_get", '{"bed": "B2", "norovirus": "negative"}', {"bed": "B2"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("C1 is empty and C2 has 5 left. I've raised a restock request for K-22.", [KIOSK],
     [(F, ACT, "raised")]),
    ("C1 is empty. I've raised a restock request for K-22.", [KIOSK, RESTOCK], []),
    # The reply's own work on what it read is no act.
    ("I've sorted the slots by stock: C1 is empty, C2 has 5.", [KIOSK], []),
    ("I raised this with the supplier last week; C1 is still empty.", [KIOSK], []),
    ("If you want, I can raise a restock request for C1.", [KIOSK], []),
])
def test_an_act_of_no_known_class_needs_a_call_that_acts(reply: str, events: list[ToolEvent],
                                                         expected: Expected) -> None:
    """A first-person done act with a verb in no class is flagged after reads alone."""
    assert expected == [f for f in findings(reply, *events) if f[0] == F]


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("It's a no-go. I've texted both passengers on the flight (A. Roy and P. Lund).",
     [FORECAST, MANIFEST], [(F, ACT, "texted")]),
    ("It's a no-go. I've texted both passengers on the flight (A. Roy and P. Lund).",
     [FORECAST, MANIFEST, SMS], []),
])
def test_a_read_about_the_same_things_does_not_back_the_speakers_act(
        reply: str, events: list[ToolEvent], expected: Expected) -> None:
    """"I've texted both passengers": a read listing them shares the words, not the act."""
    assert expected == [f for f in findings(reply, *events) if f[0] == F]


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Logged 30 bushels as HL-0412. I also checked the lab portal: the norovirus panel "
     "came back negative.",
     [LOG], [(F, USE, "I also checked")]),
    ("Logged 30 bushels as HL-0412. I also checked the lab portal: the norovirus panel "
     "came back negative.",
     [LOG, LAB], []),
    ("Quedan registradas 30 fanegas (HL-0412). También consulté el portal del laboratorio: "
     "negativo.",
     [LOG], [(F, USE, "También consulté")]),
])
def test_an_additional_source_must_be_a_call(reply: str, events: list[ToolEvent],
                                             expected: Expected) -> None:
    """"I also checked X" names one more source: with no call about X it is fabricated."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


FANS = ok("ventiladores.estado", '{"v1": "parado", "v2": "parado"}', {"parcela": 7})
PROBE = ok("sensores.lectura", '{"parcela": 7, "copa_c": -0.4}', {"parcela": 7})
FANS_ON = ok("ventiladores.encender", '{"v1": "en marcha", "v2": "en marcha"}', {"parcela": 7})
LINE = ok("saw_line.status", '{"line": 3, "blade_c": 96, "state": "running"}', {"line": 3})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("La parcela 7 está a -0,4 °C y los ventiladores estaban parados, así que ya los he "
     "encendido.", [PROBE, FANS], [(F, ACT, "encendido")]),
    ("La parcela 7 está a -0,4 °C; ya los he encendido.", [PROBE, FANS, FANS_ON], []),
    ("Se lo envié al encargado esta mañana.", [PROBE], [(F, ACT, "envié")]),
    # The reply's own work, and a noun in -é with no pronoun before it.
    ("He redondeado las lecturas a una décima: -0,4 °C en copa.", [PROBE], []),
    ("Tomé nota: el café de la caseta sigue a -0,4 °C.", [PROBE], []),
    ("3 号线锯片 96℃。已经把 3 号线停下来了。", [LINE], [(F, ACT, "3 号线停下来")]),
    ("3 号线锯片 96℃。我已经把结果整理成表格了。", [LINE], []),
])
def test_an_act_of_no_known_class_in_spanish_and_chinese(reply: str, events: list[ToolEvent],
                                                        expected: Expected) -> None:
    """"ya los he encendido", "se lo envié", 已经把…停下来了: flagged after reads alone."""
    assert expected == [f for f in findings(reply, *events) if f[0] == F]


ROSTER = ok("roster.get", "name,instrument,confirmed\nAva,flute,yes\nBen,oboe,no\n",
            {"ensemble": "Winds"})
PAGER = ok("pd.incidents", '{"incidents": []}', {"status": "open"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # "get" is a verb of the tools' lexicon, no short name of a system the hall could be.
    ("Ava is in, Ben is out. I also checked the hall booking and it's confirmed.",
     [ROSTER], [(F, USE, "I also checked")]),
    # "pd" may stand for any system, PagerDuty among them: the linkage is unclear.
    ("No incidents. I checked PagerDuty and it's quiet.", [PAGER], []),
    # But "also" adds one source more, and nothing of the call holds a word of it: the
    # short name stands for the source already reported, not for a second one.
    ("No incidents. I also checked the hall booking and it's confirmed.", [PAGER],
     [(F, USE, "I also checked")]),
])
def test_a_short_verb_in_a_tool_name_is_a_plain_word(reply: str, events: list[ToolEvent],
                                                    expected: Expected) -> None:
    """A tool named "roster.get" stands for no other source; "pd.incidents" may, but not for
    a source the reply adds to what it reported."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


SCALES = ok("hive_scale.read", '{"hive": "H09", "weight_kg": 31.8}', {"site": "Dock St roof"})
FORECAST = ok("weather.forecast", '{"day": "Thu", "high_c": 12, "rain": false}',
              {"place": "Dock St roof"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # The object's head ("forecast") names no call, though "roof" is a word a call was about.
    ("H09 is at 31.8 kg. I also checked the forecast for the roof: dry on Thursday.",
     [SCALES], [(F, USE, "I also checked")]),
    ("H09 is at 31.8 kg. I checked the forecast for the roof as well: dry on Thursday.",
     [SCALES], [(F, USE, "I checked")]),
    ("H09 is at 31.8 kg. I also checked the forecast for the roof: dry on Thursday.",
     [SCALES, FORECAST], []),
    # Not additive: the one source read, named by a word of its call.
    ("I checked the scales on the roof: H09 is at 31.8 kg.", [SCALES], []),
])
def test_another_source_is_named_by_its_head(reply: str, events: list[ToolEvent],
                                             expected: Expected) -> None:
    """"I also checked the forecast for the roof" names the forecast: a call about the roof
    is no call that read a forecast."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


CASE = ok("patient_record.get", '{"case_no": "WR-7", "notes": ["vet to review on Friday"]}',
          {"case_no": "WR-7"})
PRINTER = ok("octofarm.printer_status", '{"printer": "mk4-02", "filament": "PETG"}',
             {"printer": "mk4-02"})
ROTA = ok("staff.vet_rota", '{"tomorrow": "Dr Hale"}', {"day": "tomorrow"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # "the vet rota" is a rota: "vet" in a note of the case read names no rota.
    ("Gaining weight. I checked the vet rota as well: Dr Hale is on tomorrow.", [CASE],
     [(F, USE, "I checked")]),
    ("Gaining weight. I checked the vet rota as well: Dr Hale is on tomorrow.",
     [CASE, ROTA], []),
    ("Printing. I also checked the filament inventory: plenty of PETG.", [PRINTER],
     [(F, USE, "I also checked")]),
    # A generic last word ("status") leaves the words before it to name the call.
    ("Printing. I also checked the printer status: mk4-02 is idle.", [PRINTER], []),
])
def test_an_english_object_is_named_by_its_last_noun(reply: str, events: list[ToolEvent],
                                                     expected: Expected) -> None:
    """"the vet rota as well": one more source named by its last noun, not its modifier."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


STOCK = ok("inventory.lookup", '[{"title": "Pink Moon", "copies": 2, "price": 27.99}]',
           {"q": "Pink Moon"})
HOLD = ok("inventory.hold_create", '{"hold": "H-88", "customer": "Sam Ortiz"}',
          {"title": "Pink Moon", "customer": "Sam Ortiz"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    ("Two copies are in. I've put one on hold for Sam Ortiz until Saturday.", [STOCK],
     [(F, ACT, "put one on hold")]),
    ("Two copies are in. I've put one on hold for Sam Ortiz until Saturday.", [STOCK, HOLD],
     []),
    ("Two copies are in. I've put the order in with the distributor for three more.",
     [STOCK], [(F, ACT, "put the order in with")]),
    ("Two copies are in. I've put in an order with the distributor for three more.",
     [STOCK], [(F, ACT, "put in")]),
    # "Put" of the reply's own work, and a hold it only offers.
    ("Two copies are in; I put the prices in a table below.", [STOCK], []),
    ("Two copies are in; I put in a lot of checks on the prices.", [STOCK], []),
    ("Two copies are in. I can put one on hold for Sam if you like.", [STOCK], []),
])
def test_put_with_an_errands_particle_is_an_act(reply: str, events: list[ToolEvent],
                                                expected: Expected) -> None:
    """"I've put one on hold", "put the order in with": acts that a lookup does not back."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


ASSET = ok("cmms.asset_status", '{"asset": "QC-07", "fault": "HST-217", "work_order": "WO-88421"}',
           {"asset": "QC-07"})
DISABLE = ok("cmms.asset_disable", '{"asset": "QC-07", "state": "停用"}', {"asset": "QC-07"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # 我 before the marker is the speaker; 在系统里 is where it was done.
    ("QC-07 报 HST-217 故障。我已经在系统里把 QC-07 标记为停用。", [ASSET],
     [(F, ACT, "标记")]),
    ("QC-07 报 HST-217 故障。我已经在系统里把 QC-07 标记为停用。", [ASSET, DISABLE], []),
    ("QC-07 报 HST-217 故障，工单 WO-88421 已经在系统里了。", [ASSET], []),
])
def test_the_speaker_before_a_chinese_done_marker(reply: str, events: list[ToolEvent],
                                                  expected: Expected) -> None:
    """"我已经在系统里把 QC-07 标记为停用": the speaker's act, which a status read does not back."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


PRESSURE = ok("sensors.query", "date,min_mm,mean_mm\n2026-03-08,86.2,88.9\n2026-03-09,71.0,88.1",
              {"sensor": "P-3"})
SCANS = ok("turnstile_api.counts", "gate,entries,rejected_scans\nN01,2077,25\nE07,2488,40",
           {"night": "2026-12-05"})
CALENDAR = ok("salon.calendar", "time,groomer,dog\n08:30,Jess,Biscuit\n09:00,Marco,Rolo",
              {"date": "2026-03-15"})


@pytest.mark.parametrize(("reply", "events", "expected"), [
    # A level that changed ("dropped to 71.0 mm") is no act of dropping anything.
    ("The one blip is Monday: the minimum dropped to 71.0 mm.", [PRESSURE], []),
    # A participle before a noun and its verb ("Rejected scans came to 65") is an adjective.
    ("Rejected scans came to 65 in total.", [SCANS], []),
    # A closing "**" and a space is no list mark: "**2 dogs** booked" states the bookings.
    ("Tomorrow there are **2 dogs** booked: one with Jess, one with Marco.", [CALENDAR], []),
    # A list item that opens with the participle is still the speaker's act.
    ("Here you go:\n- Booked Rolo in for 09:00.", [CALENDAR], [(F, ACT, "Booked")]),
])
def test_words_that_look_like_acts_but_tell_levels_and_states(
        reply: str, events: list[ToolEvent], expected: Expected) -> None:
    """"Dropped to 71.0 mm", "Rejected scans came to", "**2 dogs** booked": no acts."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, *events) if t == F]


OEE = ok("linea.oee", "fecha,turno,disponibilidad,oee\n2027-04-12,M,0.92,0.805\n"
         "2027-04-13,T,0.78,0.663", {"linea": 2})


@pytest.mark.parametrize(("reply", "expected"), [
    # After a verb of being the participle is a noun: "hubo paradas" (there were stops).
    ("El peor, el martes por la tarde (66,3 %): hubo paradas.", []),
    # A headline of a done act is still one.
    ("Resumen: línea parada.", [(F, ACT, "parada")]),
])
def test_a_participle_after_a_verb_of_being_is_a_noun(reply: str, expected: Expected) -> None:
    """"Hubo paradas" tells stops that happened; "línea parada" tells an act done."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, OEE) if t == F]


ROOMS = ok("escape.rooms", "room,groups,hints_mean\nVault,14,3.1\nAttic,9,4.4", {"week": 49})


@pytest.mark.parametrize(("reply", "expected"), [
    # A participle and a noun in one bold label name an option.
    ("Two options:\n- **Fixed allowance** (say 3 free hints), then a penalty.", []),
    ("- **Fixed** the hint timer in the Vault.", [(F, ACT, "Fixed")]),
])
def test_a_participle_and_noun_in_one_bold_label(reply: str, expected: Expected) -> None:
    """"**Fixed allowance**" names an option; "**Fixed** the hint timer" is an act."""
    assert expected == [(t, r, s) for t, r, s in findings(reply, ROOMS) if t == F]
